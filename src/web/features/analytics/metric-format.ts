/**
 * How the analytics pages show numbers: the API's statistics ("Infinity", "-Infinity", null,
 * fractions), money, R and percentages, the risk panel's one-line explanations and the heatmap's
 * colour scale. Pure: no React, no DOM.
 */
import type { JsonNumber } from '../../../core/analytics';
import { toCurrencySymbol } from '../trades/format';

/** The kinds of statistic the pages format. Fractions are never percentages on the wire (0.0427 = 4.27%). */
export type StatKind = 'money' | 'signedMoney' | 'percent' | 'ratio' | 'r' | 'count';

/** A statistic as shown: its text, and why it is missing or infinite (a tooltip) when it is. */
export type FormattedStat = { text: string; note: string | null };

const NOT_DEFINED = 'Not defined for these trades: too few trades, or a division of zero by zero.';
const INFINITE = 'Infinite: a positive amount divided by zero (for example no losing trade or no down day).';

/** A statistic from the API as a number (±Infinity kept); null for null, undefined or text. */
export function toStatNumber(value: JsonNumber | string | undefined): number | null {
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

const groupFormat = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const TWO = groupFormat(2);
const ZERO = groupFormat(0);

/** How {@link formatMoneyIn} writes an amount. */
export type MoneyFormatOptions = {
  /** "+" before a non-zero gain. */
  isSigned?: boolean;
  /** Whole units, no cents. */
  isWhole?: boolean;
  /** Compact notation with at most this many decimals ("€1.2K", "€217"): for narrow cells and axes. */
  compactDigits?: 0 | 1;
};

const COMPACT = [0, 1].map(
  (digits) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: digits }),
);

/**
 * An amount in a currency, rounded half away from zero to cents (or whole units with `isWhole`):
 * "$1,234.50", "-€12.00", "+£3.10" with `isSigned` for a non-zero amount, "CHF 12.00" where
 * en-US writes a code. Every money figure of the analytics pages goes through this, in the
 * currency of the answer it comes from (issue 42).
 */
export function formatMoneyIn(value: number, currency: string, options: MoneyFormatOptions = {}): string {
  const rounded = Math.round(Math.abs(value) * 100) / 100;
  const sign = value < 0 && rounded !== 0 ? '-' : options.isSigned && rounded !== 0 ? '+' : '';
  const digits =
    options.compactDigits !== undefined
      ? COMPACT[options.compactDigits]!.format(rounded)
      : (options.isWhole ? ZERO : TWO).format(options.isWhole ? Math.round(rounded) : rounded);
  return `${sign}${toCurrencySymbol(currency)}${digits}`;
}

/** {@link formatMoneyIn} in dollars, for pages whose figures are always in USD. */
export function formatUsd(value: number, options: MoneyFormatOptions = {}): string {
  return formatMoneyIn(value, 'USD', options);
}

/** A fraction as a percentage: 0.0427 → "4.27%" (`digits` decimals, default 2). */
export function formatPercent(fraction: number, digits = 2): string {
  const text = groupFormat(digits).format(fraction * 100);
  return `${text === `-${groupFormat(digits).format(0)}` ? text.slice(1) : text}%`;
}

/** Decimals tick labels may use at most: below 0.0001% a histogram's bins are not worth telling apart. */
const MAX_TICK_DIGITS = 4;

/**
 * The fewest decimals (from `minDigits`, at most 4) at which fractions shown as percentages keep
 * neighbours apart and each label within a tenth of the narrowest gap of its value: bins 0.5% wide
 * read "0.0% 0.5% 1.0%", not "0% 1% 1%", and 12.5% never reads "13%".
 */
export function toDistinctPercentDigits(fractions: readonly number[], minDigits = 0): number {
  const percents = fractions.map((f) => f * 100);
  const gaps = percents.slice(1).map((p, i) => Math.abs(p - percents[i]!));
  const tolerance = Math.min(Infinity, ...gaps.filter((g) => g > 0)) / 10 + 1e-9;
  for (let digits = minDigits; digits < MAX_TICK_DIGITS; digits++) {
    const scale = 10 ** digits;
    const isClose = percents.every((p) => Math.abs(Math.round(p * scale) / scale - p) <= tolerance);
    const labels = fractions.map((f) => formatPercent(f, digits));
    if (isClose && labels.every((label, i) => i === 0 || label !== labels[i - 1])) return digits;
  }
  return Math.max(minDigits, MAX_TICK_DIGITS);
}

/** Axis labels for fractions as percentages, each with the decimals that keep neighbours apart. */
export function formatPercentTicks(fractions: readonly number[]): string[] {
  const digits = toDistinctPercentDigits(fractions);
  return fractions.map((f) => formatPercent(f, digits));
}

/** "+1.25R", "-0.50R", "0.00R". */
export function formatRValue(value: number): string {
  const text = TWO.format(value);
  if (text === '-0.00' || text === '0.00') return '0.00R';
  return `${value > 0 ? '+' : ''}${text}R`;
}

/** A statistic in its kind, with "∞" / "−∞" for infinities and "—" for undefined values. */
export function formatStat(value: JsonNumber | string | undefined, kind: StatKind, currency = 'USD'): FormattedStat {
  const n = toStatNumber(value);
  if (n === Infinity) return { text: '∞', note: INFINITE };
  if (n === -Infinity) return { text: '−∞', note: INFINITE };
  if (n === null) return { text: '—', note: NOT_DEFINED };
  switch (kind) {
    case 'money':
      return { text: formatMoneyIn(n, currency), note: null };
    case 'signedMoney':
      return { text: formatMoneyIn(n, currency, { isSigned: true }), note: null };
    case 'percent':
      return { text: formatPercent(n), note: null };
    case 'r':
      return { text: formatRValue(n), note: null };
    case 'count':
      return { text: ZERO.format(n), note: null };
    case 'ratio':
      return { text: TWO.format(n), note: null };
  }
}

/** Sign of a statistic for colouring: 1 gain, -1 loss, 0 neither (null, zero). */
export function toStatSign(value: JsonNumber | string | undefined): 1 | -1 | 0 {
  const n = toStatNumber(value);
  if (n === null || n === 0) return 0;
  return n > 0 ? 1 : -1;
}

// ------------------------------------------------------------------------------------------------
// The risk panel

export type RiskSource = 'trades' | 'daily';

/**
 * What a risk line's explanation may mention besides its own value. `hasDailyReturns` is false when
 * some day started with no positive equity: every return-based figure is then undefined, however
 * many days there are.
 */
export type RiskContext = {
  startingEquity: number;
  endingEquity: number;
  days: number;
  trades: number;
  hasDailyReturns: boolean;
  /** The answer's currency, the one its amounts are in; USD when absent. */
  currency?: string;
};

const NO_DAILY_RETURNS =
  'Needs a positive balance at the start of every day: set a starting balance on the account that covers its losses.';

export type RiskMetric = {
  id: string;
  source: RiskSource;
  key: string;
  label: string;
  kind: StatKind;
  /** One plain-language line about this value (the value is finite). */
  explain: (value: number, context: RiskContext) => string;
  /** What the line says when the value is "—" or "∞". */
  explainMissing: string;
};

/** A daily return (negative = loss) as a loss in the answer's currency at the current equity. */
function lossAtEquity(fraction: number, context: RiskContext): string {
  return formatMoneyIn(Math.abs(fraction) * Math.max(0, context.endingEquity), context.currency ?? 'USD', {
    isWhole: true,
  });
}

function describeTail(oneIn: number, fraction: number, context: RiskContext, model: string): string {
  if (fraction >= 0) return `Even your 1-in-${oneIn} day ${model}is not a loss (${formatPercent(fraction)}).`;
  return `On a bad day (1 in ${oneIn}) ${model}you lose at least ${formatPercent(-fraction)} of your account, about ${lossAtEquity(fraction, context)} at today's equity.`;
}

function describeShortfall(oneIn: number, fraction: number, context: RiskContext): string {
  if (fraction >= 0) return `Your worst 1-in-${oneIn} days average no loss (${formatPercent(fraction)}).`;
  return `On your worst 1-in-${oneIn} days you lose ${formatPercent(-fraction)} on average, about ${lossAtEquity(fraction, context)} at today's equity.`;
}

/**
 * Every metric of the risk panel, in order: where it comes from in the summary, how it is
 * formatted and its one-line explanation (conventions of analytics-definitions.md).
 */
export const RISK_METRICS: readonly RiskMetric[] = [
  {
    id: 'sharpe',
    source: 'daily',
    key: 'sharpe',
    label: 'Sharpe ratio',
    kind: 'ratio',
    explain: (v) =>
      `Average daily return per unit of its ups and downs, annualised: ${v >= 2 ? 'excellent' : v >= 1 ? 'good' : v > 0 ? 'positive but bumpy' : 'no reward for the risk'} (above 1 is good).`,
    explainMissing: 'Needs at least two trading days with different returns.',
  },
  {
    id: 'sortino',
    source: 'daily',
    key: 'sortino',
    label: 'Sortino ratio',
    kind: 'ratio',
    explain: () => 'Like Sharpe, but only losing days count as risk: higher means your bad days are mild.',
    explainMissing: 'Infinite when no day lost money; undefined with too few days.',
  },
  {
    id: 'calmar',
    source: 'daily',
    key: 'calmar',
    label: 'Calmar ratio',
    kind: 'ratio',
    explain: (v) =>
      `Yearly growth rate divided by the deepest end-of-day drawdown: you grew ${TWO.format(Math.abs(v))}× ${v >= 0 ? 'more than' : 'worse than'} your worst drop.`,
    explainMissing: 'Infinite when the account never closed a day below a previous high.',
  },
  {
    id: 'maxDrawdownAbs',
    source: 'trades',
    key: 'maxDrawdownAbs',
    label: 'Max drawdown (amount)',
    kind: 'money',
    explain: (v, c) =>
      `The largest fall from an equity high, trade by trade: at worst you were ${formatMoneyIn(v, c.currency ?? 'USD')} below your peak.`,
    explainMissing: 'No trades yet.',
  },
  {
    id: 'maxDrawdownFrac',
    source: 'trades',
    key: 'maxDrawdownFrac',
    label: 'Max drawdown (%)',
    kind: 'percent',
    explain: (v) =>
      `The deepest fall as a share of the peak it fell from: ${formatPercent(v)} of your account at that high.`,
    explainMissing: 'Needs a positive starting balance on the account.',
  },
  {
    id: 'varHist95',
    source: 'daily',
    key: 'varHist95',
    label: 'VaR 95% (historical)',
    kind: 'percent',
    explain: (v, c) => describeTail(20, v, c, ''),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'cvarHist95',
    source: 'daily',
    key: 'cvarHist95',
    label: 'CVaR 95% (historical)',
    kind: 'percent',
    explain: (v, c) => describeShortfall(20, v, c),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'varHist99',
    source: 'daily',
    key: 'varHist99',
    label: 'VaR 99% (historical)',
    kind: 'percent',
    explain: (v, c) => describeTail(100, v, c, ''),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'cvarHist99',
    source: 'daily',
    key: 'cvarHist99',
    label: 'CVaR 99% (historical)',
    kind: 'percent',
    explain: (v, c) => describeShortfall(100, v, c),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'varGaussian95',
    source: 'daily',
    key: 'varGaussian95',
    label: 'VaR 95% (Gaussian)',
    kind: 'percent',
    explain: (v, c) => describeTail(20, v, c, 'if daily returns were bell-shaped, '),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'varGaussian99',
    source: 'daily',
    key: 'varGaussian99',
    label: 'VaR 99% (Gaussian)',
    kind: 'percent',
    explain: (v, c) => describeTail(100, v, c, 'if daily returns were bell-shaped, '),
    explainMissing: 'Needs at least one trading day.',
  },
  {
    id: 'varModified95',
    source: 'daily',
    key: 'varModified95',
    label: 'Modified VaR 95%',
    kind: 'percent',
    explain: (v, c) => describeTail(20, v, c, 'allowing for skew and fat tails, '),
    explainMissing: 'Needs at least two trading days with different returns.',
  },
  {
    id: 'varModified99',
    source: 'daily',
    key: 'varModified99',
    label: 'Modified VaR 99%',
    kind: 'percent',
    explain: (v, c) => describeTail(100, v, c, 'allowing for skew and fat tails, '),
    explainMissing: 'Needs at least two trading days with different returns.',
  },
  {
    id: 'sqn',
    source: 'trades',
    key: 'sqn',
    label: 'SQN',
    kind: 'ratio',
    explain: (v) =>
      `System Quality Number, √trades × average R ÷ spread of R: ${v >= 5 ? 'superb' : v >= 3 ? 'excellent' : v >= 2 ? 'good' : v >= 1.6 ? 'average' : 'poor'} (2 to 3 is good).`,
    explainMissing: 'Needs at least two trades with an R-multiple (set a stop or a risk amount).',
  },
  {
    id: 'kelly',
    source: 'trades',
    key: 'kelly',
    label: 'Kelly fraction',
    kind: 'percent',
    explain: (v) =>
      v <= 0
        ? 'Your win rate and payoff show no edge to size up: Kelly says risk nothing until that changes.'
        : `Win rate and payoff say risking ${formatPercent(v, 1)} of the account per trade maximises growth; most traders use a half or less.`,
    explainMissing: 'Needs winning and losing trades.',
  },
];

/**
 * The explanation line of a risk metric for a value from the API. A daily figure missing although
 * there are days is missing for want of returns, not of days: the line says so.
 */
export function explainRisk(metric: RiskMetric, value: JsonNumber | string | undefined, context: RiskContext): string {
  const n = toStatNumber(value);
  if (n === null || !Number.isFinite(n)) {
    const isForWantOfReturns = metric.source === 'daily' && context.days > 0 && !context.hasDailyReturns;
    return isForWantOfReturns ? NO_DAILY_RETURNS : metric.explainMissing;
  }
  return metric.explain(n, context);
}

// ------------------------------------------------------------------------------------------------
// The heatmap's colour scale

export type HeatScale = { kind: 'diverging'; center: number; span: number } | { kind: 'sequential'; max: number };

/** Strongest tint, in % of the colour: keeps the cell's text readable (WCAG AA) on both themes. */
export const MAX_TINT = 45;

/**
 * The scale for a metric's values: net P&L diverges around 0 (gain / loss), win rate around 50%,
 * the trade count is sequential from 0. The span is the largest distance from the centre.
 */
export function toHeatScale(metric: 'netPnl' | 'winRate' | 'count', values: readonly (number | null)[]): HeatScale {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (metric === 'count') return { kind: 'sequential', max: Math.max(0, ...present) };
  const center = metric === 'winRate' ? 0.5 : 0;
  return { kind: 'diverging', center, span: Math.max(0, ...present.map((v) => Math.abs(v - center))) };
}

/**
 * A cell's tint: which colour ('gain', 'loss', 'accent' or none) and how strong (0–MAX_TINT %),
 * growing with the square root of the distance so small values stay visible next to big ones.
 */
export function toHeatTint(
  value: number | null,
  scale: HeatScale,
): { tone: 'gain' | 'loss' | 'accent' | null; percent: number } {
  if (value === null || !Number.isFinite(value)) return { tone: null, percent: 0 };
  if (scale.kind === 'sequential') {
    if (scale.max <= 0 || value <= 0) return { tone: null, percent: 0 };
    return { tone: 'accent', percent: Math.round(8 + (MAX_TINT - 8) * Math.sqrt(Math.min(1, value / scale.max))) };
  }
  const distance = value - scale.center;
  if (distance === 0 || scale.span <= 0) return { tone: null, percent: 0 };
  const share = Math.sqrt(Math.min(1, Math.abs(distance) / scale.span));
  return { tone: distance > 0 ? 'gain' : 'loss', percent: Math.round(8 + (MAX_TINT - 8) * share) };
}

/** The CSS background of a tint, mixed from the theme's own colour variables. */
export function toHeatBackground(tint: {
  tone: 'gain' | 'loss' | 'accent' | null;
  percent: number;
}): string | undefined {
  if (!tint.tone || tint.percent === 0) return undefined;
  return `color-mix(in srgb, var(--${tint.tone}) ${tint.percent}%, var(--bg-elevated))`;
}
