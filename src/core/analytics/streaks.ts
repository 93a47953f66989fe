import { toTradeColumns, type TradeInput } from './trade-columns';

/**
 * Win and loss streaks in closedAt order. A win is P&L > 0, a loss < 0; a breakeven ends both kinds
 * of run (quantstats' convention, as in the trade statistics).
 */
export type StreakStats = {
  maxConsecutiveWins: number;
  maxConsecutiveLosses: number;
  /** The run the latest trade belongs to ('none' after a breakeven or with no trades). */
  current: { kind: 'win' | 'loss' | 'none'; length: number };
  /** How many win runs and loss runs had each length: `[{ length, wins, losses }]`, by length. */
  lengths: { length: number; wins: number; losses: number }[];
};

export function computeStreaks(input: TradeInput): StreakStats {
  const { count, netPnl } = toTradeColumns(input);
  const winRuns = new Map<number, number>();
  const lossRuns = new Map<number, number>();
  let kind: 'win' | 'loss' | 'none' = 'none';
  let length = 0;
  let maxWins = 0;
  let maxLosses = 0;
  const close = () => {
    if (kind === 'win') winRuns.set(length, (winRuns.get(length) ?? 0) + 1);
    if (kind === 'loss') lossRuns.set(length, (lossRuns.get(length) ?? 0) + 1);
  };
  for (let i = 0; i < count; i++) {
    const pnl = netPnl[i]!;
    const next = pnl > 0 ? 'win' : pnl < 0 ? 'loss' : 'none';
    if (next === kind && next !== 'none') length += 1;
    else {
      close();
      kind = next;
      length = next === 'none' ? 0 : 1;
    }
    if (kind === 'win' && length > maxWins) maxWins = length;
    if (kind === 'loss' && length > maxLosses) maxLosses = length;
  }
  close();
  const allLengths = [...new Set([...winRuns.keys(), ...lossRuns.keys()])].sort((a, b) => a - b);
  return {
    maxConsecutiveWins: maxWins,
    maxConsecutiveLosses: maxLosses,
    current: { kind, length },
    lengths: allLengths.map((l) => ({ length: l, wins: winRuns.get(l) ?? 0, losses: lossRuns.get(l) ?? 0 })),
  };
}
