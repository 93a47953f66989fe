import type { DateOrder } from '../../values/dates';
import type { RawRecord, RowContext, RowHookResult } from '../../normalise/raw-record';
import type { ColumnRole } from '../roles';

/**
 * A documented broker layout (broker-formats.md). Columns are matched by header name, never by
 * position: `columns` lists, per role, the header names this layout (or one of its variants) uses,
 * first found wins; `fees` takes every listed header present.
 */
export type BrokerPreset = {
  /** Stable id, also the fixture name: `charles-schwab`, `fidelity-all-accounts-2025`. */
  id: string;
  /** The broker's name as `SUPPORTED_BROKERS` spells it. */
  broker: string;
  /** Which export this is, for people: `Transaction history`, `Flex Query (Trade Confirmation)`. */
  variant: string;
  /** Headers that must all be present for the layout to match (compared normalised). */
  signature: readonly string[];
  /** Headers whose presence rules this layout out (they belong to a sibling variant). */
  excludes?: readonly string[];
  columns: Partial<Record<Exclude<ColumnRole, 'ignore'>, readonly string[]>>;
  conventions: PresetConventions;
  /** Row hook: fixes up or skips a row before normalisation (return `{ skip: reason }` to skip). */
  readRow?: (record: RawRecord, context: RowContext) => RowHookResult;
  /**
   * For a layout whose rows may cancel another by its id, anywhere later in the file: the id the
   * row cancels, or null (the row hook answers the same as `cancelsId`). Read alone over a long
   * file before its first chunk, so that a fill whose cancelling row comes chunks later is dropped.
   */
  readCancelledId?: (context: RowContext) => string | null;
  /** Where the layout carries the broker's own figures per fill (issue 42: reconciliation). */
  brokerFigures?: BrokerFigureColumns;
};

/**
 * The headers of a layout's broker figures (broker-formats.md), first present wins: its realised
 * P&L, its net cash (fees included; the side gives the sign), their currency when not the fill's,
 * and the rate of the fill's currency to the account's.
 */
export type BrokerFigureColumns = {
  pnl?: readonly string[];
  net?: readonly string[];
  currency?: readonly string[];
  fxRate?: readonly string[];
  /**
   * How the rate is written: account units per unit of the fill's currency (IBKR `FXRateToBase`,
   * the default), or the fill's currency per account unit (Trading 212, BUX).
   */
  fxRateIs?: 'accountPerUnit' | 'unitsPerAccount';
};

export type PresetConventions = {
  dateOrder: DateOrder;
  /** IANA zone of the file's times; null when they follow the account's zone. */
  timeZone: string | null;
  /** Rows newest first: fills are replayed in reverse file order. `auto` decides from the dates. */
  order: 'newestFirst' | 'oldestFirst' | 'auto';
  /** How the side is written. */
  sides: 'words' | 'signedQuantity' | 'text';
  /** Fees are not a column but the difference between the cash amount and quantity × price. */
  feesFromAmount: boolean;
  /** The currency of every row when the file has no currency column. */
  currency?: string;
  /**
   * A crypto exchange's layout: its rows name the pair and the fee's asset (RawRecord.crypto), and
   * a long file's pairs are read in a pass of their own before its chunks (readCryptoFillFacts).
   */
  isCrypto?: boolean;
  /** Statements listing a fill twice (identical rows) count it once. */
  dedupeIdenticalRows?: boolean;
  /** Facts a user should know (shown in the preview). */
  notes?: readonly string[];
};
