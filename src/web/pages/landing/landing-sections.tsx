import { Link } from 'wouter';
import {
  ArrowRight,
  BarChart3,
  BookOpen,
  Calculator,
  CalendarDays,
  CheckCircle2,
  Dices,
  FileSpreadsheet,
  Flame,
  Gauge,
  Grid3x3,
  ShieldCheck,
  Tags,
  TrendingDown,
  Upload,
} from 'lucide-react';
import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL, PLANS, TRIAL_DAYS } from '../../../core/config/plans';
import { BREAKDOWN_DIMENSIONS } from '../../../core/analytics';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, Container, SectionHeading } from '../../components/ui/card';

export function Hero({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--accent-soft),transparent)]"
      />
      <Container className="relative grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.05fr_1fr]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-line bg-elevated px-3 py-1 text-xs font-semibold text-muted">
            <ShieldCheck className="h-4 w-4 text-accent" aria-hidden="true" /> P&L exact to the cent, from your broker's
            own fills
          </p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-fg sm:text-6xl">
            Know your edge. <span className="text-accent">Prove it</span> with every trade.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted">
            Import your executions, and see the truth in R-multiples, drawdown, heatmaps, Monte Carlo and VaR — then
            plan and review every trading day in your journal.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={onStartTrial}>
              Start Free Trial <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Button>
            <ButtonLink href="/features" variant="secondary" size="lg">
              See all features
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-muted">
            {TRIAL_DAYS} days free, then ${PLANS.premium_monthly.price}/month. Cancel anytime.
          </p>
        </div>
        <HeroPanel />
      </Container>
    </section>
  );
}

/** An illustrative dashboard panel drawn in SVG: an equity curve with its drawdown underneath. */
function HeroPanel() {
  const equity = [0, 3, 2, 6, 5, 9, 8, 12, 10, 14, 13, 17, 16, 20, 22, 21, 25, 24, 28, 31];
  const max = Math.max(...equity);
  const pts = equity.map((v, i) => `${(i / (equity.length - 1)) * 100},${40 - (v / max) * 36}`).join(' ');
  let peak = 0;
  const dd = equity.map((v) => {
    peak = Math.max(peak, v);
    return peak - v;
  });
  const ddPts = dd.map((v, i) => `${(i / (dd.length - 1)) * 100},${v * 2.2}`).join(' ');
  return (
    <figure
      className="rounded-2xl border border-line bg-elevated p-5 shadow-xl"
      aria-label="Illustrative dashboard preview"
    >
      <div className="mb-4 flex items-center justify-between">
        <p className="text-sm font-semibold text-fg">Equity curve</p>
        <span className="rounded-full bg-sunken px-2 py-0.5 text-xs text-muted">Illustrative data</span>
      </div>
      <svg viewBox="0 0 100 42" className="h-40 w-full" preserveAspectRatio="none" aria-hidden="true">
        <polyline points={`0,42 ${pts} 100,42`} fill="var(--accent-soft)" stroke="none" />
        <polyline points={pts} fill="none" stroke="var(--accent)" strokeWidth="0.9" vectorEffect="non-scaling-stroke" />
      </svg>
      <svg viewBox="0 0 100 10" className="mt-1 h-10 w-full" preserveAspectRatio="none" aria-hidden="true">
        <polyline
          points={`0,0 ${ddPts} 100,0`}
          fill="color-mix(in srgb, var(--loss) 25%, transparent)"
          stroke="var(--loss)"
          strokeWidth="0.6"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="mt-1 text-xs text-muted">Drawdown</p>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Net P&L', '+$31,240', 'text-gain'],
          ['Win rate', '54.2%', 'text-fg'],
          ['Expectancy', '+0.38R', 'text-gain'],
          ['Max drawdown', '−$2,180', 'text-loss'],
        ].map(([label, value, tone]) => (
          <div key={label} className="rounded-xl bg-sunken p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={`tabular mt-1 text-base font-bold ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}

const FAILURES = [
  {
    icon: Flame,
    title: 'They trade on feel, not figures',
    text: 'Without a record, a lucky week feels like skill and a bad habit feels like bad luck. Most traders cannot say their own expectancy.',
  },
  {
    icon: TrendingDown,
    title: 'They never size risk in R',
    text: 'A 70% win rate still loses money when the losers are three times the winners. R-multiples make that visible before the account does.',
  },
  {
    icon: BookOpen,
    title: 'They break their own rules',
    text: 'The plan says wait for the setup; the trade says otherwise. Tag the trades that broke your plan, and see what they cost you.',
  },
];

export function WhyTradersFail() {
  return (
    <section aria-labelledby="why-fail" className="py-20">
      <Container>
        <SectionHeading
          id="why-fail"
          eyebrow="Why traders fail"
          title="It is rarely the strategy. It is what nobody measures."
        />
        <div className="grid gap-6 md:grid-cols-3">
          {FAILURES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <Icon className="h-8 w-8 text-loss" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold text-fg">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </Card>
          ))}
        </div>
      </Container>
    </section>
  );
}

const FEATURES = [
  {
    icon: Upload,
    title: 'Imports that just work',
    text: `${BROKER_COUNT} brokers, plus any CSV, Excel or TSV file with automatic column detection.`,
  },
  {
    icon: Gauge,
    title: 'R-multiple analytics',
    text: 'Every trade in units of risk: expectancy, SQN and the distribution of your R.',
  },
  {
    icon: BarChart3,
    title: 'Equity curve & drawdown',
    text: 'Cumulative P&L with the drawdown underneath, by trade or by day.',
  },
  {
    icon: Grid3x3,
    title: 'Time-of-day heatmaps',
    text: 'See which hours and weekdays pay you, and which ones cost you.',
  },
  {
    icon: Dices,
    title: 'Monte Carlo & VaR',
    text: `${MONTE_CARLO_RUNS_LABEL} simulations, risk of ruin, VaR and CVaR at 95% and 99%.`,
  },
  {
    icon: CalendarDays,
    title: 'P&L calendar & journal',
    text: 'Your days at a glance, with a plan before the session and a review after it.',
  },
  {
    icon: Tags,
    title: 'Unlimited tags',
    text: 'Tag setups, mistakes and emotions your way, then filter and break down your results by them.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Filters & CSV export',
    text: 'Filter trades by date, symbol, side, outcome, strategy and tag, and export them as CSV.',
  },
  {
    icon: Calculator,
    title: 'Position size calculator',
    text: 'The size that risks exactly what you chose, from your entry and stop.',
  },
  {
    icon: BookOpen,
    title: 'Strategy playbook',
    text: 'Strategies with written rules, a checklist on every trade, and what each rule is worth, with honest intervals.',
  },
  {
    icon: BookOpen,
    title: 'Coming soon',
    text: 'Smart goals, advanced reports with PDF export, sharing and an AI assistant are coming.',
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features" className="border-y border-line bg-sunken py-20">
      <Container>
        <SectionHeading
          id="features"
          eyebrow="Everything in one journal"
          title="From raw fills to a trading edge you can prove"
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-elevated p-5">
              <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-bold text-fg">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink href="/features" variant="secondary">
            Explore every feature <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}

type SampleGoal = {
  title: string;
  period: string;
  progress: number;
  status: 'On track' | 'Achieved' | 'At risk';
  detail: string;
};
const SAMPLE_GOALS: SampleGoal[] = [
  {
    title: 'Net P&L ≥ $2,000',
    period: 'This month',
    progress: 68,
    status: 'On track',
    detail: '$1,362 of $2,000 with 9 trading days left',
  },
  {
    title: 'Win rate ≥ 50%',
    period: 'This week',
    progress: 100,
    status: 'Achieved',
    detail: '56% of 18 trades won',
  },
  {
    title: 'Max daily loss $300',
    period: 'Every day',
    progress: 95,
    status: 'On track',
    detail: 'Kept on 18 of 19 trading days',
  },
  {
    title: 'Max 5 trades per day',
    period: 'Every day',
    progress: 60,
    status: 'At risk',
    detail: '4 trades today by 11:20',
  },
];
const STATUS_TONE: Record<SampleGoal['status'], string> = {
  'On track': 'bg-accent-soft text-accent-strong',
  Achieved: 'bg-accent text-accent-fg',
  'At risk': 'border border-highlight text-highlight',
};

export function SmartGoalsDemo() {
  return (
    <section aria-labelledby="goals-demo" className="py-20">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-accent">Smart goals — coming soon</p>
          <h2 id="goals-demo" className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Goals that track themselves — coming soon
          </h2>
          <p className="mt-4 text-lg text-muted">
            Smart goals are not available yet. Planned: set a target once, and every imported trade updates its progress
            — for P&L, win rate, profit factor, average R, daily loss limits and trade counts.
          </p>
          <ul className="mt-6 grid gap-2 text-fg">
            {[
              'Planned: daily, weekly or monthly periods',
              'Planned: on track, at risk, achieved or missed — computed, never ticked',
              'Coming with goals: history per period and streaks',
            ].map((t) => (
              <li key={t} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" /> {t}
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-4" aria-label="Sample goals">
          {SAMPLE_GOALS.map((g) => (
            <Card key={g.title} className="p-5">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h3 className="font-semibold text-fg">{g.title}</h3>
                  <p className="text-xs text-muted">{g.period}</p>
                </div>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[g.status]}`}>
                  {g.status}
                </span>
              </div>
              <div
                className="mt-3 h-2 overflow-hidden rounded-full bg-sunken"
                role="progressbar"
                aria-label={`${g.title} progress`}
                aria-valuenow={g.progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className={`h-full rounded-full ${g.status === 'At risk' ? 'bg-highlight' : 'bg-accent'}`}
                  style={{ width: `${g.progress}%` }}
                />
              </div>
              <p className="mt-2 text-sm text-muted">{g.detail}</p>
            </Card>
          ))}
          <p className="text-center text-xs text-muted">
            A preview of goals, coming soon: sample goals with illustrative progress
          </p>
        </div>
      </Container>
    </section>
  );
}

/** Product facts, not invented customer counts. */
const STATS = [
  { value: String(BROKER_COUNT), label: 'broker file layouts recognised' },
  { value: String(BREAKDOWN_DIMENSIONS.length), label: 'ways to break down your results' },
  { value: MONTE_CARLO_RUNS_LABEL, label: 'Monte Carlo runs per simulation' },
  { value: '100,000+', label: 'trades per account at interactive speed' },
];

export function Stats() {
  return (
    <section aria-label="Edgebook in numbers" className="bg-ink py-16 text-white">
      <Container>
        <dl className="grid grid-cols-2 gap-8 text-center md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col">
              <dt className="order-2 mt-2 text-sm text-slate-300">{s.label}</dt>
              <dd className="tabular text-4xl font-extrabold text-emerald-300">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

const STEPS = [
  {
    title: 'Import your trades',
    text: 'Drop your broker’s trade history file. Columns are detected for you, and you can correct any of them.',
  },
  {
    title: 'Tag and journal',
    text: 'Attach strategies, tags, notes and screenshots. Plan each day and review it after the close.',
  },
  {
    title: 'Find and grow your edge',
    text: 'Read your expectancy, drawdown and risk, and compare your strategies, tags and trading hours.',
  },
];

export function Onboarding() {
  return (
    <section aria-labelledby="how-it-works" className="py-20">
      <Container>
        <SectionHeading
          id="how-it-works"
          eyebrow="Up and running in minutes"
          title="Three steps to the truth about your trading"
        />
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative rounded-2xl border border-line bg-elevated p-6">
              <span
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-fg"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-fg">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-2 text-muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

/** Illustrative personas: what the traders we build for tell us, not quotes from named customers. */
const TESTIMONIALS = [
  {
    persona: 'Futures day trader',
    quote: 'I thought my problem was entries. The heatmap showed me it was every trade after 2 pm.',
  },
  {
    persona: 'Options swing trader',
    quote:
      'Seeing expired options close at zero — with the multiplier right — is the first time a journal matched my statement.',
  },
  {
    persona: 'Part-time stock trader',
    quote: 'Measuring my rules made me follow them. My average R went up without changing the strategy.',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials" className="border-y border-line bg-sunken py-20">
      <Container>
        <SectionHeading
          id="testimonials"
          eyebrow="What traders tell us"
          title="Built for the questions traders actually ask"
          intro="Illustrative stories that reflect what traders tell us they need — not endorsements from named customers."
        />
        <div className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.persona} className="flex flex-col rounded-2xl border border-line bg-elevated p-6">
              <span className="self-start rounded-full bg-sunken px-2 py-0.5 text-xs text-muted">Illustrative</span>
              <blockquote className="mt-3 flex-1 text-fg">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-muted">— {t.persona}</figcaption>
            </figure>
          ))}
        </div>
      </Container>
    </section>
  );
}

export function PricingTeaser({ onStartTrial }: { onStartTrial: () => void }) {
  const monthly = PLANS.premium_monthly;
  const yearly = PLANS.premium_yearly;
  return (
    <section aria-labelledby="pricing-teaser" className="py-20">
      <Container>
        <SectionHeading id="pricing-teaser" eyebrow="Simple pricing" title="One plan. Everything included." />
        <div className="mx-auto grid max-w-3xl gap-6 md:grid-cols-2">
          <Card>
            <h3 className="text-lg font-bold text-fg">Premium monthly</h3>
            <p className="mt-2">
              <span className="tabular text-4xl font-extrabold text-fg">${monthly.price}</span>{' '}
              <span className="text-muted">/ month</span>
            </p>
            <p className="mt-2 text-sm text-muted">{TRIAL_DAYS}-day free trial, cancel anytime.</p>
          </Card>
          <Card className="relative border-accent">
            <span className="absolute -top-3 right-4 rounded-full bg-accent px-3 py-1 text-xs font-bold text-accent-fg">
              {yearly.badge}
            </span>
            <h3 className="text-lg font-bold text-fg">Premium annual</h3>
            <p className="mt-2">
              <span className="tabular text-4xl font-extrabold text-fg">${yearly.price}</span>{' '}
              <span className="text-muted">/ year</span>
            </p>
            <p className="mt-2 text-sm text-muted">${yearly.pricePerMonth}/month, billed yearly.</p>
          </Card>
        </div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={onStartTrial}>Start Free Trial</Button>
          <Link
            href="/pricing"
            className="inline-flex items-center gap-1 px-3 py-2 text-sm font-semibold text-accent hover:underline"
          >
            Compare plans <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </Container>
    </section>
  );
}

export function FinalCallToAction() {
  return (
    <section aria-labelledby="final-cta" className="px-4 pb-20">
      <div className="mx-auto max-w-5xl rounded-3xl bg-ink px-6 py-14 text-center text-white sm:px-12">
        <h2 id="final-cta" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Stop guessing. Start measuring.
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          Your broker already has the data. Edgebook turns it into decisions.
        </p>
        <div className="mt-8">
          <ButtonLink href="/pricing" variant="inverse" size="lg">
            Purchase Now
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
