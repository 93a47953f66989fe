import { HOLDING_TIME_BUCKETS, R_BUCKETS } from '../analytics/breakdown';
import { toJsonNumber, type JsonNumber } from '../analytics/json-number';
import { toDateKey, toWeekday, type ZonedCalendar } from '../analytics/time-zone';
import { divideScaled, fromScaledBigInt, roundDecimal, ROUNDING, subtract, D, type Decimal } from '../money/decimal';
import { computeMeanInterval, computeWilsonInterval } from './confidence';
import { FRAC_UNITS, type ExactMoneyColumn, type MultiColumn, type ReportColumns } from './report-columns';

/** What a report groups its trades by (days, hours and weekdays in the user's time zone). */
export const REPORT_GROUP_BYS = [
  'none',
  'day',
  'week',
  'month',
  'year',
  'weekday',
  'hour',
  'symbol',
  'strategy',
  'tag',
  'side',
  'assetClass',
  'holdingTime',
  'rBucket',
  'account',
  'mistake',
  'emotion',
  'rating',
] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BYS)[number];

/** Labels for the builder's group-by choice. */
export const REPORT_GROUP_BY_LABELS: Readonly<Record<ReportGroupBy, string>> = {
  none: 'No grouping',
  day: 'Day (of close)',
  week: 'Week (of close, from Monday)',
  month: 'Month (of close)',
  year: 'Year (of close)',
  weekday: 'Weekday (of entry)',
  hour: 'Hour (of entry)',
  symbol: 'Symbol',
  strategy: 'Strategy',
  tag: 'Tag',
  side: 'Side',
  assetClass: 'Asset class',
  holdingTime: 'Holding time',
  rBucket: 'R-multiple bucket',
  account: 'Account',
  mistake: 'Mistake',
  emotion: 'Emotion',
  rating: 'Rating',
};

/** Groups where a trade may count several times (one per tag, mistake, emotion). */
export const MULTI_VALUED_GROUP_BYS: ReadonlySet<ReportGroupBy> = new Set(['tag', 'mistake', 'emotion']);
/** Groupings that read the trade journal (not held by the analytics cache). */
export const JOURNAL_GROUP_BYS: ReadonlySet<ReportGroupBy> = new Set(['mistake', 'emotion', 'rating']);

/** Below this many trades a row is marked `lowSample`: its intervals are wide, its ranking unreliable. */
export const LOW_SAMPLE_TRADES = 30;

/**
 * One row of a report: a group's (or all trades') statistics. Money is exact decimal text (sums
 * exact; averages and interval ends to 8 places); ratios are JsonNumbers ("Infinity" for a non-zero
 * number over zero, null when undefined), as analytics-definitions.md has them.
 */
export type ReportRow = {
  key: string;
  label: string;
  count: number;
  wins: number;
  losses: number;
  netPnl: string;
  grossPnl: string;
  fees: string;
  /** wins / count (breakevens count in the denominator). */
  winRate: JsonNumber;
  /** Wilson score interval, 95%. */
  winRateCi95: [number, number] | null;
  /** Mean net P&L per trade. */
  expectancy: string | null;
  /** Student t interval of the mean net P&L, 95% (null below two trades). */
  expectancyCi95: [string, string] | null;
  /** Mean R over the trades that have one. */
  expectancyR: JsonNumber;
  expectancyRCi95: [number, number] | null;
  /** Σ wins' net P&L / |Σ losses' net P&L|. */
  profitFactor: JsonNumber;
  avgWin: string | null;
  /** Negative. */
  avgLoss: string | null;
  /** The same mean R as expectancyR (Van Tharp's expectancy is the average R). */
  avgR: JsonNumber;
  /** Largest fall from a running peak of cumulative net P&L, the start (0) included, in close order. */
  maxDrawdownAbs: string;
  lowSample: boolean;
};

export type Report = { total: ReportRow; groups: ReportRow[] };

/** A group as found: its key, label, sort order and the trades in it (positions, in close order). */
type Group = { key: string; label: string; order: number; members: number[] };

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Groups with a natural order (time, buckets); the others are listed by net P&L, best first. */
const ORDERED: ReadonlySet<ReportGroupBy> = new Set([
  'day',
  'week',
  'month',
  'year',
  'weekday',
  'hour',
  'side',
  'holdingTime',
  'rBucket',
  'rating',
]);

/** The trade's group keys: one for most groupings, any number for tags, mistakes and emotions. */
type Classifier = (i: number, add: (key: string, label: string, order: number) => void) => void;

function byMulti(column: MultiColumn | undefined, none: string): Classifier {
  return (i, add) => {
    if (!column) {
      add('none', none, 1);
      return;
    }
    let found = false;
    for (let k = column.start[i]!; k < column.start[i + 1]!; k++) {
      const ref = column.values[column.index[k]!];
      if (!ref) continue;
      found = true;
      add(`v:${ref.id}`, ref.name, 0);
    }
    if (!found) add('none', none, 1);
  };
}

/**
 * A grouping by the close day: each local day's group worked out once (trades come in close
 * order, so most look-ups hit the day before).
 */
function byDay(
  columns: ReportColumns,
  calendar: ZonedCalendar,
  describe: (day: number) => { key: string; label: string; order: number },
): Classifier {
  const byDayNumber = new Map<number, { key: string; label: string; order: number }>();
  return (i, add) => {
    const day = calendar.toDayNumber(columns.closedAt[i]!);
    let group = byDayNumber.get(day);
    if (!group) {
      group = describe(day);
      byDayNumber.set(day, group);
    }
    add(group.key, group.label, group.order);
  };
}

function toClassifier(columns: ReportColumns, groupBy: ReportGroupBy, calendar: ZonedCalendar): Classifier {
  switch (groupBy) {
    case 'none':
      return (_, add) => add('all', 'All trades', 0);
    case 'day':
      return byDay(columns, calendar, (day) => {
        const key = toDateKey(day);
        return { key, label: key, order: day };
      });
    case 'week':
      return byDay(columns, calendar, (day) => {
        const monday = day - (toWeekday(day) - 1);
        return { key: toDateKey(monday), label: `Week of ${toDateKey(monday)}`, order: monday };
      });
    case 'month':
      return byDay(columns, calendar, (day) => {
        const key = toDateKey(day).slice(0, 7);
        const month = Number(key.slice(5, 7));
        return { key, label: `${MONTHS[month - 1]} ${key.slice(0, 4)}`, order: Number(key.slice(0, 4)) * 12 + month };
      });
    case 'year':
      return byDay(columns, calendar, (day) => {
        const key = toDateKey(day).slice(0, 4);
        return { key, label: key, order: Number(key) };
      });
    case 'weekday':
      return (i, add) => {
        const weekday = calendar.toPosition(columns.openedAt[i]!).weekday;
        add(String(weekday), WEEKDAYS[weekday - 1]!, weekday);
      };
    case 'hour':
      return (i, add) => {
        if (columns.isOpenTimeUnknown[i] === 1) {
          add('unknown', 'Time not in file', 99);
          return;
        }
        const hour = calendar.toPosition(columns.openedAt[i]!).hour;
        add(String(hour), `${String(hour).padStart(2, '0')}:00`, hour);
      };
    case 'symbol':
      return (i, add) => {
        const symbol = columns.symbols[columns.symbol[i]!]!;
        add(symbol, symbol, 0);
      };
    case 'assetClass':
      return (i, add) => {
        const value = columns.assetClasses[columns.assetClass[i]!]!;
        add(value, value, 0);
      };
    case 'account':
      return (i, add) => {
        const ref = columns.accounts[columns.account[i]!]!;
        add(ref.id, ref.name, 0);
      };
    case 'strategy':
      return (i, add) => {
        const ref = columns.strategies[columns.strategy[i]!];
        if (ref) add(ref.id, ref.name, 0);
        else add('none', 'No strategy', 1);
      };
    case 'side':
      return (i, add) => (columns.isShort[i] === 1 ? add('short', 'Short', 1) : add('long', 'Long', 0));
    case 'holdingTime':
      return (i, add) => {
        const seconds = columns.holdingSeconds[i]!;
        const at = Number.isNaN(seconds) ? -1 : HOLDING_TIME_BUCKETS.findIndex((bucket) => seconds < bucket.below);
        const bucket = HOLDING_TIME_BUCKETS[at];
        if (bucket) add(bucket.key, bucket.label, at);
        else add('unknown', 'Unknown', 99);
      };
    case 'rBucket':
      return (i, add) => {
        const r = columns.rMultiple[i]!;
        const at = Number.isNaN(r) ? -1 : R_BUCKETS.findIndex((bucket) => r >= bucket.from && r < bucket.to);
        const bucket = R_BUCKETS[at];
        if (bucket) add(bucket.key, bucket.label, at);
        else add('none', 'No R', 99);
      };
    case 'tag':
      return byMulti(columns.tags, 'Untagged');
    case 'mistake':
      return byMulti(columns.mistakes, 'No mistake');
    case 'emotion':
      return byMulti(columns.emotions, 'No emotion');
    case 'rating':
      return (i, add) => {
        const rating = columns.rating?.[i] ?? 0;
        if (rating >= 1 && rating <= 5) add(String(rating), `${rating} ★`, rating);
        else add('none', 'Unrated', 99);
      };
  }
}

/** Keys of multi-valued groups carry a `v:` prefix internally so that an id never collides with "none". */
const toPublicKey = (key: string) => (key.startsWith('v:') ? key.slice(2) : key);

const toBigScaled = (whole: number, frac: number) => BigInt(whole) * 100_000_000n + BigInt(frac);

/** Σ of an exact column over the members, as 1e-8 units. */
function sumScaled(column: ExactMoneyColumn, members: ArrayLike<number>): bigint {
  let whole = 0;
  let frac = 0;
  for (let k = 0; k < members.length; k++) {
    const i = members[k]!;
    whole += column.whole[i]!;
    frac += column.frac[i]!;
  }
  return toBigScaled(whole, frac);
}

/** A decimal as text in plain notation, trailing zeros dropped ("12.5", "-0.00000001", "0"). */
function toText(value: Decimal): string {
  const text = value.toString();
  return text === '-0' ? '0' : text;
}

const toMoneyText = (scaled: bigint) => toText(fromScaledBigInt(scaled, 8));
const toMeanText = (scaled: bigint, count: number) =>
  toText(roundDecimal(divideScaled(scaled, 8, BigInt(count), 0), 8, ROUNDING.halfEven));

/** x to 8 places, rounded down (toward −∞) or up (toward +∞), as text. */
function toBoundText(value: Decimal, direction: 'down' | 'up'): string {
  const isNegative = value.lt(0);
  const mode = (direction === 'down') !== isNegative ? ROUNDING.down : ROUNDING.up;
  return toText(roundDecimal(value, 8, mode));
}

/**
 * The largest fall of cumulative net P&L from its running peak (0, the start, is the first peak),
 * exactly: the running total is kept as whole units and 1e-8 units, normalised after each trade.
 */
function computeMaxDrawdownScaled(net: ExactMoneyColumn, members: ArrayLike<number>): bigint {
  let eqWhole = 0;
  let eqFrac = 0;
  let peakWhole = 0;
  let peakFrac = 0;
  let ddWhole = 0;
  let ddFrac = 0;
  for (let k = 0; k < members.length; k++) {
    const i = members[k]!;
    eqWhole += net.whole[i]!;
    eqFrac += net.frac[i]!;
    const carry = Math.floor(eqFrac / FRAC_UNITS);
    eqWhole += carry;
    eqFrac -= carry * FRAC_UNITS;
    if (eqWhole > peakWhole || (eqWhole === peakWhole && eqFrac > peakFrac)) {
      peakWhole = eqWhole;
      peakFrac = eqFrac;
      continue;
    }
    let w = peakWhole - eqWhole;
    let f = peakFrac - eqFrac;
    if (f < 0) {
      w -= 1;
      f += FRAC_UNITS;
    }
    if (w > ddWhole || (w === ddWhole && f > ddFrac)) {
      ddWhole = w;
      ddFrac = f;
    }
  }
  return toBigScaled(ddWhole, ddFrac);
}

/** The statistics of the trades at `members` (positions in close order). */
export function computeReportRow(
  columns: ReportColumns,
  params: { key: string; label: string; members: ArrayLike<number> },
): ReportRow {
  const { members } = params;
  const count = members.length;
  const pnl = new Float64Array(count);
  const wins: number[] = [];
  const losses: number[] = [];
  const rValues: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = members[k]!;
    // The sign of the exact value: whole and fraction share it.
    const sign = columns.net.whole[i]! + columns.net.frac[i]! / FRAC_UNITS;
    if (sign > 0) wins.push(i);
    else if (sign < 0) losses.push(i);
    pnl[k] = columns.netPnl[i]!;
    const r = columns.rMultiple[i]!;
    if (!Number.isNaN(r)) rValues.push(r);
  }
  const net = sumScaled(columns.net, members);
  const winTotal = sumScaled(columns.net, wins);
  const lossTotal = sumScaled(columns.net, losses);
  const money = computeMeanInterval(pnl);
  const r = computeMeanInterval(rValues);
  let expectancyCi95: [string, string] | null = null;
  if (money.interval !== null) {
    // Centred on the exact mean, widened outward at the 8th place: it always holds the mean shown.
    const mean = divideScaled(net, 8, BigInt(count), 0);
    const half = D((money.interval[1] - money.interval[0]) / 2);
    expectancyCi95 = [toBoundText(subtract(mean, half), 'down'), toBoundText(mean.plus(half) as Decimal, 'up')];
  }
  const profitFactor =
    lossTotal === 0n
      ? winTotal === 0n
        ? null
        : Infinity
      : Number(toText(divideScaled(winTotal, 8, lossTotal < 0n ? -lossTotal : lossTotal, 8)));
  return {
    key: toPublicKey(params.key),
    label: params.label,
    count,
    wins: wins.length,
    losses: losses.length,
    netPnl: toMoneyText(net),
    grossPnl: toMoneyText(sumScaled(columns.gross, members)),
    fees: toMoneyText(sumScaled(columns.fees, members)),
    winRate: count === 0 ? null : wins.length / count,
    winRateCi95: computeWilsonInterval(wins.length, count),
    expectancy: count === 0 ? null : toMeanText(net, count),
    expectancyCi95,
    expectancyR: toJsonNumber(r.mean),
    expectancyRCi95: r.interval,
    profitFactor: toJsonNumber(profitFactor),
    avgWin: wins.length === 0 ? null : toMeanText(winTotal, wins.length),
    avgLoss: losses.length === 0 ? null : toMeanText(lossTotal, losses.length),
    avgR: toJsonNumber(r.mean),
    maxDrawdownAbs: toMoneyText(computeMaxDrawdownScaled(columns.net, members)),
    lowSample: count < LOW_SAMPLE_TRADES,
  };
}

/**
 * The report of the trades in `columns`: every trade's row (`total`) and one row per group.
 * Day, week, month and year are of the close, weekday and hour of the entry, in the calendar's
 * time zone (as the analytics breakdowns). A trade with several tags (mistakes, emotions) counts in
 * each of their groups, and in the "none" group when it has none; every other grouping puts each
 * trade in exactly one group. Time groupings, buckets, side and rating are listed in their order;
 * the others by net P&L, best first.
 */
export function computeReport(
  columns: ReportColumns,
  params: { groupBy: ReportGroupBy; calendar: ZonedCalendar },
): Report {
  const all = new Int32Array(columns.count);
  for (let i = 0; i < columns.count; i++) all[i] = i;
  const total = computeReportRow(columns, { key: 'total', label: 'All trades', members: all });
  const classify = toClassifier(columns, params.groupBy, params.calendar);
  const groups = new Map<string, Group>();
  let current = 0;
  const add = (key: string, label: string, order: number) => {
    let group = groups.get(key);
    if (!group) {
      group = { key, label, order, members: [] };
      groups.set(key, group);
    }
    // A trade listed twice under one key (a duplicated tag) counts once.
    if (group.members[group.members.length - 1] !== current) group.members.push(current);
  };
  for (let i = 0; i < columns.count; i++) {
    current = i;
    classify(i, add);
  }
  const rows = [...groups.values()].map((group) => ({
    order: group.order,
    row: computeReportRow(columns, group),
  }));
  const isOrdered = ORDERED.has(params.groupBy);
  rows.sort((a, b) =>
    isOrdered || a.order !== b.order
      ? a.order - b.order || compareText(a.row.key, b.row.key)
      : Number(b.row.netPnl) - Number(a.row.netPnl) || compareText(a.row.key, b.row.key),
  );
  return { total, groups: rows.map((entry) => entry.row) };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** B − A of a report row's figures: what changes from the base filter to the compared one. */
export type ReportRowDifference = {
  key: string;
  label: string;
  count: number;
  netPnl: string;
  grossPnl: string;
  fees: string;
  winRate: JsonNumber;
  expectancy: string | null;
  expectancyR: JsonNumber;
  profitFactor: JsonNumber;
  avgWin: string | null;
  avgLoss: string | null;
  maxDrawdownAbs: string;
};

const ZERO_ROW_TEXT = '0';

function minusText(b: string | null, a: string | null): string | null {
  if (a === null || b === null) return null;
  return toText(subtract(D(b), D(a)));
}

function minusNumber(b: JsonNumber, a: JsonNumber): JsonNumber {
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  return toJsonNumber(b - a);
}

/** The difference of two rows, B − A; a group missing on one side counts as no trades there. */
export function toRowDifference(a: ReportRow | undefined, b: ReportRow | undefined): ReportRowDifference {
  const key = (b ?? a)!.key;
  const label = (b ?? a)!.label;
  const money = (row: ReportRow | undefined, field: 'netPnl' | 'grossPnl' | 'fees' | 'maxDrawdownAbs') =>
    row ? row[field] : ZERO_ROW_TEXT;
  return {
    key,
    label,
    count: (b?.count ?? 0) - (a?.count ?? 0),
    netPnl: minusText(money(b, 'netPnl'), money(a, 'netPnl'))!,
    grossPnl: minusText(money(b, 'grossPnl'), money(a, 'grossPnl'))!,
    fees: minusText(money(b, 'fees'), money(a, 'fees'))!,
    winRate: minusNumber(b?.winRate ?? null, a?.winRate ?? null),
    expectancy: minusText(b?.expectancy ?? null, a?.expectancy ?? null),
    expectancyR: minusNumber(b?.expectancyR ?? null, a?.expectancyR ?? null),
    profitFactor: minusNumber(b?.profitFactor ?? null, a?.profitFactor ?? null),
    avgWin: minusText(b?.avgWin ?? null, a?.avgWin ?? null),
    avgLoss: minusText(b?.avgLoss ?? null, a?.avgLoss ?? null),
    maxDrawdownAbs: minusText(money(b, 'maxDrawdownAbs'), money(a, 'maxDrawdownAbs'))!,
  };
}

export type ReportDifference = { total: ReportRowDifference; groups: ReportRowDifference[] };

/**
 * B − A of two reports of one grouping: the totals, and each group found on either side (in A's
 * order, then B's new groups).
 */
export function computeReportDifference(a: Report, b: Report): ReportDifference {
  const bByKey = new Map(b.groups.map((row) => [row.key, row]));
  const aKeys = new Set(a.groups.map((row) => row.key));
  return {
    total: toRowDifference(a.total, b.total),
    groups: [
      ...a.groups.map((row) => toRowDifference(row, bByKey.get(row.key))),
      ...b.groups.filter((row) => !aKeys.has(row.key)).map((row) => toRowDifference(undefined, row)),
    ],
  };
}
