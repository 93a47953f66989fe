import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BookOpenCheck, Brain, Code2, FileSpreadsheet, Keyboard, PlugZap, Ruler, Scale, Target } from 'lucide-react';
import { computeExpectancyR } from '../../core/analytics/expectancy';
import { BROKER_COUNT, TRIAL_DAYS } from '../../core/config/plans';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { Card, Container, SectionHeading } from '../components/ui/card';

// ---------------------------------------------------------------------------------------------
// Worked examples. Every number shown on the page is computed here, by the same expectancy
// function the analytics use, so the lesson can never drift from the arithmetic.
// ---------------------------------------------------------------------------------------------

export type ExpectancyExample = {
  id: string;
  title: string;
  winRate: number;
  avgWinR: number;
  avgLossR: number;
  expectancyR: number;
};

function toExample(id: string, title: string, winRate: number, avgWinR: number, avgLossR: number): ExpectancyExample {
  return { id, title, winRate, avgWinR, avgLossR, expectancyR: computeExpectancyR({ winRate, avgWinR, avgLossR }) };
}

/** The two lessons: a high win rate that loses, a low win rate that wins. */
export const EXPECTANCY_EXAMPLES: readonly [ExpectancyExample, ExpectancyExample] = [
  toExample('high-win-rate', 'The high win rate that loses money', 0.8, 0.5, 3),
  toExample('low-win-rate', 'The low win rate that makes money', 0.4, 3, 1),
];

/** The same 80% win rate with losses held to −1R (the seed's first example, with true arithmetic). */
export const SMALL_LOSS_EXAMPLE: ExpectancyExample = toExample(
  'small-losses',
  'Same win rate, losses cut at −1R',
  0.8,
  0.5,
  1,
);

export type TradeRExample = {
  label: string;
  symbol: string;
  direction: 'long' | 'short';
  entry: number;
  stop: number;
  exit: number;
  size: number;
  multiplier: number;
  fees: number;
};

/** A long stock trade and a short futures trade, so the multiplier shows. Prices in USD. */
export const TRADE_R_EXAMPLES: readonly TradeRExample[] = [
  {
    label: 'A long stock trade',
    symbol: 'XYZ',
    direction: 'long',
    entry: 50,
    stop: 48.5,
    exit: 53.5,
    size: 200,
    multiplier: 1,
    fees: 10,
  },
  {
    label: 'A short futures trade',
    symbol: 'ES',
    direction: 'short',
    entry: 5000,
    stop: 5010,
    exit: 4985,
    size: 2,
    multiplier: 50,
    fees: 9.2,
  },
];

/**
 * Initial risk, gross and net P&L in USD and the R-multiple of one trade.
 * Rounded to cents; floats are fine for these illustrative sizes.
 */
export function computeTradeR(t: TradeRExample): { initialRisk: number; grossPnl: number; netPnl: number; r: number } {
  const cents = (x: number) => Math.round(x * 100) / 100;
  const sign = t.direction === 'long' ? 1 : -1;
  const initialRisk = cents(Math.abs(t.entry - t.stop) * t.size * t.multiplier);
  const grossPnl = cents(sign * (t.exit - t.entry) * t.size * t.multiplier);
  const netPnl = cents(grossPnl - t.fees);
  return { initialRisk, grossPnl, netPnl, r: netPnl / initialRisk };
}

/** Win rate at which a system with these average win and loss sizes breaks even. */
export function computeBreakevenWinRate(avgWinR: number, avgLossR: number): number {
  return avgLossR / (avgWinR + avgLossR);
}

const R_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** "+0.6R", "−0.2R" (a true minus sign), "0R". */
export function formatR(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${R_FORMAT.format(Math.abs(value))}R`;
}

function formatUsd(value: number, isSigned = false): string {
  const text = USD.format(Math.abs(value));
  if (!isSigned || value === 0) return value < 0 ? `−${text}` : text;
  return `${value > 0 ? '+' : '−'}${text}`;
}

// ---------------------------------------------------------------------------------------------

const ON_THIS_PAGE = [
  { id: 'why-journal', label: 'Why journal' },
  { id: 'import-methods', label: 'Getting trades in' },
  { id: 'r-multiple', label: 'R-multiples' },
  { id: 'expectancy', label: 'Expectancy' },
  { id: 'habit', label: 'The weekly review' },
] as const;

const REASONS = [
  {
    icon: Brain,
    title: 'Memory edits the record',
    body: 'You remember the big winner and the loss that stung. You forget the twenty small trades that quietly decided the month. A journal keeps all of them.',
  },
  {
    icon: Scale,
    title: 'Outcome is not process',
    body: 'A good trade can lose and a reckless one can win. Recording the plan, the stop and whether you followed your rules lets you judge decisions, not luck.',
  },
  {
    icon: Target,
    title: 'Edge is a number',
    body: 'Whether a setup is worth trading is a question of win rate, average win and average loss over enough trades. A journal turns that question into arithmetic.',
  },
] as const;

const IMPORT_METHODS = [
  {
    icon: PlugZap,
    title: 'Broker connection (coming soon)',
    body: `Coming: connect one of the ${BROKER_COUNT} supported brokers once and new executions arrive on their own. Until then, import your broker’s file.`,
    link: { href: '/brokers', label: 'See supported brokers' },
  },
  {
    icon: FileSpreadsheet,
    title: 'File import',
    body: 'Drop a CSV (any delimiter), Excel (.xlsx, .xls) or TSV export. Column detection tells you how sure it is about each column and asks only when it is unsure.',
    link: { href: '/help/csv-import', label: 'Read the import guide' },
  },
  {
    icon: Keyboard,
    title: 'Manual entry',
    body: 'Type a trade as entry, exit, size and times, or enter each fill in an execution grid for scale-ins and partial exits.',
  },
  {
    icon: Code2,
    title: 'API',
    body: 'Send executions from your own scripts or platform with a scoped, revocable API token.',
    link: { href: '/help/api-automation', label: 'Automating with the API' },
  },
] as const;

const RECORD_PER_TRADE = [
  'The setup or strategy, chosen before you enter',
  'Your initial stop — the price that defines 1R',
  'Whether each rule of the strategy was followed',
  'A screenshot of the chart at entry',
  'One honest sentence: why you took it, and how you felt',
];

const WEEKLY_REVIEW = [
  'Sort the week by R, not dollars: which trades were your best and worst decisions?',
  'Check expectancy per strategy — and the sample size behind it.',
  'Compare rule-followed trades with rule-broken ones.',
  'Pick one behaviour to change next week, and make it a goal.',
];

// ---------------------------------------------------------------------------------------------

function Formula({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="rounded-xl border border-line bg-sunken px-5 py-4">
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</p>
      <p className="mt-1 font-mono text-base text-fg sm:text-lg">{children}</p>
    </div>
  );
}

function TradeRCard({ example }: { example: TradeRExample }) {
  const { initialRisk, grossPnl, netPnl, r } = computeTradeR(example);
  const unit =
    example.multiplier === 1
      ? example.size === 1
        ? 'share'
        : 'shares'
      : example.size === 1
        ? 'contract'
        : 'contracts';
  const action = example.direction === 'long' ? 'Buy' : 'Sell short';
  const exitAction = example.direction === 'long' ? 'sell' : 'buy back';
  const rows: { label: string; work: string; value: string }[] = [
    {
      label: 'Initial risk',
      work: `|${PRICE.format(example.entry)} − ${PRICE.format(example.stop)}| × ${example.size} × ${example.multiplier}`,
      value: formatUsd(initialRisk),
    },
    {
      label: 'Gross P&L',
      work: `(${PRICE.format(example.direction === 'long' ? example.exit : example.entry)} − ${PRICE.format(example.direction === 'long' ? example.entry : example.exit)}) × ${example.size} × ${example.multiplier}`,
      value: formatUsd(grossPnl, true),
    },
    {
      label: 'Net P&L',
      work: `${formatUsd(grossPnl)} − ${formatUsd(example.fees)} fees`,
      value: formatUsd(netPnl, true),
    },
    { label: 'R-multiple', work: `${formatUsd(netPnl)} ÷ ${formatUsd(initialRisk)}`, value: formatR(r) },
  ];
  return (
    <Card className="flex flex-col">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">{example.label}</p>
      <h3 className="mt-1 text-lg font-bold text-fg">
        {action} {example.size} {example.symbol} {unit} at {PRICE.format(example.entry)}
      </h3>
      <p className="mt-1 text-sm text-muted">
        Stop at {PRICE.format(example.stop)}
        {example.multiplier !== 1 && <> · multiplier {example.multiplier} (USD per point)</>} · {exitAction} at{' '}
        {PRICE.format(example.exit)}
      </p>
      <dl className="mt-5 grid gap-3">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 border-t border-line pt-3">
            <dt className="text-sm font-medium text-fg">{row.label}</dt>
            <dd
              className={`tabular text-right font-mono text-base font-semibold ${row.label === 'R-multiple' ? 'text-gain' : 'text-fg'}`}
            >
              {row.value}
            </dd>
            <dd className="col-span-2 font-mono text-xs text-muted">{row.work}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ExpectancyCard({ example, verdict }: { example: ExpectancyExample; verdict: string }) {
  const winPart = example.winRate * example.avgWinR;
  const lossPart = (1 - example.winRate) * example.avgLossR;
  const scale = Math.max(winPart, lossPart) || 1;
  const isPositive = example.expectancyR > 0;
  const per100 = Math.round(example.expectancyR * 100 * 100) / 100;
  const breakeven = computeBreakevenWinRate(example.avgWinR, example.avgLossR);
  return (
    <Card className="flex flex-col">
      <p className={`text-sm font-semibold uppercase tracking-wider ${isPositive ? 'text-gain' : 'text-loss'}`}>
        {verdict}
      </p>
      <h3 className="mt-1 text-xl font-bold text-fg">{example.title}</h3>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        {[
          { k: 'Win rate', v: PERCENT.format(example.winRate) },
          { k: 'Average win', v: formatR(example.avgWinR) },
          { k: 'Average loss', v: formatR(-example.avgLossR) },
        ].map((s) => (
          <div key={s.k} className="rounded-lg bg-sunken px-2 py-3">
            <dt className="text-xs text-muted">{s.k}</dt>
            <dd className="tabular mt-1 font-mono text-lg font-semibold text-fg">{s.v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 grid gap-2 text-sm" aria-hidden="true">
        <div className="flex items-center gap-3">
          <span className="w-16 shrink-0 text-muted">Wins</span>
          <span className="h-3 rounded-full bg-gain" style={{ width: `${(winPart / scale) * 70}%` }} />
          <span className="tabular font-mono text-xs text-fg">{formatR(winPart)}</span>
        </div>
        <div className="flex items-center gap-3">
          <span className="w-16 shrink-0 text-muted">Losses</span>
          <span className="h-3 rounded-full bg-loss" style={{ width: `${(lossPart / scale) * 70}%` }} />
          <span className="tabular font-mono text-xs text-fg">{formatR(-lossPart)}</span>
        </div>
      </div>
      <p className="mt-5 font-mono text-sm text-muted">
        {DECIMAL.format(example.winRate)} × {DECIMAL.format(example.avgWinR)} − {DECIMAL.format(1 - example.winRate)} ×{' '}
        {DECIMAL.format(example.avgLossR)}
      </p>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-sm text-muted">Expectancy</span>
        <span className={`tabular font-mono text-3xl font-extrabold ${isPositive ? 'text-gain' : 'text-loss'}`}>
          {formatR(example.expectancyR)}
        </span>
        <span className="text-sm text-muted">per trade</span>
      </p>
      <p className="mt-4 text-sm text-muted">
        Over 100 trades that is <strong className="text-fg">{formatR(per100)}</strong>. With wins and losses of these
        sizes, the breakeven win rate is <strong className="text-fg">{PERCENT.format(breakeven)}</strong>.
      </p>
    </Card>
  );
}

export default function EducationPage() {
  const [highWin, lowWin] = EXPECTANCY_EXAMPLES;
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Trading journal guide"
        title="Learn to read your own trading"
        intro="Why a journal works, how to get your trades into one, and the two numbers — R-multiple and expectancy — that tell you whether you have an edge."
      >
        <nav aria-label="On this page" className="mt-8">
          <ul className="flex flex-wrap justify-center gap-2">
            {ON_THIS_PAGE.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="inline-flex rounded-full border border-line bg-elevated px-3.5 py-1.5 text-sm font-medium text-fg hover:border-accent hover:text-accent"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <section aria-labelledby="why-journal" className="scroll-mt-20 py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="why-journal"
            eyebrow="The rationale"
            title="Why keep a trading journal"
            intro="Trading gives you fast, noisy feedback. A journal slows it down enough to learn from it."
          />
          <div className="grid gap-5 md:grid-cols-3">
            {REASONS.map(({ icon: Icon, title, body }) => (
              <Card key={title}>
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-fg">{title}</h3>
                <p className="mt-2 text-muted">{body}</p>
              </Card>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="import-methods" className="scroll-mt-20 border-y border-line bg-sunken py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="import-methods"
            eyebrow="Import methods"
            title="Four ways to get your trades in"
            intro="A journal is only as good as its data. Typing trades by hand is where errors creep in, so let the broker's own records do the work."
          />
          <div className="grid gap-5 sm:grid-cols-2">
            {IMPORT_METHODS.map((m) => (
              <Card key={m.title} className="flex gap-4">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <m.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-fg">{m.title}</h3>
                  <p className="mt-1.5 text-muted">{m.body}</p>
                  {'link' in m && (
                    <Link
                      href={m.link.href}
                      className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline"
                    >
                      {m.link.label} →
                    </Link>
                  )}
                </div>
              </Card>
            ))}
          </div>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-muted">
            However trades arrive, the journal stores each fill and groups fills into round trips — flat to flat — with
            fees and contract multipliers applied, so the P&amp;L matches your statement to the cent.
          </p>
        </Container>
      </section>

      <section aria-labelledby="r-multiple" className="scroll-mt-20 py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="r-multiple"
            eyebrow="R-multiples"
            title="Measure every trade in units of risk"
            intro="Dollars hide the quality of a trade: $500 is a triumph on a $100 risk and a disappointment on a $2,000 one. R fixes that by dividing what you made by what you were prepared to lose."
          />
          <div className="grid gap-8 lg:grid-cols-[1.05fr_1fr] lg:items-start">
            <div>
              <div className="prose-eb">
                <p>
                  <strong>1R</strong> is your initial risk: the money you would lose if the trade hit the stop you set
                  when you entered. A trade that makes twice that is a <strong>+2R</strong> trade; one stopped out as
                  planned is <strong>−1R</strong>; one that ran past the stop because you moved it might be{' '}
                  <strong>−2.5R</strong> — and the journal will show it.
                </p>
              </div>
              <div className="my-6 grid gap-3">
                <Formula label="R-multiple">R = net P&amp;L ÷ initial risk</Formula>
                <Formula label="Initial risk">initial risk = |entry − stop| × size × multiplier</Formula>
              </div>
              <div className="prose-eb">
                <p>
                  Net P&amp;L is after commissions and fees. The multiplier turns price points into money: 1 for shares,
                  100 for a standard US equity option, 50 for an E-mini S&amp;P 500 future (ES), 5 for the Micro (MES).
                </p>
                <p>
                  Because every trade is now in the same unit, you can compare a 100-share trade with a 5-contract one
                  and average them meaningfully. No stop on a trade? Set a default risk per trade in settings and R
                  still works.
                </p>
              </div>
            </div>
            <div className="grid gap-5">
              {TRADE_R_EXAMPLES.map((example) => (
                <TradeRCard key={example.symbol} example={example} />
              ))}
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="expectancy" className="scroll-mt-20 border-y border-line bg-sunken py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="expectancy"
            eyebrow="Expectancy"
            title="A high win rate can still lose money"
            intro="Expectancy is what one trade is worth on average, in R. It depends on how often you win and on how big the wins and losses are — never on the win rate alone."
          />
          <div className="mx-auto mb-10 max-w-2xl">
            <Formula label="Expectancy per trade">E = win rate × average win − (1 − win rate) × average loss</Formula>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <ExpectancyCard
              example={highWin}
              verdict={highWin.expectancyR < 0 ? 'Negative expectancy' : 'Positive expectancy'}
            />
            <ExpectancyCard
              example={lowWin}
              verdict={lowWin.expectancyR < 0 ? 'Negative expectancy' : 'Positive expectancy'}
            />
          </div>
          <Card className="mx-auto mt-6 max-w-3xl border-dashed bg-elevated">
            <p className="text-sm text-muted">
              <strong className="text-fg">What changed?</strong> Keep the {PERCENT.format(SMALL_LOSS_EXAMPLE.winRate)}{' '}
              win rate and the {formatR(SMALL_LOSS_EXAMPLE.avgWinR)} wins, but cut every loss at{' '}
              {formatR(-SMALL_LOSS_EXAMPLE.avgLossR)} instead of letting it run to {formatR(-highWin.avgLossR)}:
              expectancy becomes{' '}
              <strong className={SMALL_LOSS_EXAMPLE.expectancyR > 0 ? 'text-gain' : 'text-loss'}>
                {formatR(SMALL_LOSS_EXAMPLE.expectancyR)}
              </strong>
              . The stop you respect matters as much as the trades you win.
            </p>
          </Card>
          <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-muted">
            In your journal, expectancy is simply the average R of your closed trades, shown with its sample size and a
            95% confidence interval — a handful of trades proves little.
          </p>
        </Container>
      </section>

      <section aria-labelledby="habit" className="scroll-mt-20 py-16 sm:py-20">
        <Container>
          <SectionHeading id="habit" eyebrow="The habit" title="What to record, and how to review it" />
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <div className="flex items-center gap-3">
                <Ruler className="h-5 w-5 text-accent" aria-hidden="true" />
                <h3 className="text-lg font-bold text-fg">On every trade</h3>
              </div>
              <ul className="mt-4 grid gap-2.5">
                {RECORD_PER_TRADE.map((item) => (
                  <li key={item} className="flex gap-3 text-muted">
                    <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-muted">
                Prices, sizes, fees and times come from the import — you only add what the broker cannot know.
              </p>
            </Card>
            <Card>
              <div className="flex items-center gap-3">
                <BookOpenCheck className="h-5 w-5 text-accent" aria-hidden="true" />
                <h3 className="text-lg font-bold text-fg">Once a week</h3>
              </div>
              <ol className="mt-4 grid gap-2.5">
                {WEEKLY_REVIEW.map((item, i) => (
                  <li key={item} className="flex gap-3 text-muted">
                    <span className="tabular inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-bold text-accent">
                      {i + 1}
                    </span>
                    {item}
                  </li>
                ))}
              </ol>
            </Card>
          </div>
        </Container>
      </section>

      <section aria-labelledby="education-cta" className="pb-20">
        <Container>
          <div className="relative overflow-hidden rounded-3xl border border-line bg-ink px-6 py-12 text-center text-white sm:px-12">
            <svg
              viewBox="0 0 400 120"
              preserveAspectRatio="none"
              className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full opacity-30"
              aria-hidden="true"
            >
              <polyline
                points="0,100 40,92 80,96 120,70 160,78 200,52 240,60 280,34 320,42 360,18 400,10"
                fill="none"
                stroke="#34d399"
                strokeWidth="3"
              />
            </svg>
            <h2 id="education-cta" className="relative text-3xl font-bold tracking-tight">
              See your own R-multiples and expectancy
            </h2>
            <p className="relative mx-auto mt-3 max-w-xl text-slate-300">
              Import your history and every figure on this page is computed from your trades. Free for {TRIAL_DAYS}{' '}
              days.
            </p>
            <div className="relative mt-7 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/signup" size="lg" variant="inverse">
                Start Free Trial
              </ButtonLink>
              <Link
                href="/help/r-multiple"
                className="inline-flex h-12 items-center justify-center rounded-lg border border-white/40 px-6 text-base font-semibold text-white hover:bg-white/10"
              >
                Read the R-multiple guide
              </Link>
            </div>
          </div>
        </Container>
      </section>
    </PublicLayout>
  );
}
