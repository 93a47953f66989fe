import { computeMeanInterval, computeWilsonInterval, studentT975, studentTCdf } from '../reports/confidence';

/**
 * The playbook's statistics (issue #33): what each strategy earns, and what following or breaking
 * each of its rules is worth. Doubles, as the analytics statistics are; money is in the trades'
 * own currency (net P&L summed as stored). A win is a trade with net P&L above 0.
 */

export const RULE_PHASES = ['setup', 'entry', 'management', 'exit', 'risk'] as const;
export type RulePhase = (typeof RULE_PHASES)[number];
export const RULE_STATES = ['followed', 'broken', 'na'] as const;
export type RuleState = (typeof RULE_STATES)[number];

/** Fewer trades than this on a side of a rule (followed or broken) is marked a low sample. */
export const LOW_SAMPLE_PER_SIDE = 20;
/** The false discovery rate the Benjamini–Hochberg correction holds across a strategy's rules. */
export const FALSE_DISCOVERY_RATE = 0.05;

/** One closed trade as the playbook reads it. */
export type PlaybookTrade = {
  /** Epoch ms; the trades come in close order. */
  closedAt: number;
  netPnl: number;
  /** Null when the risk is unknown. */
  rMultiple: number | null;
  /** Answers to the strategy's current rules (removed rules left out). */
  followed: number;
  broken: number;
};

export type Interval = [number, number];

/** A set of trades' results: count, win rate, expectancy (mean net P&L) with its Student t 95 % interval, mean R. */
export type ResultStats = {
  count: number;
  /** 0–1, null for no trades. */
  winRate: number | null;
  expectancy: number | null;
  expectancyCi95: Interval | null;
  /** Mean R of the trades with a known R, null for none. */
  expectancyR: number | null;
};

/**
 * A trade's adherence in percent: followed ÷ (followed + broken) × 100; `na` answers count for
 * neither. Null when no rule was answered followed or broken.
 */
export function computeAdherencePct(states: readonly RuleState[]): number | null {
  let followed = 0;
  let broken = 0;
  for (const state of states) {
    if (state === 'followed') followed += 1;
    else if (state === 'broken') broken += 1;
  }
  return toAdherencePct(followed, broken);
}

function toAdherencePct(followed: number, broken: number): number | null {
  return followed + broken === 0 ? null : (followed * 100) / (followed + broken);
}

/** Count, win rate, expectancy with its interval and mean R of these trades. */
export function computeResultStats(trades: readonly Pick<PlaybookTrade, 'netPnl' | 'rMultiple'>[]): ResultStats {
  const pnl = trades.map((trade) => trade.netPnl);
  const { mean, interval } = computeMeanInterval(pnl);
  const rs = trades.flatMap((trade) => (trade.rMultiple === null ? [] : [trade.rMultiple]));
  return {
    count: trades.length,
    winRate: trades.length === 0 ? null : pnl.filter((value) => value > 0).length / trades.length,
    expectancy: mean,
    expectancyCi95: interval,
    expectancyR: rs.length === 0 ? null : rs.reduce((sum, r) => sum + r, 0) / rs.length,
  };
}

export type StrategySummary = ResultStats & {
  netPnl: number;
  winRateCi95: Interval | null;
  /** Gross profit ÷ gross loss; null without a losing trade. */
  profitFactor: number | null;
  /** Mean adherence (%) over the trades with at least one rule answered followed or broken. */
  adherencePct: number | null;
  /** Cumulative net P&L after each trade (in close order), thinned to at most `maxPoints`. */
  equity: { at: number; value: number }[];
};

/** A strategy's card: its closed trades (in close order) summed up. */
export function computeStrategySummary(
  trades: readonly PlaybookTrade[],
  params: { maxPoints: number },
): StrategySummary {
  const stats = computeResultStats(trades);
  let net = 0;
  let won = 0;
  let lost = 0;
  let wins = 0;
  let adherenceSum = 0;
  let adherenceCount = 0;
  const curve: { at: number; value: number }[] = [];
  for (const trade of trades) {
    net += trade.netPnl;
    if (trade.netPnl > 0) {
      won += trade.netPnl;
      wins += 1;
    } else lost -= trade.netPnl;
    const adherence = toAdherencePct(trade.followed, trade.broken);
    if (adherence !== null) {
      adherenceSum += adherence;
      adherenceCount += 1;
    }
    curve.push({ at: trade.closedAt, value: net });
  }
  return {
    ...stats,
    netPnl: net,
    winRateCi95: computeWilsonInterval(wins, trades.length),
    profitFactor: lost > 0 ? won / lost : null,
    adherencePct: adherenceCount === 0 ? null : adherenceSum / adherenceCount,
    equity: thin(curve, params.maxPoints),
  };
}

/** At most `maxPoints` of the curve, evenly spaced by index, the last point always kept. */
function thin<T>(points: readonly T[], maxPoints: number): T[] {
  if (points.length <= maxPoints) return [...points];
  const step = (points.length - 1) / (maxPoints - 1);
  return Array.from({ length: maxPoints }, (_, k) => points[Math.round(k * step)]!);
}

export type RuleEffect = {
  followed: ResultStats;
  broken: ResultStats;
  /**
   * Expectancy when followed minus expectancy when broken (what breaking the rule costs per trade
   * when positive), with its Welch 95 % interval; nulls below two trades a side.
   */
  difference: { expectancy: number | null; ci95: Interval | null };
  /** Welch's two-sided p-value of the difference (null below two trades a side or with no spread). */
  pValue: number | null;
  /** Still significant after the Benjamini–Hochberg correction across the rules compared together. */
  significant: boolean;
  /** Fewer than LOW_SAMPLE_PER_SIDE trades followed or broken. */
  lowSample: boolean;
  /**
   * 1 for the rule whose breaking costs the most: the rules whose broken expectancy is below their
   * followed one, ranked by the difference (largest first); null for the others.
   */
  costRank: number | null;
};

/** The closed trades of a strategy by their answer to one rule. */
export type RuleSample = {
  followed: readonly Pick<PlaybookTrade, 'netPnl' | 'rMultiple'>[];
  broken: readonly Pick<PlaybookTrade, 'netPnl' | 'rMultiple'>[];
};

/** Mean, variance (n − 1) and count. */
function moments(values: readonly number[]): { mean: number; variance: number; n: number } {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  return { mean, variance, n };
}

const meanOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Welch's t on followed − broken: the difference, its 95 % interval and the two-sided p-value. */
function compareMeans(a: readonly number[], b: readonly number[]) {
  if (a.length < 2 || b.length < 2) {
    const expectancy = a.length > 0 && b.length > 0 ? meanOf(a) - meanOf(b) : null;
    return { expectancy, ci95: null, pValue: null };
  }
  const x = moments(a);
  const y = moments(b);
  const difference = x.mean - y.mean;
  const va = x.variance / x.n;
  const vb = y.variance / y.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { expectancy: difference, ci95: null, pValue: null };
  // Welch–Satterthwaite degrees of freedom.
  const df = (va + vb) ** 2 / (va ** 2 / (x.n - 1) + vb ** 2 / (y.n - 1));
  const half = studentT975(df) * se;
  const t = Math.abs(difference) / se;
  return {
    expectancy: difference,
    ci95: [difference - half, difference + half] as Interval,
    pValue: Math.min(1, 2 * (1 - studentTCdf(t, df))),
  };
}

/**
 * Benjamini–Hochberg: which of these p-values are discoveries at false discovery rate `q` (nulls
 * never are). The largest rank k with p₍ₖ₎ ≤ k·q/m, and every p-value at or below it.
 */
export function selectDiscoveries(pValues: readonly (number | null)[], q: number): boolean[] {
  const tested = pValues.flatMap((p, index) => (p === null ? [] : [{ p, index }])).sort((a, b) => a.p - b.p);
  const m = tested.length;
  let cutoff = -1;
  tested.forEach(({ p }, k) => {
    if (p <= ((k + 1) * q) / m) cutoff = k;
  });
  const out = pValues.map(() => false);
  for (let k = 0; k <= cutoff; k++) out[tested[k]!.index] = true;
  return out;
}

/**
 * What each rule is worth: each rule's trades followed against broken, the difference of their
 * expectancies with Welch's interval, significance after a Benjamini–Hochberg correction across
 * the rules given together, low samples marked and the costly rules ranked.
 */
export function computeRuleEffects(samples: readonly RuleSample[]): RuleEffect[] {
  const compared = samples.map((sample) =>
    compareMeans(
      sample.followed.map((trade) => trade.netPnl),
      sample.broken.map((trade) => trade.netPnl),
    ),
  );
  const discoveries = selectDiscoveries(
    compared.map((c) => c.pValue),
    FALSE_DISCOVERY_RATE,
  );
  const costly = compared
    .map((c, index) => ({ index, cost: c.expectancy }))
    .filter((c): c is { index: number; cost: number } => c.cost !== null && c.cost > 0)
    .sort((a, b) => b.cost - a.cost || a.index - b.index);
  const rank = new Map(costly.map((c, k) => [c.index, k + 1]));
  return samples.map((sample, index) => ({
    followed: computeResultStats(sample.followed),
    broken: computeResultStats(sample.broken),
    difference: { expectancy: compared[index]!.expectancy, ci95: compared[index]!.ci95 },
    pValue: compared[index]!.pValue,
    significant: discoveries[index]!,
    lowSample: sample.followed.length < LOW_SAMPLE_PER_SIDE || sample.broken.length < LOW_SAMPLE_PER_SIDE,
    costRank: rank.get(index) ?? null,
  }));
}

/** Adherence vs results: the trades at 100 % adherence against those below (trades with no answer left out). */
export function computeAdherenceSplit(trades: readonly PlaybookTrade[]): { full: ResultStats; partial: ResultStats } {
  const full: PlaybookTrade[] = [];
  const partial: PlaybookTrade[] = [];
  for (const trade of trades) {
    const pct = toAdherencePct(trade.followed, trade.broken);
    if (pct === null) continue;
    (trade.broken === 0 ? full : partial).push(trade);
  }
  return { full: computeResultStats(full), partial: computeResultStats(partial) };
}
