import { toJsonNumber, type JsonNumber } from './json-number';
import { divideOrInfinity } from './numeric';
import type { AnalyticsTrade } from './trade-stats';
import {
  toTradeDetailColumns,
  type TradeColumns,
  type TradeDetailColumns,
  type TradeDetailInput,
  type NamedRef,
} from './trade-columns';
import { toDateKey, type ZonedCalendar } from './time-zone';

/** A closed trade with what breakdowns, the heatmap and the calendar group by. */
export type AnalyticsTradeDetail = AnalyticsTrade & {
  /** Entry time, epoch ms. */
  openedAt: number;
  symbol: string;
  side: 'long' | 'short';
  assetClass: string;
  strategy: { id: string; name: string } | null;
  tags: readonly { id: string; name: string }[];
  holdingSeconds: number | null;
};

export const BREAKDOWN_DIMENSIONS = [
  'symbol',
  'strategy',
  'tag',
  'side',
  'assetClass',
  'weekday',
  'hour',
  'month',
  'holdingTime',
  'rBucket',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** Statistics of one group of trades (conventions as in the trade statistics). */
export type GroupStats = {
  count: number;
  wins: number;
  losses: number;
  breakeven: number;
  winRate: number | null;
  netPnl: number;
  grossProfit: number;
  grossLoss: number;
  avgWin: number | null;
  avgLoss: number | null;
  profitFactor: number | null;
  /** Mean net P&L per trade. */
  expectancy: number | null;
  /** Mean R over the group's trades that have an R. */
  expectancyR: number | null;
  rCount: number;
  totalR: number;
};

export type BreakdownGroup = GroupStats & { key: string; label: string };

/** A group on the wire: its statistics as JsonNumbers (what `toJsonNumbers` makes of it). */
export type BreakdownGroupJson = { key: string; label: string } & { [K in keyof GroupStats]: JsonNumber };

/**
 * {@link toJsonNumbers} of a group, field by field: a breakdown by symbol can have 50,000 groups,
 * and the generic version costs more than computing them. Same keys in the same order.
 */
export function toBreakdownGroupJson(group: BreakdownGroup): BreakdownGroupJson {
  return {
    key: group.key,
    label: group.label,
    count: toJsonNumber(group.count),
    wins: toJsonNumber(group.wins),
    losses: toJsonNumber(group.losses),
    breakeven: toJsonNumber(group.breakeven),
    winRate: toJsonNumber(group.winRate),
    netPnl: toJsonNumber(group.netPnl),
    grossProfit: toJsonNumber(group.grossProfit),
    grossLoss: toJsonNumber(group.grossLoss),
    avgWin: toJsonNumber(group.avgWin),
    avgLoss: toJsonNumber(group.avgLoss),
    profitFactor: toJsonNumber(group.profitFactor),
    expectancy: toJsonNumber(group.expectancy),
    expectancyR: toJsonNumber(group.expectancyR),
    rCount: toJsonNumber(group.rCount),
    totalR: toJsonNumber(group.totalR),
  };
}

/**
 * Counts and Neumaier running sums of groups, in typed arrays indexed by group slot and fed one
 * trade at a time. A running sum takes the same steps as `sumCompensated` over the group's list,
 * in the same order, so its result is bit-for-bit the same without building any list.
 */
type Tallies = {
  /** Per slot: count, wins, losses, rCount. */
  counts: Int32Array;
  /** Per slot: total and carry of all net P&L, of the wins, of the losses and of the Rs. */
  sums: Float64Array;
};

const COUNTS_PER_SLOT = 4;
const SUMS_PER_SLOT = 8;
const [WINS, LOSSES, R_COUNT] = [1, 2, 3];
const [NET, PROFIT, LOSS, R] = [0, 2, 4, 6];

function createTallies(slots: number): Tallies {
  return { counts: new Int32Array(slots * COUNTS_PER_SLOT), sums: new Float64Array(slots * SUMS_PER_SLOT) };
}

/** One step of `sumCompensated`, on the total at `at` and its carry at `at + 1`. */
function addCompensated(sums: Float64Array, at: number, x: number): void {
  const total = sums[at]!;
  const t = total + x;
  sums[at + 1] = sums[at + 1]! + (Math.abs(total) >= Math.abs(x) ? total - t + x : x - t + total);
  sums[at] = t;
}

/**
 * Adds a net P&L to all, and to wins (> band) or losses (< −band), as the definitions' lists take
 * it (the band is the user's breakeven band for the trade, 0 without one).
 */
function addPnl(tallies: Tallies, slot: number, pnl: number, band: number): void {
  const { counts, sums } = tallies;
  const c = slot * COUNTS_PER_SLOT;
  const s = slot * SUMS_PER_SLOT;
  counts[c]!++;
  addCompensated(sums, s + NET, pnl);
  if (pnl > band) {
    counts[c + WINS]!++;
    addCompensated(sums, s + PROFIT, pnl);
  } else if (pnl < -band) {
    counts[c + LOSSES]!++;
    addCompensated(sums, s + LOSS, pnl);
  }
}

/** Adds a (non-null) R. */
function addR(tallies: Tallies, slot: number, r: number): void {
  tallies.counts[slot * COUNTS_PER_SLOT + R_COUNT]!++;
  addCompensated(tallies.sums, slot * SUMS_PER_SLOT + R, r);
}

/** The mean of `count` values summing to `sum`, as `computeMean` gives it; null for none. */
function toMean(sum: number, count: number): number | null {
  return count === 0 ? null : sum / count;
}

function toGroupStats(tallies: Tallies, slot: number): GroupStats {
  const { counts, sums } = tallies;
  const c = slot * COUNTS_PER_SLOT;
  const s = slot * SUMS_PER_SLOT;
  const [count, wins, losses, rCount] = [counts[c]!, counts[c + WINS]!, counts[c + LOSSES]!, counts[c + R_COUNT]!];
  // What `sumCompensated` returns: total + carry.
  const netPnl = sums[s + NET]! + sums[s + NET + 1]!;
  const grossProfit = sums[s + PROFIT]! + sums[s + PROFIT + 1]!;
  const grossLoss = sums[s + LOSS]! + sums[s + LOSS + 1]!;
  const totalR = sums[s + R]! + sums[s + R + 1]!;
  return {
    count,
    wins,
    losses,
    breakeven: count - wins - losses,
    winRate: divideOrInfinity(wins, count),
    netPnl,
    grossProfit,
    grossLoss,
    avgWin: toMean(grossProfit, wins),
    avgLoss: toMean(grossLoss, losses),
    profitFactor: divideOrInfinity(grossProfit, Math.abs(grossLoss)),
    expectancy: toMean(netPnl, count),
    expectancyR: toMean(totalR, rCount),
    rCount,
    totalR,
  };
}

const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Holding-time buckets: upper bounds in seconds (exclusive), in order. */
export const HOLDING_TIME_BUCKETS: readonly { key: string; label: string; below: number }[] = [
  { key: 'lt1m', label: '< 1 min', below: 60 },
  { key: '1m-5m', label: '1–5 min', below: 300 },
  { key: '5m-15m', label: '5–15 min', below: 900 },
  { key: '15m-1h', label: '15–60 min', below: 3_600 },
  { key: '1h-4h', label: '1–4 h', below: 14_400 },
  { key: '4h-1d', label: '4 h – 1 day', below: 86_400 },
  { key: '1d-1w', label: '1–7 days', below: 604_800 },
  { key: 'gte1w', label: '≥ 7 days', below: Infinity },
];

/** R buckets: half-open [from, to), in order. */
export const R_BUCKETS: readonly { key: string; label: string; from: number; to: number }[] = [
  { key: 'lt-2', label: '< −2R', from: -Infinity, to: -2 },
  { key: '-2..-1', label: '−2R to −1R', from: -2, to: -1 },
  { key: '-1..0', label: '−1R to 0R', from: -1, to: 0 },
  { key: '0..1', label: '0R to 1R', from: 0, to: 1 },
  { key: '1..2', label: '1R to 2R', from: 1, to: 2 },
  { key: '2..3', label: '2R to 3R', from: 2, to: 3 },
  { key: 'gte3', label: '≥ 3R', from: 3, to: Infinity },
];

type Keyed = { key: string; label: string; order: number };

// Built once, so that most trades cost a look-up rather than new strings.
const WEEKDAY_KEYED: readonly Keyed[] = WEEKDAY_LABELS.map((label, i) => ({ key: String(i + 1), label, order: i + 1 }));
const HOUR_KEYED: readonly Keyed[] = Array.from({ length: 24 }, (_, hour) => ({
  key: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
  order: hour,
}));
const HOLDING_TIME_KEYED: readonly Keyed[] = HOLDING_TIME_BUCKETS.map((bucket, order) => ({ ...bucket, order }));
const R_KEYED: readonly Keyed[] = R_BUCKETS.map((bucket, order) => ({ ...bucket, order }));
const NO_STRATEGY: Keyed = { key: 'none', label: 'No strategy', order: 1 };
const UNTAGGED: Keyed = { key: 'none', label: 'Untagged', order: 1 };
const UNKNOWN_HOLDING_TIME: Keyed = { key: 'unknown', label: 'Unknown', order: 99 };
const NO_R: Keyed = { key: 'none', label: 'No R', order: 99 };
const TIME_NOT_IN_FILE: Keyed = { key: 'unknown', label: 'Time not in file', order: 99 };

/**
 * The groups found so far, in the order their first trade came, and their tallies. A dimension
 * gives each trade an integer code (a symbol's index, an hour of the week, …) and the group of a
 * code is looked up in an array, so a million trades cost no string or map look-up.
 */
type Grouping = {
  slotOfCode: Int32Array;
  listed: Keyed[];
  tallies: Tallies;
};

/**
 * Counts trade i of the columns in the group of `code`; a new group is described by
 * `describe(arg)`, so the trade that comes first names its group.
 */
function addToGroup(
  grouping: Grouping,
  columns: TradeColumns,
  i: number,
  code: number,
  describe: (arg: number) => Keyed,
  arg: number,
): void {
  let slot = grouping.slotOfCode[code]!;
  if (slot < 0) {
    slot = grouping.listed.length;
    grouping.slotOfCode[code] = slot;
    grouping.listed.push(describe(arg));
    if (slot * COUNTS_PER_SLOT >= grouping.tallies.counts.length) grouping.tallies = growTallies(grouping.tallies);
  }
  addPnl(grouping.tallies, slot, columns.netPnl[i]!, columns.band?.[i] ?? 0);
  const r = columns.rMultiple[i]!;
  if (!Number.isNaN(r)) addR(grouping.tallies, slot, r);
}

/** Twice the slots, the tallies so far kept. */
function growTallies(tallies: Tallies): Tallies {
  const grown = createTallies((tallies.counts.length / COUNTS_PER_SLOT) * 2);
  grown.counts.set(tallies.counts);
  grown.sums.set(tallies.sums);
  return grown;
}

const named = (value: string): Keyed => ({ key: value, label: value, order: 0 });
const SIDE_KEYED: readonly Keyed[] = [
  { key: 'long', label: 'Long', order: 0 },
  { key: 'short', label: 'Short', order: 1 },
];

/** Per trade (by index): its group's code, below `codes`, and the group it names when it comes first. */
type Dimension = { codes: number; codeOf: (i: number) => number; describe: (i: number) => Keyed };

/** The index of the entry whose id is `key` (−1 for none): such an id and the missing value share a key. */
const indexOfId = (refs: readonly (NamedRef | null)[], key: string) => refs.findIndex((ref) => ref?.id === key);

function toDimension(
  columns: TradeDetailColumns,
  by: Exclude<BreakdownDimension, 'tag'>,
  calendar: ZonedCalendar,
): Dimension {
  switch (by) {
    case 'symbol':
      return {
        codes: columns.symbols.length,
        codeOf: (i) => columns.symbol[i]!,
        describe: (i) => named(columns.symbols[columns.symbol[i]!]!),
      };
    case 'assetClass':
      return {
        codes: columns.assetClasses.length,
        codeOf: (i) => columns.assetClass[i]!,
        describe: (i) => named(columns.assetClasses[columns.assetClass[i]!]!),
      };
    case 'strategy': {
      const none = indexOfId(columns.strategies, NO_STRATEGY.key);
      return {
        codes: columns.strategies.length + 1,
        codeOf: (i) => (columns.strategy[i]! < 0 ? none : columns.strategy[i]!) + 1,
        describe: (i) => {
          const strategy = columns.strategies[columns.strategy[i]!];
          return strategy ? { key: strategy.id, label: strategy.name, order: 0 } : NO_STRATEGY;
        },
      };
    }
    case 'side':
      return { codes: 2, codeOf: (i) => columns.isShort[i]!, describe: (i) => SIDE_KEYED[columns.isShort[i]!]! };
    case 'weekday': {
      const codeOf = (i: number) => Math.floor(calendar.toHourOfWeek(columns.openedAt[i]!) / 24);
      return { codes: 7, codeOf, describe: (i) => WEEKDAY_KEYED[codeOf(i)]! };
    }
    case 'hour': {
      // A trade whose file gave its entry's day alone has no hour: one group of its own, after 23:00.
      const unknown = columns.isOpenTimeUnknown;
      const codeOf = unknown
        ? (i: number) => (unknown[i] === 1 ? 24 : calendar.toHourOfWeek(columns.openedAt[i]!) % 24)
        : (i: number) => calendar.toHourOfWeek(columns.openedAt[i]!) % 24;
      return { codes: 25, codeOf, describe: (i) => (codeOf(i) === 24 ? TIME_NOT_IN_FILE : HOUR_KEYED[codeOf(i)]!) };
    }
    case 'month': {
      // Codes are the months met, in order met; trades come in close order, so the day changes rarely.
      const months: string[] = [];
      const codeOfMonth = new Map<string, number>();
      let lastDay = Number.NaN;
      let lastCode = -1;
      const codeOf = (i: number) => {
        const day = calendar.toDayNumber(columns.closedAt[i]!);
        if (day !== lastDay) {
          lastDay = day;
          const month = toDateKey(day).slice(0, 7);
          lastCode = codeOfMonth.get(month) ?? months.push(month) - 1;
          codeOfMonth.set(month, lastCode);
        }
        return lastCode;
      };
      return { codes: columns.count, codeOf, describe: (i) => named(months[codeOf(i)]!) };
    }
    case 'holdingTime': {
      const unknown = HOLDING_TIME_KEYED.length;
      const codeOf = (i: number) => {
        const seconds = columns.holdingSeconds[i]!;
        return Number.isNaN(seconds) ? unknown : HOLDING_TIME_BUCKETS.findIndex((bucket) => seconds < bucket.below);
      };
      return { codes: unknown + 1, codeOf, describe: (i) => HOLDING_TIME_KEYED[codeOf(i)] ?? UNKNOWN_HOLDING_TIME };
    }
    case 'rBucket': {
      const none = R_KEYED.length;
      const codeOf = (i: number) => {
        const r = columns.rMultiple[i]!;
        return Number.isNaN(r) ? none : R_BUCKETS.findIndex((bucket) => r >= bucket.from && r < bucket.to);
      };
      return { codes: none + 1, codeOf, describe: (i) => R_KEYED[codeOf(i)] ?? NO_R };
    }
  }
}

/** Counts every trade in its tags' groups (a tag not found is left out; no tag left: untagged). */
function addByTag(grouping: Grouping, columns: TradeDetailColumns): void {
  const idOfNone = indexOfId(columns.tags, UNTAGGED.key);
  const untagged = idOfNone >= 0 ? idOfNone : columns.tags.length;
  // By tag index; −1 for untagged.
  const describe = (tag: number): Keyed => {
    const ref = columns.tags[tag];
    return ref ? { key: ref.id, label: ref.name, order: 0 } : UNTAGGED;
  };
  for (let i = 0; i < columns.count; i++) {
    let isTagged = false;
    for (let k = columns.tagStart[i]!; k < columns.tagStart[i + 1]!; k++) {
      const tag = columns.tagIndex[k]!;
      if (columns.tags[tag] === null) continue;
      isTagged = true;
      addToGroup(grouping, columns, i, tag, describe, tag);
    }
    if (!isTagged) addToGroup(grouping, columns, i, untagged, describe, -1);
  }
}

/**
 * Key and label, then the statistics: the property order of `{ key, label, ...stats }`, which JSON
 * responses show, built field by field because spreading 5,000 groups' statistics costs more than
 * computing them.
 */
function toBreakdownGroup(group: Keyed, stats: GroupStats): BreakdownGroup {
  return {
    key: group.key,
    label: group.label,
    count: stats.count,
    wins: stats.wins,
    losses: stats.losses,
    breakeven: stats.breakeven,
    winRate: stats.winRate,
    netPnl: stats.netPnl,
    grossProfit: stats.grossProfit,
    grossLoss: stats.grossLoss,
    avgWin: stats.avgWin,
    avgLoss: stats.avgLoss,
    profitFactor: stats.profitFactor,
    expectancy: stats.expectancy,
    expectancyR: stats.expectancyR,
    rCount: stats.rCount,
    totalR: stats.totalR,
  };
}

/** Dimensions whose groups have a natural order; the others are listed by net P&L, best first. */
const ORDERED: ReadonlySet<BreakdownDimension> = new Set([
  'side',
  'weekday',
  'hour',
  'month',
  'holdingTime',
  'rBucket',
]);

/**
 * Groups trades by a dimension and computes each group's statistics. Hour and weekday are of the
 * entry (openedAt) in the calendar's time zone; month is of the exit (closedAt), as the calendar
 * and the daily returns are. A trade with several tags counts in each of its tags' groups.
 *
 * One pass in close order (the cache's trades already are) keeps running compensated sums per
 * group: the same doubles as summing each group's list, without building the lists.
 */
export function computeBreakdown(
  input: TradeDetailInput,
  params: { by: BreakdownDimension; calendar: ZonedCalendar },
): BreakdownGroup[] {
  const columns = toTradeDetailColumns(input);
  if (params.by === 'tag') {
    const grouping = createGrouping(columns.tags.length + 1);
    addByTag(grouping, columns);
    return toSortedGroups(grouping, params.by);
  }
  const dimension = toDimension(columns, params.by, params.calendar);
  const grouping = createGrouping(dimension.codes);
  for (let i = 0; i < columns.count; i++) {
    addToGroup(grouping, columns, i, dimension.codeOf(i), dimension.describe, i);
  }
  return toSortedGroups(grouping, params.by);
}

function createGrouping(codes: number): Grouping {
  return { slotOfCode: new Int32Array(codes).fill(-1), listed: [], tallies: createTallies(64) };
}

/** Each group's statistics, in the dimension's order. */
function toSortedGroups(grouping: Grouping, by: BreakdownDimension): BreakdownGroup[] {
  const out = grouping.listed.map((group, slot) => ({
    order: group.order,
    group: toBreakdownGroup(group, toGroupStats(grouping.tallies, slot)),
  }));
  const isOrdered = ORDERED.has(by);
  out.sort((a, b) =>
    isOrdered || a.order !== b.order
      ? a.order - b.order || (a.group.key < b.group.key ? -1 : a.group.key > b.group.key ? 1 : 0)
      : b.group.netPnl - a.group.netPnl || (a.group.key < b.group.key ? -1 : 1),
  );
  return out.map((entry) => entry.group);
}
