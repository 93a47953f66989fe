/**
 * Sizes a large import's batches where a transaction has a budget (Engine.transactionBudgetMs:
 * PGlite, whose database runs on the server's thread, so every request waits for the batch's
 * transaction to end): each transaction should take about `targetMs`. Fixed-size batches cannot
 * hold that on every machine (one machine takes twice as long per row as another), and each batch
 * costs a little besides its rows (its statements, its commit), so batches smaller than needed make
 * a long import slower.
 *
 * It keeps a moving average of the time a row took (the first batches, whose code is not yet
 * compiled, aside) and answers the rows that fit the target, within bounds, when that differs
 * enough from the size in use to be worth telling the worker.
 */
export type BatchSizer = { observe: (rows: number, fills: number, ms: number) => number | null };

/** Batches whose time does not count: the first is small, and the code that writes it is not compiled yet. */
const WARM_UP_BATCHES = 3;
/** Weight of the latest batch in the moving average of the time per row. */
const SMOOTHING = 0.2;
/** A size within this share of the one in use is not worth a change. */
const MIN_CHANGE = 0.1;

export function createBatchSizer(params: {
  targetMs: number;
  initialRows: number;
  minRows?: number;
  maxRows?: number;
}): BatchSizer {
  // At most 2,000 rows: the worker forms batches up to 60,000 rows ahead, so a size set where
  // fills were cheap holds a while after they get dearer (a stretch of closing fills, say).
  const { targetMs, minRows = 50, maxRows = 2_000 } = params;
  let rowsInUse = params.initialRows;
  let msPerRow: number | null = null;
  let seen = 0;
  return {
    /**
     * Told how long a batch of `rows` rows, `fills` of them fills, took to write; answers the size
     * the next ones should have, or null for no change. A row's time is counted as a fill's when
     * the batch had fewer fills than rows: rows that are no fills (transfers, dividends) cost next
     * to nothing and would make a row look cheaper than the file's fills are; and as a row's when
     * rows held two fills each.
     */
    observe(rows, fills, ms) {
      seen += 1;
      if (seen <= WARM_UP_BATCHES || rows <= 0 || fills <= 0 || !(ms >= 0)) return null;
      const latest = ms / Math.min(fills, rows);
      msPerRow = msPerRow === null ? latest : msPerRow + SMOOTHING * (latest - msPerRow);
      const fitting = Math.round(targetMs / Math.max(msPerRow, 1e-6));
      const next = Math.min(maxRows, Math.max(minRows, fitting));
      if (Math.abs(next - rowsInUse) < MIN_CHANGE * rowsInUse) return null;
      rowsInUse = next;
      return next;
    },
  };
}
