import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import {
  ArrowLeft,
  ArrowRight,
  Bot,
  ChevronRight,
  Database,
  FileBarChart,
  LineChart,
  Sparkles,
  Target,
} from 'lucide-react';
import { BROKER_FORMAT_TURNAROUND_HOURS } from '../../core/config/operator';
import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL, REPORT_FILTER_COUNT_LABEL, TRIAL_DAYS } from '../../core/config/plans';
import { PLACEHOLDER_FEATURES } from '../../core/site/feature-availability';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { Card, Container, SectionHeading } from '../components/ui/card';
import { ComingSoonBadge } from '../components/ui/coming-soon-badge';
import { usePublicConfig } from '../lib/public-config';

// ---------------------------------------------------------------------------------------------
// The five feature categories (seed §2, /features), named exactly as the seed names them.
// ---------------------------------------------------------------------------------------------

type FeatureCategory = {
  id: string;
  name: string;
  icon: typeof Database;
  summary: string;
  /** `feature`: the entry in core/site/feature-availability; a placeholder's card is marked coming soon. */
  features: { title: string; body: string; feature?: string }[];
};

const CATEGORIES: FeatureCategory[] = [
  {
    id: 'data-import',
    name: 'Data Import & Management',
    icon: Database,
    summary: 'Get every execution in, exactly once, from the files your broker already gives you.',
    features: [
      {
        title: `File import from ${BROKER_COUNT} brokers`,
        body: 'Export your trade history and upload it: the importer recognises these brokers’ layouts, fees, multipliers and partial fills.',
      },
      {
        title: 'Smart file import',
        body: 'CSV with any delimiter, Excel (.xlsx, .xls) and TSV. Column detection shows its confidence for every column, can ask a language model about unsure ones, and lets you correct any role.',
      },
      {
        title: 'Safe re-imports and undo',
        body: 'Duplicates are recognised and skipped; any import can be undone as one batch from the import history.',
      },
      {
        title: 'Manual entry',
        body: 'A quick form (entry, exit, size, times) or an execution grid for scale-ins and partial exits.',
      },
      {
        title: 'Unlimited custom tags',
        body: 'Coloured tags in groups such as setup or mistake, assigned one by one or in bulk, renamed or merged in Settings.',
      },
      {
        title: 'Provenance and reconciliation',
        body: 'Every fill keeps the file and row it came from; each day’s realised P&L can be checked against the broker’s own figures where the file carries them, with the reason for any difference named where it can be.',
      },
      {
        title: 'Your account’s currency',
        body: 'A trade in another currency than its account’s keeps its own P&L and also has it in the account’s currency, each fill at the file’s exchange rate or, without one, at your rate table’s (Settings → Exchange rates: a CSV upload, or a provider). The dashboard and analytics show one account in its currency and accounts in several in your base currency, each trade at the rate of the day it closed; a trade no rate converts is shown apart, per currency, never added in.',
      },
      {
        title: 'Broker connections',
        body: 'Coming: read-only connections that fetch new executions on their own. Until then, import a file.',
        feature: 'broker-sync',
      },
    ],
  },
  {
    id: 'analytics',
    name: 'Analytics & Performance',
    icon: LineChart,
    summary: 'The honest picture of your edge, with the sample size in view.',
    features: [
      {
        title: 'R-multiple analytics',
        body: 'Every trade in units of risk, the R distribution, and expectancy in both dollars and R.',
      },
      {
        title: 'Equity curve and drawdown',
        body: 'Your equity with the drawdown underneath, for one account or all of them, with a table of every trading day.',
      },
      {
        title: 'P&L calendar with journal notes',
        body: 'Daily net P&L coloured on a month grid, trade counts, weekly totals and a mark where you wrote a note.',
      },
      {
        title: 'Heatmaps and breakdowns',
        body: 'Time of day × weekday, and results by symbol, strategy, tag, side, asset class, weekday, hour, month, holding time and R.',
      },
      {
        title: `Monte Carlo (${MONTE_CARLO_RUNS_LABEL} runs) and risk metrics`,
        body: 'Equity fan, drawdown distribution and risk of ruin, plus Sharpe, Sortino, Calmar, VaR and CVaR, SQN and Kelly.',
      },
      {
        title: 'Numbers that say what they mean',
        body: 'Every breakdown shows how many trades each group holds, and every risk figure has a sentence explaining it.',
      },
    ],
  },
  {
    id: 'strategy',
    name: 'Strategy Development',
    icon: Target,
    summary: 'Plan the day, size the trade, and compare the strategies you trade.',
    features: [
      {
        title: 'Daily planning and review',
        body: 'A plan before the session and a review after it for every day, with your mood, searchable on the Journal page.',
      },
      {
        title: 'Position sizing calculator',
        body: 'Size from your account, risk per trade and stop distance, multipliers included.',
      },
      {
        title: 'Strategy results',
        body: 'Give each trade a strategy and compare strategies side by side in the Analytics breakdown.',
      },
      {
        title: 'Strategy playbook and rule tracking',
        body: 'Strategies with written rules, ticked on each trade from the keyboard, and each rule’s results when followed or broken, with 95 % intervals.',
        feature: 'playbook',
      },
      {
        title: 'Smart goals',
        body: 'Coming: goals on P&L, win rate or a daily loss limit that update from your imported trades.',
        feature: 'goals',
      },
    ],
  },
  {
    id: 'ai',
    name: 'AI-Powered Insights',
    icon: Bot,
    summary: 'Coming: questions about your trading in plain language, answered with numbers you can check.',
    features: [
      {
        title: 'AI chat assistant',
        body: 'Coming: questions such as “what is my win rate on Mondays?” answered with the figures the Analytics page computes.',
        feature: 'ai-assistant',
      },
      {
        title: 'Performance insights',
        body: 'Coming: your best and worst hours, weekdays and symbols, reported only when the sample supports it.',
        feature: 'ai-assistant',
      },
    ],
  },
  {
    id: 'reporting',
    name: 'Reporting & Export',
    icon: FileBarChart,
    summary: 'Filter every trade, break the result down, and take it with you.',
    features: [
      {
        title: 'Filters that stay in the link',
        body: 'Filter trades and analytics by dates, account, symbols, side, outcome, strategies and tags; the filter lives in the page address, so a bookmark reopens it.',
      },
      {
        title: 'CSV export',
        body: 'From the Trades page: the filtered trades as CSV, or their executions in the Edgebook format that imports back.',
      },
      {
        title: `Advanced reports with ${REPORT_FILTER_COUNT_LABEL} filters`,
        body: 'Coming: a report builder with saved reports and PDF export.',
        feature: 'advanced-reports',
      },
      {
        title: 'Performance sharing',
        body: 'Coming: a public link to a trade or report that can hide dollar amounts.',
        feature: 'sharing',
      },
    ],
  },
];

/** True when every card of the category is a feature not built yet. */
const isCategoryComing = (category: FeatureCategory) => category.features.every((f) => isPlaceholder(f.feature));

function isPlaceholder(feature: string | undefined): boolean {
  return PLACEHOLDER_FEATURES.some((f) => f.id === feature);
}

// ---------------------------------------------------------------------------------------------
// The walkthrough: real screenshots of the app with the built-in sample journal, taken by
// scripts/capture-feature-screenshots.ts into public/features/ (re-run it when a screen changes).
// ---------------------------------------------------------------------------------------------

type Screenshot = { src: string; width: number; height: number; alt: string };

const DESKTOP_SHOT = { width: 1280, height: 800 } as const;
const PHONE_SHOT = { width: 390, height: 844 } as const;

type WalkthroughStep = { id: string; title: string; caption: string; shots: Screenshot[] };

const desktop = (name: string, alt: string): Screenshot => ({ src: `/features/${name}.jpg`, ...DESKTOP_SHOT, alt });
const phone = (name: string, alt: string): Screenshot => ({ src: `/features/${name}.jpg`, ...PHONE_SHOT, alt });

const WALKTHROUGH_STEPS: WalkthroughStep[] = [
  {
    id: 'dashboard',
    title: 'See where you stand',
    caption:
      'The dashboard puts net P&L, win rate, profit factor, expectancy and drawdown on one screen, with the equity curve and your latest trades beside it.',
    shots: [
      desktop(
        'dashboard',
        'The dashboard: six headline figures such as net P&L and win rate, an equity curve rising from October to March, and a list of recent trades.',
      ),
    ],
  },
  {
    id: 'import',
    title: 'Import your trades',
    caption:
      'Drop in a broker export. The file’s date format, delimiter and time zone are read for you, and every column shows what it was taken for and how sure the detection is.',
    shots: [
      desktop(
        'import',
        'The import preview for a CSV file: the detected format, then each column with sample values, the role it was given (date, symbol, side, quantity, price, commission) and a confidence bar.',
      ),
    ],
  },
  {
    id: 'trades',
    title: 'Review every trade',
    caption:
      'Executions become round trips with net P&L and R. Filter by date, symbol, side, strategy or tag; the table stays fast with thousands of rows.',
    shots: [
      desktop(
        'trades',
        'The trades table with filters above it and one row per trade: symbol, close time, side, quantity, entry, exit, net P&L in green or red, and R-multiple.',
      ),
    ],
  },
  {
    id: 'trade-detail',
    title: 'Open a trade',
    caption:
      'Each trade opens to its executions, stop and target, strategy, tags, notes and chart screenshots, with the P&L and R worked out from the fills.',
    shots: [
      desktop(
        'trade-detail',
        'A trade window for a GOOGL long: gross and net P&L, +2.91R, three executions (one buy, two partial sells), the stop, the strategy and selected tags.',
      ),
    ],
  },
  {
    id: 'analytics',
    title: 'Read your analytics',
    caption:
      'Filter your closed trades, then break the results down by symbol, strategy, tag, side and more, with win rate, expectancy and average R for each group.',
    shots: [
      desktop(
        'analytics',
        'The analytics page: filters, six summary figures, and a breakdown table grouped by symbol with trades, win rate, net P&L, average R and profit factor per symbol.',
      ),
    ],
  },
  {
    id: 'heatmap',
    title: 'Find your best hours',
    caption:
      'A weekday × hour grid shows where you make and lose money, in your own time zone, next to the R-multiple distribution and your winning and losing streaks.',
    shots: [
      desktop(
        'analytics-heatmap',
        'A heatmap of net P&L by weekday and entry hour, green cells for profitable hours and red for losing ones, above the R-multiple distribution and streak statistics.',
      ),
    ],
  },
  {
    id: 'risk',
    title: 'Know your risk',
    caption:
      'Sharpe, Sortino and Calmar ratios, drawdown, value at risk and expected shortfall, SQN and Kelly — each with a sentence saying what the number means for you.',
    shots: [
      desktop(
        'analytics-risk',
        'The risk panel: cards for Sharpe, Sortino and Calmar ratios, maximum drawdown, and historical, Gaussian and modified value at risk, each with a plain-language explanation.',
      ),
    ],
  },
  {
    id: 'monte-carlo',
    title: 'Stress-test the future',
    caption:
      'Monte Carlo replays your own results thousands of times: the spread of outcomes, the drawdowns to expect and how often the account would hit your ruin level.',
    shots: [
      desktop(
        'analytics-monte-carlo',
        'Monte Carlo results: probability of ruin, median and 5th–95th percentile final equity, an equity fan chart widening over 500 trades, and histograms of drawdown and final equity.',
      ),
    ],
  },
  {
    id: 'position-size',
    title: 'Size the next trade',
    caption:
      'Enter the entry, stop and target; get the size that risks exactly what you chose, the reward-to-risk ratio and the position’s value.',
    shots: [
      desktop(
        'position-size',
        'The position size calculator: a $50,000 account risking 1%, entry 118.40 and stop 116.90, giving 333 shares, $499.50 at risk and a 3 to 1 reward-to-risk ratio.',
      ),
    ],
  },
  {
    id: 'settings',
    title: 'Make it yours',
    caption:
      'Set up your accounts with their currency, starting balance and time zone, and keep your tags tidy: rename, recolour, regroup or merge them.',
    shots: [
      desktop(
        'settings',
        'The settings page: the profile with a verified e-mail address, a brokerage account with its currency and starting balance, and the list of tags with how many trades use each.',
      ),
    ],
  },
  {
    id: 'phone',
    title: 'Check in from your phone',
    caption: 'The whole journal works on a phone: the same figures, a compact trade list and navigation at your thumb.',
    shots: [
      phone(
        'phone-dashboard',
        'The dashboard on a phone: headline figures in two columns above the equity curve, with a navigation bar at the bottom.',
      ),
      phone(
        'phone-trades',
        'The trades list on a phone: each trade on one line with its symbol, side, date, net P&L and R.',
      ),
    ],
  },
];

/** Only the first screenshot loads with the page; the rest wait until their step is shown. */
function StepShots({ step, isFirst }: { step: WalkthroughStep; isFirst: boolean }) {
  const isPhone = step.shots.every((s) => s.width < s.height);
  return (
    <div
      className={
        isPhone
          ? 'flex justify-center gap-4 rounded-2xl border border-line bg-elevated p-4 shadow-lg sm:gap-8 sm:p-6'
          : undefined
      }
    >
      {step.shots.map((shot, i) => (
        // The full-size picture is one tap away: on a phone the framed screenshot is small.
        <a
          key={shot.src}
          href={shot.src}
          target="_blank"
          rel="noopener"
          className={isPhone ? 'block w-[calc(50%-0.5rem)] max-w-[17rem]' : 'block'}
        >
          <img
            src={shot.src}
            width={shot.width}
            height={shot.height}
            alt={shot.alt}
            loading={isFirst && i === 0 ? 'eager' : 'lazy'}
            decoding="async"
            data-testid="feature-screenshot"
            className={
              isPhone
                ? 'h-auto w-full rounded-[1.25rem] border border-line shadow-md'
                : 'h-auto w-full rounded-2xl border border-line bg-bg shadow-lg'
            }
          />
        </a>
      ))}
    </div>
  );
}

function Walkthrough() {
  const [index, setIndex] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = WALKTHROUGH_STEPS.length;

  const select = (next: number, isFocusing = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (isFocusing) tabRefs.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
      <div
        role="tablist"
        aria-label="Walkthrough steps"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0"
      >
        {WALKTHROUGH_STEPS.map((s, i) => {
          const isActive = i === index;
          return (
            <button
              key={s.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`walkthrough-tab-${s.id}`}
              aria-selected={isActive}
              aria-controls={`walkthrough-panel-${s.id}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onKeyDown}
              className={`flex shrink-0 items-center gap-3 rounded-xl border px-3 py-2 text-left transition-colors ${isActive ? 'border-accent bg-elevated shadow-sm' : 'border-transparent hover:bg-elevated'}`}
            >
              <span
                className={`tabular inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${isActive ? 'bg-accent text-accent-fg' : 'bg-sunken text-muted'}`}
              >
                {i + 1}
              </span>
              <span className={`whitespace-nowrap text-sm font-semibold ${isActive ? 'text-fg' : 'text-muted'}`}>
                {s.title}
              </span>
              {isActive && <ChevronRight className="ml-auto hidden h-4 w-4 text-accent lg:block" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      <div>
        {WALKTHROUGH_STEPS.map((step, i) => (
          // Every panel is in the page (and in the prerendered HTML); hidden ones keep their
          // lazy screenshots from loading until they are shown.
          <div
            key={step.id}
            id={`walkthrough-panel-${step.id}`}
            role="tabpanel"
            aria-labelledby={`walkthrough-tab-${step.id}`}
            hidden={i !== index}
          >
            <figure>
              <StepShots step={step} isFirst={i === 0} />
              <figcaption className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <span>
                  <span className="block text-xs font-semibold uppercase tracking-wider text-accent">
                    Step {i + 1} of {count}
                  </span>
                  <span className="mt-1 block font-semibold text-fg">{step.title}</span>
                  <span className="mt-1 block text-sm text-muted">{step.caption}</span>
                </span>
                <span className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    onClick={() => select(index - 1)}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line bg-elevated text-fg hover:bg-sunken"
                    aria-label="Previous step"
                  >
                    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    onClick={() => select(index + 1)}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line bg-elevated text-fg hover:bg-sunken"
                    aria-label="Next step"
                  >
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </button>
                </span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
    </div>
  );
}

function WalkthroughVideo({ src }: { src: string }) {
  return (
    <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-line bg-ink shadow-lg">
      <div className="relative aspect-video w-full">
        <iframe
          title="Product walkthrough video"
          src={src}
          loading="lazy"
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </div>
  );
}

export default function FeaturesPage() {
  const { walkthroughVideoUrl, brand } = usePublicConfig();
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Features"
        title="Everything a serious trading journal should do"
        intro={`From the first import to the last chart, ${brand} turns your executions into exact numbers — and tells you what they mean. What is still being built is marked coming soon.`}
      >
        <nav aria-label="Feature categories" className="mt-8">
          <ul className="flex flex-wrap justify-center gap-2">
            {CATEGORIES.map((c) => (
              <li key={c.id}>
                <a
                  href={`#${c.id}`}
                  className="inline-flex items-center gap-2 rounded-full border border-line bg-elevated px-3.5 py-1.5 text-sm font-medium text-fg hover:border-accent hover:text-accent"
                >
                  <c.icon className="h-4 w-4 text-accent" aria-hidden="true" />
                  {c.name}
                  {isCategoryComing(c) && ' (coming soon)'}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <section aria-labelledby="walkthrough-heading" className="border-b border-line bg-sunken py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="walkthrough-heading"
            eyebrow="Walkthrough"
            title={`See ${brand} in action`}
            intro={
              walkthroughVideoUrl
                ? 'A short tour of the app, from import to analytics.'
                : `Screens from ${brand} itself, filled with the sample journal every new account can load with one click.`
            }
          />
          {walkthroughVideoUrl ? <WalkthroughVideo src={walkthroughVideoUrl} /> : <Walkthrough />}
        </Container>
      </section>

      {CATEGORIES.map((category, i) => (
        <section
          key={category.id}
          id={category.id}
          aria-labelledby={`${category.id}-heading`}
          className={`scroll-mt-20 py-16 sm:py-20 ${i % 2 === 1 ? 'border-y border-line bg-sunken' : ''}`}
        >
          <Container>
            <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
              <div className="lg:sticky lg:top-24 lg:self-start">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent text-accent-fg">
                  <category.icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <p className="mt-4 text-sm font-semibold uppercase tracking-wider text-accent">
                  {String(i + 1).padStart(2, '0')} / {String(CATEGORIES.length).padStart(2, '0')}
                </p>
                <h2 id={`${category.id}-heading`} className="mt-1 text-3xl font-bold tracking-tight text-fg">
                  {category.name}
                  {isCategoryComing(category) && <ComingSoonBadge />}
                </h2>
                <p className="mt-3 text-lg text-muted">{category.summary}</p>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2">
                {category.features.map((f) => (
                  <li key={f.title}>
                    <Card className="h-full">
                      <h3 className="flex items-start gap-2 font-bold text-fg">
                        <Sparkles className="mt-1 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                        <span>
                          {f.title}
                          {isPlaceholder(f.feature) && <ComingSoonBadge />}
                        </span>
                      </h3>
                      <p className="mt-2 text-sm text-muted">{f.body}</p>
                    </Card>
                  </li>
                ))}
              </ul>
            </div>
          </Container>
        </section>
      ))}

      <section aria-labelledby="features-cta" className="py-16 sm:py-20">
        <Container>
          <div className="relative overflow-hidden rounded-3xl border border-line bg-ink px-6 py-12 text-center text-white sm:px-12">
            <h2 id="features-cta" className="text-3xl font-bold tracking-tight">
              Try every feature free for {TRIAL_DAYS} days
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              Bring your own trades. Broker not listed? Send us a sample file and we add the format within{' '}
              {BROKER_FORMAT_TURNAROUND_HOURS} hours.
            </p>
            <div className="mt-7 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/signup" size="lg" variant="inverse">
                Start Free Trial
              </ButtonLink>
              <Link
                href="/pricing"
                className="inline-flex h-12 items-center justify-center rounded-lg border border-white/40 px-6 text-base font-semibold text-white hover:bg-white/10"
              >
                See pricing
              </Link>
            </div>
          </div>
        </Container>
      </section>
    </PublicLayout>
  );
}
