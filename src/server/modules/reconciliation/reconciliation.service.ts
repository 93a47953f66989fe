import type {
  ImportQualityJson,
  ReconciliationDayJson,
  ReconciliationFillsJson,
  ReconciliationJson,
} from '../../../contracts/reconciliation';
import { D, type Decimal } from '../../../core/trades';
import {
  reconcileFills,
  toImportQuality,
  type FillCheck,
  type ReconciledDay,
  type ReconcileParams,
} from '../../../core/reconciliation';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  getReconcileAccount,
  listAccountFills,
  listImportFacts,
  listImportNames,
  listRatesInto,
  type ReconcileAccount,
  type StoredFill,
} from './reconciliation.queries';

type AccountParams = { userId: string; accountId: string; timeZone: string };

async function requireReconcileAccount(
  db: Db,
  params: { userId: string; accountId: string },
): Promise<ReconcileAccount> {
  const account = await getReconcileAccount(db, params);
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return account;
}

/** The user's rate table as reconciliation asks it: the latest rate on or before the day. */
async function loadRateOf(
  db: Db,
  params: { userId: string; toCurrency: string },
): Promise<NonNullable<ReconcileParams['rateOf']>> {
  const rows = await listRatesInto(db, params);
  const byCurrency = new Map<string, { day: string; rate: Decimal }[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.fromCurrency) ?? [];
    list.push({ day: row.day, rate: D(row.rate) });
    byCurrency.set(row.fromCurrency, list);
  }
  return ({ date, from, to }) => {
    if (to !== params.toCurrency) return null;
    // Newest first: the first on or before the day.
    return byCurrency.get(from)?.find((entry) => entry.day <= date)?.rate ?? null;
  };
}

async function reconcileAccount(db: Db, params: AccountParams) {
  const account = await requireReconcileAccount(db, params);
  const fills = await listAccountFills(db, account.id);
  const rateOf = await loadRateOf(db, { userId: params.userId, toCurrency: account.currency });
  const { fills: checks, days } = reconcileFills({
    fills,
    accountCurrency: account.currency,
    timeZone: params.timeZone,
    brokerTimeZone: account.timezone,
    rateOf,
  });
  return { account, stored: fills, checks, days };
}

function toDayJson(day: ReconciledDay): ReconciliationDayJson {
  return {
    date: day.date,
    ours: { gross: day.ours.gross.toString(), fees: day.ours.fees.toString(), net: day.ours.net.toString() },
    broker: { net: day.broker.net === null ? null : day.broker.net.toString() },
    difference: day.difference === null ? null : day.difference.toString(),
    explanations: day.explanations.map((e) => ({
      kind: e.kind,
      amount: e.amount.toString(),
      executionIds: e.executionIds,
    })),
  };
}

/** `GET /api/reconciliation`: the account's days from `from` to `to` (trader's zone), oldest first. */
export async function getReconciliation(
  db: Db,
  params: AccountParams & { from?: string; to?: string },
): Promise<ReconciliationJson> {
  const { account, days } = await reconcileAccount(db, params);
  const inRange = days.filter(
    (day) =>
      (params.from === undefined || day.date >= params.from) && (params.to === undefined || day.date <= params.to),
  );
  return { accountId: account.id, currency: account.currency, days: inRange.map(toDayJson) };
}

/** `GET /api/reconciliation/fills`: the fills that count on `date` for the trader or the broker, with their file rows. */
export async function getReconciliationFills(
  db: Db,
  params: AccountParams & { date: string },
): Promise<ReconciliationFillsJson> {
  const { account, stored, checks: list } = await reconcileAccount(db, params);
  const checks = new Map(list.map((check) => [check.executionId, check]));
  const ofDay = stored.filter((fill) => {
    const check = checks.get(fill.id);
    return check !== undefined && (check.ourDay === params.date || check.brokerDay === params.date);
  });
  const names = await listImportNames(db, [
    ...new Set(ofDay.flatMap((fill) => (fill.importId ? [fill.importId] : []))),
  ]);
  return {
    accountId: account.id,
    date: params.date,
    fills: ofDay.map((fill) => toFillJson(fill, checks.get(fill.id) as FillCheck, names)), // filtered on having one
  };
}

function toFillJson(fill: StoredFill, check: FillCheck, names: Map<string, string>) {
  const text = (value: Decimal | null) => (value === null ? null : value.toString());
  return {
    executionId: fill.id,
    executedAt: fill.executedAt,
    symbol: fill.symbol,
    side: fill.side,
    quantity: fill.quantity.toString(),
    price: fill.price.toString(),
    commission: fill.commission.toString(),
    fees: fill.fees.toString(),
    currency: fill.currency,
    fxRate: text(fill.fxRate),
    broker: fill.broker
      ? { pnl: text(fill.broker.pnl), net: text(fill.broker.net), currency: fill.broker.currency ?? fill.currency }
      : null,
    figure: check.figure,
    difference: text(check.difference),
    agrees: check.agrees,
    kind: check.kind,
    source: fill.importId
      ? { importId: fill.importId, fileName: names.get(fill.importId) ?? '', row: fill.sourceRow }
      : null,
  };
}

/**
 * The data-quality score of the user's committed imports (all, or those of `ids`): each account
 * with one is reconciled once, and each import's fills are counted from it.
 */
export async function listImportQuality(
  db: Db,
  params: { userId: string; timeZone: string; ids?: readonly string[] },
): Promise<ImportQualityJson[]> {
  const facts = await listImportFacts(db, params);
  const accountIds = [...new Set(facts.flatMap((f) => (f.accountId ? [f.accountId] : [])))];
  const checksByImport = new Map<string, FillCheck[]>();
  for (const accountId of accountIds) {
    const { stored, checks } = await reconcileAccount(db, { ...params, accountId });
    const importOf = new Map(stored.map((fill) => [fill.id, fill.importId]));
    for (const check of checks) {
      const importId = importOf.get(check.executionId);
      if (!importId) continue;
      const list = checksByImport.get(importId) ?? [];
      list.push(check);
      checksByImport.set(importId, list);
    }
  }
  return facts.map((f) => ({
    importId: f.id,
    ...toImportQuality({
      rowsRead: f.rowCount,
      skipped: f.skippedRows,
      problemRows: f.errors.length,
      checks: checksByImport.get(f.id) ?? [],
    }),
  }));
}

/** One import's score; NOT_FOUND unless it is the user's and committed. */
export async function getImportQuality(
  db: Db,
  params: { userId: string; timeZone: string; importId: string },
): Promise<ImportQualityJson> {
  const [quality] = await listImportQuality(db, { ...params, ids: [params.importId] });
  if (!quality) throw new AppError('NOT_FOUND', 'Import not found');
  return quality;
}
