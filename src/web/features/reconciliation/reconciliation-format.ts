import type { ExplanationKind } from '../../../core/reconciliation';
import { D, isZero, roundDecimal, subtract, toAbsolute } from '../../../core/trades';
import type { ReconciliationDayJson } from '../../../contracts/reconciliation';

/** What each explanation kind means, for people. */
export const EXPLANATION_LABELS: Record<ExplanationKind, string> = {
  fee_missing: 'A fee one side has and the other not',
  fx_rate: 'Exchange rate',
  multiplier: 'Contract multiplier',
  missing_fill: 'A fill missing from Edgebook',
  timezone_shift: 'Counted on another day (time zone)',
  cost_basis_method: "The broker's average cost against FIFO lots",
};

export type DayStatus = 'unexplained' | 'explained' | 'agrees' | 'unchecked';

/** The part of a day's difference its explanations leave, as a decimal string ('0' without a difference). */
export function toUnexplainedText(day: Pick<ReconciliationDayJson, 'difference' | 'explanations'>): string {
  if (day.difference === null) return '0';
  let rest = D(day.difference);
  for (const e of day.explanations) rest = subtract(rest, D(e.amount));
  return roundDecimal(rest, 8).toString();
}

/** Whether a day agrees with the broker, differs for named reasons, differs unexplained, or has no broker figure. */
export function toDayStatus(day: ReconciliationDayJson): DayStatus {
  if (day.difference === null) return 'unchecked';
  if (!isCentOrMore(toUnexplainedText(day))) return isCentOrMore(day.difference) ? 'explained' : 'agrees';
  return 'unexplained';
}

function isCentOrMore(value: string): boolean {
  const size = toAbsolute(D(value));
  return !isZero(size) && size.gte(D('0.01'));
}

const STATUS_RANK: Record<DayStatus, number> = { unexplained: 0, explained: 1, agrees: 2, unchecked: 3 };

/** Days with an unexplained difference first (largest first), then explained, agreeing and unchecked days, newest first. */
export function toDayOrder(days: readonly ReconciliationDayJson[]): ReconciliationDayJson[] {
  return [...days].sort((a, b) => {
    const rank = STATUS_RANK[toDayStatus(a)] - STATUS_RANK[toDayStatus(b)];
    if (rank !== 0) return rank;
    if (toDayStatus(a) === 'unexplained') {
      const size = toAbsolute(D(toUnexplainedText(b))).cmp(toAbsolute(D(toUnexplainedText(a))));
      if (size !== 0) return size;
    }
    return a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
  });
}
