import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { D, type Decimal } from '../../../core/trades';
import type { ReconcileFill } from '../../../core/reconciliation';
import type { Db } from '../../db/client';
import { toExecution } from '../trades';
import { accounts, executions, fxRates, imports } from '../../db/schema';

export type ReconcileAccount = { id: string; currency: string; timezone: string };

export async function getReconcileAccount(
  db: Db,
  params: { userId: string; accountId: string },
): Promise<ReconcileAccount | undefined> {
  const [row] = await db
    .select({ id: accounts.id, currency: accounts.currency, timezone: accounts.timezone })
    .from(accounts)
    .where(and(eq(accounts.id, params.accountId), eq(accounts.userId, params.userId)));
  return row;
}

/** A stored fill as reconciliation reads it, with what the reconciliation view shows of it. */
export type StoredFill = ReconcileFill & {
  symbol: string;
  importId: string | null;
  sourceRow: number | null;
  brokerCurrency: string | null;
};

const D_OR_NULL = (value: string | null): Decimal | null => (value === null ? null : D(value));

/** Every fill of the account in replay order (time, then entry order). */
export async function listAccountFills(db: Db, accountId: string): Promise<StoredFill[]> {
  const rows = await db
    .select({
      id: executions.id,
      accountId: executions.accountId,
      executedAt: executions.executedAt,
      symbol: executions.symbol,
      instrumentKey: executions.instrumentKey,
      side: executions.side,
      quantity: executions.quantity,
      price: executions.price,
      commission: executions.commission,
      fees: executions.fees,
      multiplier: executions.multiplier,
      currency: executions.currency,
      sequence: executions.sequence,
      fxRate: executions.fxRate,
      brokerPnl: executions.brokerPnl,
      brokerNet: executions.brokerNet,
      brokerCurrency: executions.brokerCurrency,
      importId: executions.importId,
      sourceRow: executions.sourceRow,
      fileTimeZone: imports.timezone,
    })
    .from(executions)
    .leftJoin(imports, eq(imports.id, executions.importId))
    // A deleted trade's fills (kept for a restore) are not the journal's.
    .where(and(eq(executions.accountId, accountId), isNull(executions.deletedAt)))
    .orderBy(asc(executions.executedAt), asc(executions.sequence));
  return rows.map((row) => ({
    ...toExecution(row),
    fxRate: D_OR_NULL(row.fxRate),
    broker:
      row.brokerPnl === null && row.brokerNet === null
        ? null
        : { pnl: D_OR_NULL(row.brokerPnl), net: D_OR_NULL(row.brokerNet), currency: row.brokerCurrency },
    importId: row.importId,
    sourceRow: row.sourceRow,
    brokerCurrency: row.brokerCurrency,
    brokerTimeZone: row.fileTimeZone,
  }));
}

/** The user's rates into `toCurrency`, newest day first within each currency. */
export async function listRatesInto(
  db: Db,
  params: { userId: string; toCurrency: string; through?: string },
): Promise<{ day: string; fromCurrency: string; rate: string }[]> {
  return db
    .select({ day: fxRates.day, fromCurrency: fxRates.fromCurrency, rate: fxRates.rate })
    .from(fxRates)
    .where(
      and(
        eq(fxRates.userId, params.userId),
        eq(fxRates.toCurrency, params.toCurrency),
        params.through === undefined ? undefined : lte(fxRates.day, params.through),
      ),
    )
    .orderBy(asc(fxRates.fromCurrency), desc(fxRates.day));
}

export type ImportFacts = {
  id: string;
  accountId: string | null;
  fileName: string;
  rowCount: number;
  skippedRows: { row: number; reason: string }[];
  errors: { row: number; message: string }[];
};

/** The user's committed imports (all, or those of `ids`). */
export async function listImportFacts(
  db: Db,
  params: { userId: string; ids?: readonly string[] },
): Promise<ImportFacts[]> {
  return db
    .select({
      id: imports.id,
      accountId: imports.accountId,
      fileName: imports.fileName,
      rowCount: imports.rowCount,
      skippedRows: imports.skippedRows,
      errors: imports.errors,
    })
    .from(imports)
    .where(
      and(
        eq(imports.userId, params.userId),
        eq(imports.status, 'done'),
        params.ids === undefined ? undefined : inArray(imports.id, [...params.ids]),
      ),
    );
}

/** File names of imports by id. */
export async function listImportNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: imports.id, fileName: imports.fileName })
    .from(imports)
    .where(inArray(imports.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.fileName]));
}
