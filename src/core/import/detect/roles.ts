/**
 * What a column holds. `date` may carry the time too; `time` is a separate time-of-day column.
 * `fees` is the only role several columns may share (their values add up). `type` is a
 * transaction category next to the side (`Activity Type: Trades`), `settleDate` and `balance`
 * are recognised so that they are not mistaken for the trade date or the cash amount, and
 * `ignore` marks a column the normaliser never reads.
 */
export const COLUMN_ROLES = [
  'date',
  'time',
  'symbol',
  'side',
  'quantity',
  'price',
  'commission',
  'fees',
  'amount',
  'account',
  'currency',
  'assetClass',
  'underlying',
  'expiry',
  'strike',
  'optionRight',
  'multiplier',
  'execId',
  'orderId',
  'description',
  'type',
  'status',
  'openClose',
  'settleDate',
  'balance',
  'ignore',
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** Roles the normaliser cannot do without (a side may also come from signed quantities or amounts). */
export const REQUIRED_ROLES: readonly ColumnRole[] = ['date', 'symbol', 'quantity', 'price'];

/** Column index per role; `fees` may name several columns. */
export type ColumnMapping = Partial<Record<Exclude<ColumnRole, 'fees' | 'ignore'>, number>> & { fees?: number[] };
