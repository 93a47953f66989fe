import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ArrowLeft,
  ArrowRight,
  Bot,
  Check,
  ChevronRight,
  Database,
  FileBarChart,
  LineChart,
  Sparkles,
  Target,
  X,
} from 'lucide-react';
import { BROKER_FORMAT_TURNAROUND_HOURS } from '../../core/config/operator';
import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL, REPORT_FILTER_COUNT_LABEL, TRIAL_DAYS } from '../../core/config/plans';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { Card, Container, SectionHeading } from '../components/ui/card';
import { usePublicConfig } from '../lib/public-config';

// ---------------------------------------------------------------------------------------------
// The five feature categories (seed §2, /features), named exactly as the seed names them.
// ---------------------------------------------------------------------------------------------

type FeatureCategory = {
  id: string;
  name: string;
  icon: typeof Database;
  summary: string;
  features: { title: string; body: string }[];
};

const CATEGORIES: FeatureCategory[] = [
  {
    id: 'data-import',
    name: 'Data Import & Management',
    icon: Database,
    summary: 'Get every execution in, exactly once, with its source on record.',
    features: [
      {
        title: `Automated import from ${BROKER_COUNT} brokers`,
        body: 'Connect once; a scheduled, read-only sync brings in new executions.',
      },
      {
        title: 'Smart file import',
        body: 'CSV with any delimiter, Excel (.xlsx, .xls) and TSV. AI column detection shows its confidence for every column and asks only when unsure.',
      },
      {
        title: 'Safe re-imports and undo',
        body: 'Duplicates are recognised and skipped; any import can be undone as one batch.',
      },
      {
        title: 'Manual entry',
        body: 'A quick form (entry, exit, size, times) or an execution grid for scale-ins and partial exits.',
      },
      {
        title: 'Unlimited custom tags',
        body: 'Coloured tags in groups such as setup or mistake, assigned one by one or in bulk.',
      },
      {
        title: 'Provenance and reconciliation',
        body: 'Every trade shows the file rows it came from; each day’s totals can be checked against the broker’s.',
      },
    ],
  },
  {
    id: 'analytics',
    name: 'Analytics & Performance',
    icon: LineChart,
    summary: 'The honest picture of your edge, with the uncertainty stated.',
    features: [
      {
        title: 'R-multiple analytics',
        body: 'Every trade in units of risk, the R distribution, and expectancy in both dollars and R.',
      },
      {
        title: 'Equity curve and drawdown',
        body: 'Your equity with the drawdown underneath, for any period and account.',
      },
      {
        title: 'P&L calendar with journal notes',
        body: 'Daily net P&L coloured on a month grid, trade counts, weekly totals and a mark where you wrote a note.',
      },
      {
        title: 'Heatmaps and breakdowns',
        body: 'Time of day × weekday, and results by symbol, strategy, tag, side, asset class and holding time.',
      },
      {
        title: `Monte Carlo (${MONTE_CARLO_RUNS_LABEL} runs) and risk metrics`,
        body: 'Equity fan, drawdown distribution and risk of ruin, plus Sharpe, Sortino, VaR and CVaR, SQN and Kelly.',
      },
      {
        title: 'Statistics with honesty',
        body: 'Sample sizes and 95% confidence intervals on every breakdown; thin segments are flagged.',
      },
    ],
  },
  {
    id: 'strategy',
    name: 'Strategy Development',
    icon: Target,
    summary: 'Write down how you trade, then find out which rules earn their keep.',
    features: [
      {
        title: 'Strategy playbook',
        body: 'Each strategy with ordered rules for setup, entry, management, exit and risk.',
      },
      {
        title: 'Rule adherence tracking',
        body: 'Tick each rule per trade and see adherence %, plus results when a rule is followed versus broken.',
      },
      {
        title: 'Smart goals that track themselves',
        body: 'P&L, max loss, win rate, average R, rule adherence and more — evaluated from your trades, with streaks.',
      },
      {
        title: 'Daily planning',
        body: 'A plan before the session — watchlist, levels, max daily loss — and fills scored against it afterwards.',
      },
      {
        title: 'Position sizing calculator',
        body: 'Size from your account, risk per trade and stop distance, multipliers included.',
      },
      {
        title: 'Trade grouping you control',
        body: 'Split a trade at an execution or merge neighbours; your choice survives re-imports.',
      },
    ],
  },
  {
    id: 'ai',
    name: 'AI-Powered Insights',
    icon: Bot,
    summary: 'Ask about your trading in plain language; get numbers you can check.',
    features: [
      {
        title: 'AI chat assistant',
        body: '“What is my win rate on Mondays?” — answered with the figures, a small chart and a link to the matching report.',
      },
      {
        title: 'Performance insights',
        body: 'Best and worst hour, weekday, symbol and strategy — reported only when the sample supports it.',
      },
      {
        title: 'Behavioural patterns',
        body: 'Revenge trading, overtrading, holding losers longer than winners, and cutting winners early.',
      },
      {
        title: 'Private by design',
        body: 'The assistant answers through the same report functions you use and sees only what they return.',
      },
    ],
  },
  {
    id: 'reporting',
    name: 'Reporting & Export',
    icon: FileBarChart,
    summary: 'Slice every trade any way you like, then take the result with you.',
    features: [
      {
        title: `Advanced reports with ${REPORT_FILTER_COUNT_LABEL} filters`,
        body: 'Dates and sessions, instruments, outcome, size, risk, timing, journal fields and rule adherence.',
      },
      {
        title: 'Saved reports',
        body: 'A report is a link: save it, reopen it, and it recalculates as new trades arrive.',
      },
      { title: 'PDF and CSV export', body: 'Share a report with a mentor or keep it for your records.' },
      {
        title: 'Performance sharing',
        body: 'A public link to a trade or report that can hide dollar amounts and show R and % only. Revocable.',
      },
      {
        title: 'Full data export',
        body: 'Everything you have, as CSV and JSON in one download, whenever you want it.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// The walkthrough: stylised mock panels of the app, drawn in HTML and SVG with sample data.
// ---------------------------------------------------------------------------------------------

function MockWindow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-bg shadow-lg">
      <div className="flex items-center gap-3 border-b border-line bg-sunken px-4 py-2.5">
        <span className="flex gap-1.5" aria-hidden="true">
          <span className="h-2.5 w-2.5 rounded-full bg-loss/70" />
          <span className="h-2.5 w-2.5 rounded-full bg-highlight/70" />
          <span className="h-2.5 w-2.5 rounded-full bg-gain/70" />
        </span>
        <span className="min-w-0 truncate text-xs font-medium text-muted">{title}</span>
        <span className="ml-auto shrink-0 whitespace-nowrap rounded-full border border-line bg-elevated px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-highlight">
          Illustrative preview
        </span>
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </div>
  );
}

const IMPORT_COLUMNS = [
  { header: 'DateTime', role: 'Executed at', confidence: 99 },
  { header: 'Symbol', role: 'Instrument', confidence: 99 },
  { header: 'Buy/Sell', role: 'Side', confidence: 98 },
  { header: 'Quantity', role: 'Quantity', confidence: 99 },
  { header: 'TradePrice', role: 'Price', confidence: 97 },
  { header: 'IBCommission', role: 'Fees', confidence: 94 },
  { header: 'Multiplier', role: 'Multiplier', confidence: 96 },
];

function ImportPanel() {
  return (
    <MockWindow title="Import · trades-september.csv">
      <div className="flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-accent/60 bg-accent-soft/40 px-3 py-2.5 text-sm">
        <span className="font-mono font-semibold text-fg">trades-september.csv</span>
        <span className="text-muted">· 412 rows · comma-delimited</span>
        <span className="ml-auto rounded-md bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
          Interactive Brokers layout
        </span>
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="text-xs uppercase tracking-wider text-muted">
            <th className="pb-2 font-semibold">Column in file</th>
            <th className="pb-2 font-semibold">Detected as</th>
            <th className="pb-2 text-right font-semibold">Confidence</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS.map((c) => (
            <tr key={c.header} className="border-t border-line">
              <td className="py-1.5 font-mono text-xs text-fg">{c.header}</td>
              <td className="py-1.5 text-fg">{c.role}</td>
              <td className="py-1.5">
                <span className="flex items-center justify-end gap-2">
                  <span
                    className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-sunken sm:block"
                    aria-hidden="true"
                  >
                    <span className="block h-full rounded-full bg-accent" style={{ width: `${c.confidence}%` }} />
                  </span>
                  <span className="tabular w-9 text-right text-xs font-semibold text-fg">{c.confidence}%</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-3 text-sm">
        <span className="text-fg">
          <strong className="tabular">410</strong> executions ready ·{' '}
          <span className="text-muted">2 duplicates skipped</span>
        </span>
        <span className="ml-auto rounded-lg bg-accent px-3 py-1.5 text-xs font-semibold text-accent-fg">
          Import 410 executions
        </span>
      </div>
    </MockWindow>
  );
}

const SAMPLE_TRADES = [
  { symbol: 'NVDA', side: 'Long', pnl: 412.5, r: 1.65, tag: 'Opening range' },
  { symbol: 'ES', side: 'Short', pnl: -262.5, r: -1.05, tag: 'VWAP fade' },
  { symbol: 'AAPL 17JAN25 190 C', side: 'Long', pnl: 180, r: 0.9, tag: 'Breakout' },
  { symbol: 'TSLA', side: 'Short', pnl: 96, r: 0.48, tag: 'VWAP fade' },
  { symbol: 'MES', side: 'Long', pnl: -51.25, r: -0.41, tag: 'Opening range' },
];

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function signed(value: number, text: string): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}`;
}

function TradesPanel() {
  return (
    <MockWindow title="Trades · this week">
      <div className="mb-3 flex flex-wrap gap-2 text-xs">
        {['This week', 'All accounts', 'Closed'].map((chip) => (
          <span key={chip} className="rounded-full border border-line bg-elevated px-2.5 py-1 font-medium text-fg">
            {chip}
          </span>
        ))}
      </div>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-xs uppercase tracking-wider text-muted">
            <th className="pb-2 font-semibold">Symbol</th>
            <th className="hidden pb-2 font-semibold sm:table-cell">Side</th>
            <th className="pb-2 text-right font-semibold">Net P&amp;L</th>
            <th className="pb-2 text-right font-semibold">R</th>
            <th className="hidden pb-2 pl-3 font-semibold sm:table-cell">Strategy</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_TRADES.map((t) => (
            <tr key={t.symbol} className="border-t border-line">
              <td className="py-2 font-medium text-fg">{t.symbol}</td>
              <td className="hidden py-2 text-muted sm:table-cell">{t.side}</td>
              <td className={`tabular py-2 text-right font-mono ${t.pnl >= 0 ? 'text-gain' : 'text-loss'}`}>
                {signed(t.pnl, USD.format(Math.abs(t.pnl)))}
              </td>
              <td className={`tabular py-2 text-right font-mono font-semibold ${t.r >= 0 ? 'text-gain' : 'text-loss'}`}>
                {signed(t.r, `${Math.abs(t.r)}R`)}
              </td>
              <td className="hidden py-2 pl-3 sm:table-cell">
                <span className="rounded-md bg-sunken px-2 py-0.5 text-xs text-fg">{t.tag}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 border-t border-line pt-3 text-xs text-muted">
        Each trade opens to its executions, stop and target, rule checklist, notes and screenshots.
      </p>
    </MockWindow>
  );
}

/** A fixed sample equity path (cumulative P&L after each trade) for the analytics panel. */
const EQUITY = [0, 310, 180, 520, 760, 610, 940, 880, 1290, 1150, 1020, 1410, 1730, 1600, 1980, 2350, 2210, 2640];

function toEquityPaths(width: number, height: number): { line: string; drawdown: string } {
  const max = Math.max(...EQUITY);
  const min = Math.min(...EQUITY);
  const x = (i: number) => (i / (EQUITY.length - 1)) * width;
  const y = (v: number) => height - ((v - min) / (max - min)) * height;
  const line = EQUITY.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  let peak = -Infinity;
  const dd = EQUITY.map((v) => {
    peak = Math.max(peak, v);
    return peak - v;
  });
  const maxDd = Math.max(...dd) || 1;
  const drawdown = [
    `0,0`,
    ...dd.map((d, i) => `${x(i).toFixed(1)},${((d / maxDd) * 28).toFixed(1)}`),
    `${width},0`,
  ].join(' ');
  return { line, drawdown };
}

const HEAT = [
  [2, 1, -1, 0, 1, -2],
  [1, 2, 0, -1, 0, -1],
  [0, 1, 1, 0, -1, -2],
  [2, 0, -1, 1, 0, -1],
  [1, 1, 0, -2, -1, 0],
];

function heatClass(v: number): string {
  if (v >= 2) return 'bg-gain';
  if (v === 1) return 'bg-gain/50';
  if (v === 0) return 'bg-sunken';
  if (v === -1) return 'bg-loss/50';
  return 'bg-loss';
}

function AnalyticsPanel() {
  const { line, drawdown } = toEquityPaths(320, 110);
  return (
    <MockWindow title="Analytics · last 90 days">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[
          { k: 'Net P&L', v: '+$2,640', tone: 'text-gain' },
          { k: 'Win rate', v: '56%', tone: 'text-fg' },
          { k: 'Profit factor', v: '1.74', tone: 'text-fg' },
          { k: 'Expectancy', v: '+0.31R', tone: 'text-gain' },
        ].map((s) => (
          <div key={s.k} className="flex flex-col-reverse rounded-lg border border-line bg-elevated px-3 py-2">
            <dt className="text-[11px] text-muted">{s.k}</dt>
            <dd className={`tabular font-mono text-base font-bold ${s.tone}`}>{s.v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1.6fr_1fr]">
        <div className="rounded-lg border border-line bg-elevated p-3">
          <p className="text-xs font-semibold text-muted">Equity curve and drawdown</p>
          <svg viewBox="0 0 320 150" className="mt-2 h-auto w-full" aria-hidden="true">
            <polyline points={line} fill="none" className="stroke-accent" strokeWidth="2.5" strokeLinejoin="round" />
            <g transform="translate(0 118)">
              <polygon points={drawdown} className="fill-loss/40" />
            </g>
          </svg>
        </div>
        <div className="rounded-lg border border-line bg-elevated p-3">
          <p className="text-xs font-semibold text-muted">Hour × weekday</p>
          <div
            className="mt-2 grid grid-cols-[auto_repeat(6,1fr)] items-center gap-1 text-[10px] text-muted"
            aria-hidden="true"
          >
            {HEAT.map((row, r) => (
              <div key={r} className="contents">
                <span className="pr-1">{['Mon', 'Tue', 'Wed', 'Thu', 'Fri'][r]}</span>
                {row.map((v, c) => (
                  <span key={c} className={`aspect-square rounded-sm ${heatClass(v)}`} />
                ))}
              </div>
            ))}
            <span />
            {['9', '10', '11', '12', '13', '14'].map((h) => (
              <span key={h} className="text-center">
                {h}
              </span>
            ))}
          </div>
        </div>
      </div>
    </MockWindow>
  );
}

const RULES = [
  { text: 'Price above VWAP at entry', isFollowed: true },
  { text: 'Wait for the first 5-minute close', isFollowed: true },
  { text: 'Risk at most 1% of the account', isFollowed: false },
  { text: 'Stop below the opening range low', isFollowed: true },
];

function PlaybookPanel() {
  return (
    <MockWindow title="Playbook · Opening range breakout">
      <div className="grid gap-3 sm:grid-cols-[1fr_1.2fr]">
        <dl className="grid grid-cols-2 gap-2 self-start">
          {[
            { k: 'Trades', v: '64' },
            { k: 'Win rate', v: '56%' },
            { k: 'Expectancy', v: '+0.42R' },
            { k: 'Adherence', v: '87%' },
          ].map((s) => (
            <div key={s.k} className="flex flex-col-reverse rounded-lg border border-line bg-elevated px-3 py-2">
              <dt className="text-[11px] text-muted">{s.k}</dt>
              <dd className="tabular font-mono text-base font-bold text-fg">{s.v}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-lg border border-line bg-elevated p-3">
          <p className="text-xs font-semibold text-muted">Rules on this trade</p>
          <ul className="mt-2 grid gap-1.5 text-sm">
            {RULES.map((r) => (
              <li key={r.text} className="flex items-center gap-2 text-fg">
                {r.isFollowed ? (
                  <Check className="h-4 w-4 shrink-0 text-gain" role="img" aria-label="Followed" />
                ) : (
                  <X className="h-4 w-4 shrink-0 text-loss" role="img" aria-label="Broken" />
                )}
                {r.text}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-3 rounded-lg border border-line bg-elevated p-3">
        <p className="text-xs font-semibold text-muted">Effect of “Risk at most 1% of the account”</p>
        <div className="mt-2 grid gap-1.5 text-sm">
          <div className="flex items-center gap-3">
            <span className="w-20 shrink-0 text-muted">Followed</span>
            <span className="h-2.5 w-[58%] rounded-full bg-gain" aria-hidden="true" />
            <span className="tabular font-mono text-xs font-semibold text-gain">+0.58R</span>
          </div>
          <div className="flex items-center gap-3">
            <span className="w-20 shrink-0 text-muted">Broken</span>
            <span className="h-2.5 w-[35%] rounded-full bg-loss" aria-hidden="true" />
            <span className="tabular font-mono text-xs font-semibold text-loss">−0.35R</span>
          </div>
        </div>
      </div>
    </MockWindow>
  );
}

const WEEKDAY_R = [
  { day: 'Mon', r: 0.42 },
  { day: 'Tue', r: 0.18 },
  { day: 'Wed', r: -0.12 },
  { day: 'Thu', r: 0.35 },
  { day: 'Fri', r: -0.28 },
];

function ReportsPanel() {
  const max = Math.max(...WEEKDAY_R.map((d) => Math.abs(d.r)));
  return (
    <MockWindow title="Advanced reports · VWAP fade, first hour">
      <div className="flex flex-wrap gap-2 text-xs">
        {['Strategy: VWAP fade', 'Hour of entry: 9–10', 'Holding time < 30 min', 'Asset class: Futures'].map((chip) => (
          <span key={chip} className="rounded-full bg-accent-soft px-2.5 py-1 font-medium text-fg">
            {chip}
          </span>
        ))}
        <span className="rounded-full border border-dashed border-line px-2.5 py-1 text-muted">+ Add filter</span>
      </div>
      <div className="mt-3 rounded-lg border border-line bg-elevated p-3">
        <p className="text-xs font-semibold text-muted">Average R by weekday</p>
        <div className="mt-2 grid h-36 grid-cols-5 items-stretch gap-3" aria-hidden="true">
          {WEEKDAY_R.map((d) => (
            <div key={d.day} className="flex flex-col items-center">
              <div className="flex w-full flex-1 flex-col justify-end">
                {d.r > 0 && <div className="w-full rounded-t-md bg-gain" style={{ height: `${(d.r / max) * 100}%` }} />}
              </div>
              <div className="w-full border-t border-line" />
              <div className="flex w-full flex-1 flex-col justify-start">
                {d.r < 0 && (
                  <div className="w-full rounded-b-md bg-loss" style={{ height: `${(-d.r / max) * 100}%` }} />
                )}
              </div>
              <span className="mt-1 text-[10px] text-muted">{d.day}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        <span className="text-muted">38 trades match</span>
        <span className="ml-auto rounded-lg border border-line bg-elevated px-2.5 py-1 font-semibold text-fg">
          Export PDF
        </span>
        <span className="rounded-lg border border-line bg-elevated px-2.5 py-1 font-semibold text-fg">Export CSV</span>
        <span className="rounded-lg bg-accent px-2.5 py-1 font-semibold text-accent-fg">Share</span>
      </div>
    </MockWindow>
  );
}

const WALKTHROUGH_STEPS = [
  {
    id: 'import',
    title: 'Import your trades',
    caption:
      'Drop in a broker export. The layout is recognised, every column shows how sure the detection is, and duplicates are skipped.',
    Panel: ImportPanel,
  },
  {
    id: 'trades',
    title: 'Review every trade',
    caption:
      'Executions become round trips with net P&L and R. Tag them, assign a strategy, add notes and screenshots.',
    Panel: TradesPanel,
  },
  {
    id: 'analytics',
    title: 'Read your analytics',
    caption:
      'Headline numbers, the equity curve with its drawdown, and the hours and weekdays where you make or lose money.',
    Panel: AnalyticsPanel,
  },
  {
    id: 'playbook',
    title: 'Build your playbook',
    caption: 'Each strategy’s rules, how often you follow them, and what breaking each one has cost you.',
    Panel: PlaybookPanel,
  },
  {
    id: 'reports',
    title: 'Dig deeper with reports',
    caption: `Combine any of ${REPORT_FILTER_COUNT_LABEL} filters, chart the result, then export it as PDF or CSV or share a link.`,
    Panel: ReportsPanel,
  },
] as const;

function Walkthrough() {
  const [index, setIndex] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const step = WALKTHROUGH_STEPS[index] ?? WALKTHROUGH_STEPS[0];
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
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
      <div
        role="tablist"
        aria-label="Walkthrough steps"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
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
              aria-controls="walkthrough-panel"
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onKeyDown}
              className={`flex shrink-0 items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors ${isActive ? 'border-accent bg-elevated shadow-sm' : 'border-transparent hover:bg-elevated'}`}
            >
              <span
                className={`tabular inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${isActive ? 'bg-accent text-accent-fg' : 'bg-sunken text-muted'}`}
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
      <div id="walkthrough-panel" role="tabpanel" aria-labelledby={`walkthrough-tab-${step.id}`}>
        <figure>
          <step.Panel />
          <figcaption className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <span>
              <span className="block text-xs font-semibold uppercase tracking-wider text-accent">
                Step {index + 1} of {count}
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
        intro={`From the first import to the last report, ${brand} turns your executions into exact numbers — and tells you what they mean.`}
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
                ? 'A short tour of the app, from import to reports.'
                : 'Five steps from a broker file to a report. The panels below are illustrative previews drawn with sample data, not live screenshots.'
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
                </h2>
                <p className="mt-3 text-lg text-muted">{category.summary}</p>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2">
                {category.features.map((f) => (
                  <li key={f.title}>
                    <Card className="h-full">
                      <h3 className="flex items-start gap-2 font-bold text-fg">
                        <Sparkles className="mt-1 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                        {f.title}
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
