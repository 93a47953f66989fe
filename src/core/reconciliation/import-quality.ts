import type { FillCheck } from './reconcile';

/**
 * How well an import's file agrees with what Edgebook made of it (issue 42): rows read, rows set
 * aside and why, and of its fills with a broker figure how many agree to the cent, differ for a
 * reason Edgebook can name, or differ unexplained.
 */
export type ImportQuality = {
  rowsRead: number;
  rowsSkipped: number;
  /** Skipped rows by reason (row numbers in a reason read `#`), most frequent first. */
  skippedReasons: { reason: string; count: number }[];
  /** Rows that looked like fills but could not be read. */
  problemRows: number;
  fillsWithBrokerFigure: number;
  agreeing: number;
  explained: number;
  unexplained: number;
  /**
   * 0–100: the share of fills with a broker figure and unreadable rows that agree or are
   * explained; null when the file has neither (nothing to check against).
   */
  score: number | null;
};

export function toImportQuality(params: {
  rowsRead: number;
  skipped: readonly { reason: string }[];
  problemRows: number;
  checks: readonly Pick<FillCheck, 'figure' | 'agrees' | 'kind'>[];
}): ImportQuality {
  const reasons = new Map<string, number>();
  for (const { reason } of params.skipped) {
    const key = reason.replace(/\d+/g, '#');
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  const withFigure = params.checks.filter((check) => check.figure !== null);
  const agreeing = withFigure.filter((check) => check.agrees).length;
  const explained = withFigure.filter((check) => !check.agrees && check.kind !== null).length;
  const total = withFigure.length + params.problemRows;
  return {
    rowsRead: params.rowsRead,
    rowsSkipped: params.skipped.length,
    skippedReasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    problemRows: params.problemRows,
    fillsWithBrokerFigure: withFigure.length,
    agreeing,
    explained,
    unexplained: withFigure.length - agreeing - explained,
    score: total === 0 ? null : Math.round((100 * (agreeing + explained)) / total),
  };
}
