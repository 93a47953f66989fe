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

/** A group as listed: its key, label and sort order. */
type GroupInfo = { key: string; label: string; order: number };

/**
 * Each trade's group as an integer code into `groups` (single-valued groupings), or several codes
 * per trade (`start`/`codes`, as a MultiColumn: tags, mistakes, emotions). Codes, not string keys:
 * grouping 100,000 trades is then a pass over typed arrays.
 */
type GroupCodes =
  { groups: GroupInfo[]; code: Int32Array } | { groups: GroupInfo[]; start: Int32Array; codes: Int32Array };

/** Codes for groups met in any order: a group's code is given the first time its key is seen. */
function createGroupTable() {
  const groups: GroupInfo[] = [];
  const byKey = new Map<string, number>();
  return {
    groups,
    codeOf(key: string, label: string, order: number): number {
      let code = byKey.get(key);
      if (code === undefined) {
        code = groups.push({ key, label, order }) - 1;
        byKey.set(key, code);
      }
      return code;
    },
  };
}

/** One code per trade from a per-trade integer value, the group of each distinct value described once. */
function byValue(
  n: number,
  valueOf: (i: number) => number,
  describe: (value: number) => GroupInfo,
): { groups: GroupInfo[]; code: Int32Array } {
  const table = createGroupTable();
  const codeByValue = new Map<number, number>();
  const code = new Int32Array(n);
  let lastValue = Number.NaN;
  let lastCode = -1;
  for (let i = 0; i < n; i++) {
    const value = valueOf(i);
    if (value !== lastValue) {
      let found = codeByValue.get(value);
      if (found === undefined) {
        const info = describe(value);
        found = table.codeOf(info.key, info.label, info.order);
        codeByValue.set(value, found);
      }
      lastValue = value;
      lastCode = found;
    }
    code[i] = lastCode;
  }
  return { groups: table.groups, code };
}

function byMulti(n: number, column: MultiColumn | undefined, none: string): GroupCodes {
  const table = createGroupTable();
  if (!column) {
    table.codeOf('none', none, 1);
    return { groups: table.groups, code: new Int32Array(n) };
  }
  const codeOfValue = new Int32Array(column.values.length).fill(-1);
  const start = new Int32Array(n + 1);
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const from = codes.length;
    for (let k = column.start[i]!; k < column.start[i + 1]!; k++) {
      const at = column.index[k]!;
      const ref = column.values[at];
      if (!ref) continue;
      let code = codeOfValue[at]!;
      if (code < 0) {
        code = table.codeOf(`v:${ref.id}`, ref.name, 0);
        codeOfValue[at] = code;
      }
      // A trade listed twice under one group (a duplicated tag) counts once.
      let isSeen = false;
      for (let j = from; j < codes.length; j++) if (codes[j] === code) isSeen = true;
      if (!isSeen) codes.push(code);
    }
    if (codes.length === from) codes.push(table.codeOf('none', none, 1));
    start[i + 1] = codes.length;
  }
  return { groups: table.groups, start, codes: Int32Array.from(codes) };
}

/** Groups of the close day: each local day's group worked out once. */
function byDay(
  columns: ReportColumns,
  calendar: ZonedCalendar,
  describe: (day: number) => GroupInfo,
): { groups: GroupInfo[]; code: Int32Array } {
  return byValue(columns.count, (i) => calendar.toDayNumber(columns.closedAt[i]!), describe);
}

/** Groups over a list the columns index into (symbols, asset classes, accounts…), -1 mapped by `none`. */
function byIndex(index: Int32Array, describe: (at: number) => GroupInfo): { groups: GroupInfo[]; code: Int32Array } {
  return byValue(index.length, (i) => index[i]!, describe);
}

function toGroupCodes(columns: ReportColumns, groupBy: ReportGroupBy, calendar: ZonedCalendar): GroupCodes {
  const n = columns.count;
  switch (groupBy) {
    case 'none':
      return { groups: [{ key: 'all', label: 'All trades', order: 0 }], code: new Int32Array(n) };
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
      return byValue(
        n,
        (i) => Math.floor(calendar.toHourOfWeek(columns.openedAt[i]!) / 24) + 1,
        (weekday) => ({ key: String(weekday), label: WEEKDAYS[weekday - 1]!, order: weekday }),
      );
    case 'hour':
      return byValue(
        n,
        (i) => (columns.isOpenTimeUnknown[i] === 1 ? -1 : calendar.toHourOfWeek(columns.openedAt[i]!) % 24),
        (hour) =>
          hour < 0
            ? { key: 'unknown', label: 'Time not in file', order: 99 }
            : { key: String(hour), label: `${String(hour).padStart(2, '0')}:00`, order: hour },
      );
    case 'symbol':
      return byIndex(columns.symbol, (at) => {
        const symbol = columns.symbols[at]!;
        return { key: symbol, label: symbol, order: 0 };
      });
    case 'assetClass':
      return byIndex(columns.assetClass, (at) => {
        const value = columns.assetClasses[at]!;
        return { key: value, label: value, order: 0 };
      });
    case 'account':
      return byIndex(columns.account, (at) => {
        const ref = columns.accounts[at]!;
        return { key: ref.id, label: ref.name, order: 0 };
      });
    case 'strategy':
      return byIndex(columns.strategy, (at) => {
        const ref = columns.strategies[at];
        return ref ? { key: ref.id, label: ref.name, order: 0 } : { key: 'none', label: 'No strategy', order: 1 };
      });
    case 'side':
      return byValue(
        n,
        (i) => columns.isShort[i]!,
        (isShort) =>
          isShort === 1 ? { key: 'short', label: 'Short', order: 1 } : { key: 'long', label: 'Long', order: 0 },
      );
    case 'holdingTime':
      return byValue(
        n,
        (i) => {
          const seconds = columns.holdingSeconds[i]!;
          return Number.isNaN(seconds) ? -1 : HOLDING_TIME_BUCKETS.findIndex((bucket) => seconds < bucket.below);
        },
        (at) => {
          const bucket = HOLDING_TIME_BUCKETS[at];
          return bucket
            ? { key: bucket.key, label: bucket.label, order: at }
            : { key: 'unknown', label: 'Unknown', order: 99 };
        },
      );
    case 'rBucket':
      return byValue(
        n,
        (i) => {
          const r = columns.rMultiple[i]!;
          return Number.isNaN(r) ? -1 : R_BUCKETS.findIndex((bucket) => r >= bucket.from && r < bucket.to);
        },
        (at) => {
          const bucket = R_BUCKETS[at];
          return bucket
            ? { key: bucket.key, label: bucket.label, order: at }
            : { key: 'none', label: 'No R', order: 99 };
        },
      );
    case 'tag':
      return byMulti(n, columns.tags, 'Untagged');
    case 'mistake':
      return byMulti(n, columns.mistakes, 'No mistake');
    case 'emotion':
      return byMulti(n, columns.emotions, 'No emotion');
    case 'rating':
      return byValue(
        n,
        (i) => columns.rating?.[i] ?? 0,
        (rating) =>
          rating >= 1 && rating <= 5
            ? { key: String(rating), label: `${rating} ★`, order: rating }
            : { key: 'none', label: 'Unrated', order: 99 },
      );
  }
}

/**
 * Each group's members (trade positions, ascending: close order), by counting sort over the codes:
 * one Int32Array holds them all, each group a view of it.
 */
function toMembers(codes: GroupCodes, n: number): Int32Array[] {
  const groupCount = codes.groups.length;
  const counts = new Int32Array(groupCount + 1);
  const list = 'code' in codes ? codes.code : codes.codes;
  for (let k = 0; k < list.length; k++) counts[list[k]! + 1]! += 1;
  for (let g = 0; g < groupCount; g++) counts[g + 1]! += counts[g]!;
  const all = new Int32Array(list.length);
  const fill = counts.slice(0, groupCount);
  if ('code' in codes) {
    for (let i = 0; i < n; i++) all[fill[codes.code[i]!]!++] = i;
  } else {
    for (let i = 0; i < n; i++) {
      for (let k = codes.start[i]!; k < codes.start[i + 1]!; k++) all[fill[codes.codes[k]!]!++] = i;
    }
  }
  return Array.from({ length: groupCount }, (_, g) => all.subarray(counts[g]!, counts[g + 1]!));
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
  const bands = columns.band;
  const pnl = new Float64Array(count);
  const wins: number[] = [];
  const losses: number[] = [];
  const rValues: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = members[k]!;
    // Whole and fraction share the sign; against the band (0 without one: the sign alone).
    const value = columns.net.whole[i]! + columns.net.frac[i]! / FRAC_UNITS;
    const band = bands === undefined ? 0 : bands[i]!;
    if (value > band) wins.push(i);
    else if (value < -band) losses.push(i);
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
  const codes = toGroupCodes(columns, params.groupBy, params.calendar);
  const members = toMembers(codes, columns.count);
  const rows = codes.groups.map((group, g) => ({
    order: group.order,
    row: computeReportRow(columns, { key: group.key, label: group.label, members: members[g]! }),
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
