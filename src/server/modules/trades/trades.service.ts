import { randomUUID } from 'node:crypto';
import { listTradeEvents } from './position-events.queries';
import { z } from 'zod';
import {
  TRADE_SORT_COLUMNS,
  type AddExecutionsJson,
  type BulkTradeJson,
  type BulkTradeRequest,
  type ExecutionInput,
  type TradeDetailJson,
  type TradeJson,
  type TradeListJson,
  type TradeListQuery,
  type manualTradeRequestSchema,
  type tradePatchSchema,
} from '../../../contracts/trades';
import { safeText } from '../../../contracts/input-policy';
import {
  resolveTradeFilter,
  toFilterContext,
  type BreakevenBands,
  toAllAccountsScope,
  type ScopedAccount,
  toTradeFilterWithShorthands,
  type ResolvedTradeFilter,
} from '../../../core/query';
import type { RuleState } from '../../../core/playbook';
import { computeStoredRisk, D, toJournalFacts, type TradeExecution, type TradeJournal } from '../../../core/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getAnalyticsVersion, type UserRow } from '../users';
import { getAccountForUpdate, listAccounts, type AccountRow } from '../accounts';
import { isUuid } from '../ids';
import {
  listRuleChecksByOpener,
  listRules,
  requireCurrentRule,
  requireStrategy,
  saveRuleCheckOnTrades,
  saveRuleChecks,
} from '../strategies';
import { assertOwnTags } from '../tags';
import { prepareExecutions, type PreparedExecution } from './execution-input';
import { regroupInstruments, toCuts } from './regroup';
import { applyAccountEvents, hasAccountEvents } from './position-events.service';
import { deleteTrades, type TradeDeletion } from './deleted-trades.service';
import { upsertJournals } from './trade-journals.queries';
import { toFillDay, toTradeDetailJson, toTradeJson, type TradePartRow, type TradeRow } from './trade-json';
import {
  addTagsToTrades,
  filterTradeIdsOfInstruments,
  getMaxSequenceFrom,
  getTradeIdByEntry,
  getTradeRow,
  insertExecutions,
  listDefaultRiskTrades,
  listOwnTradeRefs,
  listTagsByOpener,
  listTradeParts,
  countTrades,
  countTradesBefore,
  isIndexedSort,
  listTradeOrder,
  listTradeRowsByIds,
  listTradeRowsInOrder,
  listTradesPage,
  removeTagsFromTrades,
  replaceTradeTags,
  setTradesStrategy,
  toCursorValue,
  updateTradeRisks,
  getBreakevenBands,
  updateTradeRow,
  type InsertedExecution,
  type TradeCursor,
  type TradePageParams,
  getAccountCurrency,
  listTableRatesOnOrBefore,
} from './trades.queries';
import { TOO_LARGE, toPagePositions, toPosition, type TradeOrderCache } from './trade-order-cache';

type ManualTradeRequest = z.infer<typeof manualTradeRequestSchema>;
/** The filter part of the list query: `filter` and its shorthands (the export and analytics take the same). */
export type TradeListFilterQuery = Omit<TradeListQuery, 'sort' | 'order' | 'limit' | 'cursor'>;
type TradePatch = z.infer<typeof tradePatchSchema>;

/** The trades as JSON (tags included), in opening order. */
export async function loadTradeJson(db: Db, params: { userId: string; ids: readonly string[] }): Promise<TradeJson[]> {
  const rows = await listTradeRowsByIds(db, params);
  return toTradeJsonList(db, rows);
}

async function toTradeJsonList(db: Db, rows: readonly TradeRow[]): Promise<TradeJson[]> {
  const tags = await listTagsByOpener(
    db,
    rows.map((row) => row.openingExecutionId),
  );
  const checks = await listRuleChecksByOpener(
    db,
    rows.map((row) => row.openingExecutionId),
  );
  return rows.map((row) =>
    toTradeJson(row, tags.get(row.openingExecutionId) ?? [], checks.get(row.openingExecutionId) ?? []),
  );
}

async function loadTradeDetail(db: Db, row: TradeRow): Promise<TradeDetailJson> {
  const tags = await listTagsByOpener(db, [row.openingExecutionId]);
  const parts = await listTradeParts(db, [row.id]);
  const tradeParts = parts.get(row.id) ?? [];
  const currency = await getAccountCurrency(db, row.accountId);
  const events = await listTradeEvents(db, row);
  // Fills whose file gave no rate into the account's currency take the rate table's (issue 42).
  const unrated = tradeParts.filter((part) => !part.fxRate).map(toFillDay);
  const tableRates =
    currency === undefined || currency === row.currency || row.status !== 'closed'
      ? new Map<string, { day: string; rate: string }>()
      : await listTableRatesOnOrBefore(db, { userId: row.userId, from: row.currency, to: currency, days: unrated });
  const account = currency === undefined ? undefined : { currency, tableRates };
  const checks = await listRuleChecksByOpener(db, [row.openingExecutionId]);
  return toTradeDetailJson(row, tags.get(row.openingExecutionId) ?? [], tradeParts, {
    account,
    events,
    checks: checks.get(row.openingExecutionId) ?? [],
  });
}

/** The user's trade, or 404 (another user's id included). */
async function requireTradeRow(db: Db, params: { userId: string; id: string }): Promise<TradeRow> {
  const row = isUuid(params.id) ? await getTradeRow(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Trade not found');
  return row;
}

async function lockAccount(tx: Db, params: { userId: string; accountId: string }): Promise<AccountRow> {
  const account = isUuid(params.accountId)
    ? await getAccountForUpdate(tx, { userId: params.userId, id: params.accountId })
    : undefined;
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return account;
}

export { toCuts } from './regroup';

/**
 * Inserts prepared fills into a locked account (duplicates skipped) and regroups the instruments
 * that got new ones. Sequences continue after every fill those instruments have at or after the
 * earliest new time, so a new fill at an existing fill's exact time replays after it (entry order).
 */
export async function insertAndRegroup(
  tx: Db,
  params: {
    user: UserRow;
    account: AccountRow;
    items: readonly PreparedExecution[];
    now: Date;
    /** Journals to give fills before regrouping, by their index in `items` (the manual form's stop and target). */
    seedsByIndex?: ReadonlyMap<number, Partial<TradeJournal>>;
    importId?: string;
    sourceRows?: readonly number[];
    /**
     * Each item's place in the file's replay order: numbered 2 × order after the last sequence, so
     * that an import's position events between two fills take the odd numbers between (`firstSequence`).
     */
    orders?: readonly number[];
    /**
     * Apply the account's position events again with the new fills (fills added by hand: an event
     * after them, a split or a reinvestment, now counts them). An import applies them itself.
     */
    isEventsApplied?: boolean;
  },
): Promise<{ inserted: InsertedExecution[]; tradeIds: string[]; firstSequence: number }> {
  const { user, account, items } = params;
  if (items.length === 0) return { inserted: [], tradeIds: [], firstSequence: 0 };
  const earliest = new Date(items.reduce((min, item) => Math.min(min, Date.parse(item.executedAt)), Infinity));
  const lastSequence = await getMaxSequenceFrom(tx, {
    accountId: account.id,
    instrumentKeys: [...new Set(items.map((item) => item.instrumentKey))],
    from: earliest,
  });
  const inserted = await insertExecutions(tx, {
    userId: user.id,
    accountId: account.id,
    items,
    firstSequence: lastSequence + 1,
    importId: params.importId,
    sourceRows: params.sourceRows,
    ...(params.orders ? { sequences: params.orders.map((order) => lastSequence + 1 + 2 * order) } : {}),
  });
  if (params.seedsByIndex) {
    const idByFingerprint = new Map(inserted.map((row) => [row.fingerprint, row.id]));
    for (const [index, seed] of params.seedsByIndex) {
      const id = idByFingerprint.get(items[index]?.fingerprint ?? '');
      if (id && Object.keys(seed).length > 0)
        await upsertJournals(tx, { userId: user.id, openerIds: [id], patch: seed, now: params.now });
    }
  }
  const cuts = toCuts(inserted.map((row) => ({ ...row, accountId: account.id })));
  if (params.isEventsApplied && cuts.length > 0 && (await hasAccountEvents(tx, account.id))) {
    // The events replay the instruments they touch whole: answered are the trades of those that got fills.
    const applied = await applyAccountEvents(tx, {
      accountId: account.id,
      defaultRiskAmount: user.defaultRiskAmount,
      now: params.now,
      cuts,
    });
    const tradeIds = await filterTradeIdsOfInstruments(tx, {
      ids: applied.tradeIds,
      instrumentKeys: cuts.map((cut) => cut.instrumentKey),
    });
    return { inserted, tradeIds, firstSequence: lastSequence + 1 };
  }
  const tradeIds = await regroupInstruments(tx, { cuts, defaultRiskAmount: user.defaultRiskAmount, now: params.now });
  return { inserted, tradeIds, firstSequence: lastSequence + 1 };
}

/**
 * `POST /api/executions`: adds fills to one of the user's accounts in one transaction. Fills whose
 * fingerprint the account already has are skipped and counted; the instruments that got new fills
 * are regrouped, and their rebuilt trades are answered.
 */
export async function addExecutions(
  db: Db,
  params: { user: UserRow; accountId: string; items: readonly ExecutionInput[]; now: Date },
): Promise<AddExecutionsJson> {
  const { user } = params;
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: user.id, accountId: params.accountId });
    const items = prepareExecutions(params.items, { accountCurrency: account.currency });
    const { inserted, tradeIds } = await insertAndRegroup(tx, {
      user,
      account,
      items,
      now: params.now,
      isEventsApplied: true,
    });
    return {
      inserted: inserted.length,
      skipped: items.length - inserted.length,
      trades: await loadTradeJson(tx, { userId: user.id, ids: tradeIds }),
    };
  });
}

/**
 * `POST /api/trades`: a trade from the simple form, stored as its entry fill and (when given) its
 * exit fill. Each gets a unique fingerprint: two identical manual trades are two trades. The fees
 * go on the entry. The stop and target become the journal of the trade the entry opens; answers
 * the trade that contains the entry (the one it opened, or scaled into when a position was open).
 */
export async function createManualTrade(
  db: Db,
  params: { user: UserRow; input: ManualTradeRequest; now: Date },
): Promise<TradeDetailJson> {
  const { user, input } = params;
  const hasExitPrice = input.exitPrice !== undefined;
  if (hasExitPrice !== (input.exitAt !== undefined)) {
    const field = hasExitPrice ? 'exitAt' : 'exitPrice';
    throw new AppError('VALIDATION_ERROR', `Invalid input: ${field}`, {
      [field]: 'Give both the exit price and the exit time, or neither',
    });
  }
  if (input.exitAt !== undefined && Date.parse(input.exitAt) < Date.parse(input.entryAt)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid input: exitAt', { exitAt: 'The exit cannot be before the entry' });
  }
  const entrySide = input.direction === 'long' ? 'buy' : 'sell';
  const common = {
    symbol: input.symbol,
    quantity: input.quantity,
    assetClass: input.assetClass,
    multiplier: input.multiplier,
  };
  const fills: ExecutionInput[] = [
    { ...common, executedAt: input.entryAt, side: entrySide, price: input.entryPrice, fees: input.fees },
  ];
  if (input.exitAt !== undefined && input.exitPrice !== undefined) {
    fills.push({
      ...common,
      executedAt: input.exitAt,
      side: entrySide === 'buy' ? 'sell' : 'buy',
      price: input.exitPrice,
    });
  }
  const seed: Partial<TradeJournal> = {};
  if (input.stopPrice !== undefined) seed.stopPrice = D(input.stopPrice).toString();
  if (input.targetPrice !== undefined) seed.targetPrice = D(input.targetPrice).toString();

  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: user.id, accountId: input.accountId });
    const manualId = randomUUID();
    const items = prepareExecutions(fills, {
      accountCurrency: account.currency,
      fieldName: (_index, field) => field,
      fingerprintOf: (index) => `manual:${manualId}:${index}`,
    });
    const { inserted } = await insertAndRegroup(tx, {
      user,
      account,
      items,
      now: params.now,
      seedsByIndex: new Map([[0, seed]]),
      isEventsApplied: true,
    });
    const entryId = inserted.find((row) => row.fingerprint === items[0]?.fingerprint)?.id;
    const tradeId = entryId ? await getTradeIdByEntry(tx, entryId) : undefined;
    if (!tradeId) throw new Error('createManualTrade: the entry fill belongs to no trade'); // regrouping always makes one
    return loadTradeDetail(tx, await requireTradeRow(tx, { userId: user.id, id: tradeId }));
  });
}

// --- Listing ----------------------------------------------------------------------------------

const cursorSchema = z.object({
  s: z.enum(TRADE_SORT_COLUMNS),
  o: z.enum(['asc', 'desc']),
  v: z.union([safeText().max(200), z.number(), z.null()]),
  k: z.uuid(),
});

/** The opaque cursor: base64url of a small JSON object naming the sort, the value and the id. */
export function encodeCursor(cursor: TradeCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, o: cursor.order, v: cursor.value, k: cursor.id })).toString(
    'base64url',
  );
}

/** An instant as the list's cursors write it (toISOString), in years PostgreSQL reads. */
const isCursorInstant = (text: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) &&
  !text.startsWith('0000') &&
  !Number.isNaN(Date.parse(text));

export function decodeCursor(text: string, expected: { sort: string; order: string }): TradeCursor {
  const invalid = () =>
    new AppError('VALIDATION_ERROR', 'Invalid input: cursor', {
      cursor: 'This cursor is not valid for this list; start again from the first page',
    });
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success || parsed.data.s !== expected.sort || parsed.data.o !== expected.order) throw invalid();
  const { s, o, v, k } = parsed.data;
  // A cursor value must read back as the sort column's type, or the keyset comparison would fail in SQL.
  const isTime = s === 'closedAt' || s === 'openedAt';
  const isNumeric = !isTime && s !== 'symbol' && s !== 'holdingSeconds';
  if (v !== null && isTime && (typeof v !== 'string' || !isCursorInstant(v))) throw invalid();
  if (v !== null && isNumeric && (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v))) throw invalid();
  if (v !== null && s === 'holdingSeconds' && typeof v !== 'number') throw invalid();
  if (v !== null && s === 'symbol' && typeof v !== 'string') throw invalid();
  if (v === null && !['closedAt', 'rMultiple', 'holdingSeconds'].includes(s)) throw invalid();
  return { sort: s, order: o, value: v, id: k };
}

/**
 * The query's filter as the compilers take it: `filter` with the shorthands added (`symbol=AAPL` is
 * `symbols: ["AAPL"]`; a field given both ways is refused), days as instants in `timeZone`.
 */
export function toTradeFilter(
  query: TradeListFilterQuery,
  timeZone: string,
  breakeven: BreakevenBands = {},
): ResolvedTradeFilter {
  const { filter = {}, ...shorthands } = query;
  const merged = toTradeFilterWithShorthands(filter, shorthands);
  if ('conflict' in merged) {
    const { shorthand, field } = merged.conflict;
    throw new AppError('VALIDATION_ERROR', `Invalid input: ${shorthand}`, {
      [shorthand]: `Given twice: as ${shorthand} and as filter.${field}`,
    });
  }
  return resolveTradeFilter(merged.filter, { timeZone, breakeven });
}

/** The query's trade filter for the user, "All accounts" (none chosen) as toAllAccountsScope defines it. */
export async function toUserTradeFilter(
  db: Db,
  params: {
    userId: string;
    timeZone: string;
    query: TradeListFilterQuery;
    /** The user's accounts when the caller has them already (a paged export reads them once). */
    accounts?: readonly ScopedAccount[];
    /** The user's breakeven band (Settings) when the caller has it; else read. */
    breakeven?: BreakevenBands;
  },
): Promise<ResolvedTradeFilter> {
  const breakeven = params.breakeven ?? (await getBreakevenBands(db, params.userId));
  const filter = toTradeFilter(params.query, params.timeZone, breakeven);
  if (filter.accountIds !== undefined) return filter;
  const accountIds = toAllAccountsScope(params.accounts ?? (await listAccounts(db, params.userId)));
  return accountIds === undefined ? filter : { ...filter, accountIds };
}

/**
 * A page of a sort without an index: a slice of the user's trades in that order, read once per
 * filter and data version (trade-order-cache.ts). The cursor's trade is found where the order has
 * it; when it moved or went since the page before, the database counts what comes before it. A
 * user with more matching trades than the cache keeps gets a keyset query instead (a sort of them
 * all for each page, but no list read into memory for each).
 */
async function listTradesPageFromOrder(
  db: Db,
  orders: TradeOrderCache,
  params: TradePageParams,
): Promise<{ rows: TradeRow[]; hasMore: boolean }> {
  const { userId, filter, sort, cursor } = params;
  // Trades deleted between reading the order and their rows: read again once, at the new version.
  for (let attempt = 1; ; attempt++) {
    // The version before the order: an order is never kept under a version older than what it saw.
    const version = await getAnalyticsVersion(db, userId);
    // The context (time zone, breakeven band) sits under a symbol key, which JSON leaves out: named here.
    const key = JSON.stringify([userId, sort, filter, toFilterContext(filter)]);
    const order = await orders.get(key, version, () => listTradeOrder(db, { userId, filter, sort }));
    if (order === TOO_LARGE) return listTradesPage(db, params);
    let place = null;
    if (cursor) {
      const at = toPosition(order, cursor.id);
      place =
        at !== undefined && order.values[at] === cursor.value
          ? { before: at, isInOrder: true }
          : { before: await countTradesBefore(db, { userId, filter, sort, cursor }), isInOrder: false };
    }
    const { positions, hasMore } = toPagePositions({
      count: order.ids.length,
      direction: params.order,
      limit: params.limit,
      cursor: place,
    });
    const rows = await listTradeRowsInOrder(db, { userId, ids: positions.map((position) => order.ids[position]!) });
    if (rows.length === positions.length || attempt === 2) return { rows, hasMore };
  }
}

/**
 * `GET /api/trades`: one page of the user's trades; `nextCursor` is null on the last page. Dates
 * (YYYY-MM-DD) in `from`/`to` are calendar days in the user's timezone. Sorted by close or open
 * time, a page is a keyset query on that column's index; by any other column, a slice of the
 * order kept in `orders`.
 */
export async function listTrades(
  db: Db,
  params: {
    userId: string;
    timeZone: string;
    query: TradeListQuery;
    orders: TradeOrderCache;
    accounts?: readonly ScopedAccount[];
  },
): Promise<TradeListJson> {
  const { query } = params;
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  const page: TradePageParams = {
    userId: params.userId,
    filter: await toUserTradeFilter(db, params),
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    cursor,
  };
  const { rows, hasMore } = isIndexedSort(query.sort)
    ? await listTradesPage(db, page)
    : await listTradesPageFromOrder(db, params.orders, page);
  const last = rows[rows.length - 1];
  return {
    trades: await toTradeJsonList(db, rows),
    nextCursor:
      hasMore && last
        ? encodeCursor({ sort: query.sort, order: query.order, value: toCursorValue(last, query.sort), id: last.id })
        : null,
  };
}

/** `GET /api/trades/count`: how many trades the list's filter selects, over every page. */
export async function countTradeList(
  db: Db,
  params: { userId: string; timeZone: string; query: TradeListQuery },
): Promise<{ count: number }> {
  return {
    count: await countTrades(db, { userId: params.userId, filter: await toUserTradeFilter(db, params) }),
  };
}

export async function getTradeDetail(db: Db, params: { userId: string; id: string }): Promise<TradeDetailJson> {
  return loadTradeDetail(db, await requireTradeRow(db, params));
}

// --- Journal ----------------------------------------------------------------------------------

function toRiskParts(parts: readonly TradePartRow[]): TradeExecution[] {
  return parts.map((part) => ({
    executionId: part.executionId,
    executedAt: part.executedAt.toISOString(),
    side: part.side,
    role: part.role,
    quantity: D(part.quantity),
    price: D(part.price),
    commission: D(part.commission),
    fees: D(part.fees),
    split: part.split,
  }));
}

/**
 * `PATCH /api/trades/:id`: the journal fields. Strategy and tags must be the user's (404
 * otherwise); `tags` replaces the trade's set; `initialRisk` is the trader's own risk in money.
 * R is derived again from the result (and the user's current default risk).
 */
export async function patchTrade(
  db: Db,
  params: { user: UserRow; id: string; patch: TradePatch; now: Date },
): Promise<TradeDetailJson> {
  const { user, patch } = params;
  const userId = user.id;
  const found = await requireTradeRow(db, { userId, id: params.id });
  if (patch.strategyId) await requireStrategy(db, { userId, id: patch.strategyId });
  if (patch.tags) await assertOwnTags(db, { userId, ids: patch.tags });
  const toText = (value: string | null) => (value === null ? null : D(value).toString());

  const journal: Partial<TradeJournal> = {
    ...(patch.stopPrice !== undefined && { stopPrice: toText(patch.stopPrice) }),
    ...(patch.initialRisk !== undefined && { riskAmount: toText(patch.initialRisk) }),
    ...(patch.targetPrice !== undefined && { targetPrice: toText(patch.targetPrice) }),
    ...(patch.strategyId !== undefined && { strategyId: patch.strategyId }),
    ...(patch.mistakes !== undefined && { mistakes: patch.mistakes }),
    ...(patch.emotions !== undefined && { emotions: patch.emotions }),
    ...(patch.rating !== undefined && { rating: patch.rating }),
    ...(patch.notes !== undefined && { notes: patch.notes }),
  };

  return db.transaction(async (tx) => {
    // Under the account lock no regrouping can rebuild the trade between this read and the update.
    await lockAccount(tx, { userId, accountId: found.accountId });
    const current = await requireTradeRow(tx, { userId, id: found.id });
    await saveTradeJournal(tx, { user, trade: current, patch: journal, now: params.now });
    if (patch.tags) await replaceTradeTags(tx, { openingExecutionId: current.openingExecutionId, tagIds: patch.tags });
    return loadTradeDetail(tx, await requireTradeRow(tx, { userId, id: current.id }));
  });
}

/**
 * Writes fields of a trade's journal and derives the trade row's journal facts (R, strategy, has
 * notes) again from the result: the one way a journal edit reaches the trade row. Run it under the
 * account lock, so no regrouping rebuilds the trade meanwhile.
 */
export async function saveTradeJournal(
  tx: Db,
  params: { user: UserRow; trade: TradeRow; patch: Partial<TradeJournal>; now: Date },
): Promise<void> {
  const { user, trade } = params;
  const journal =
    Object.keys(params.patch).length === 0
      ? trade.journal
      : (await upsertJournals(tx, {
          userId: user.id,
          openerIds: [trade.openingExecutionId],
          patch: params.patch,
          now: params.now,
        }).then((byOpener) => byOpener.get(trade.openingExecutionId)))!; // upserted just now
  const parts = (await listTradeParts(tx, [trade.id])).get(trade.id) ?? [];
  const facts = toJournalFacts({
    trade: {
      direction: trade.direction,
      openedAt: trade.openedAt.toISOString(),
      executions: toRiskParts(parts),
      multiplier: D(trade.multiplier),
      status: trade.status,
    },
    netPnl: D(trade.netPnl),
    journal,
    defaultRiskAmount: user.defaultRiskAmount,
  });
  if (!(await updateTradeRow(tx, { userId: user.id, id: trade.id, patch: { ...facts, updatedAt: params.now } })))
    throw new AppError('NOT_FOUND', 'Trade not found'); // deleted meanwhile
}

// --- Deleting and bulk actions ----------------------------------------------------------------

/** `DELETE /api/trades/:id`: the trade goes to "Recently deleted"; the answer's token undoes it. */
export async function deleteTrade(db: Db, params: { user: UserRow; id: string; now: Date }): Promise<TradeDeletion> {
  return deleteTrades(db, { user: params.user, ids: [params.id], now: params.now });
}

/** `POST /api/trades/bulk`: answers how many trades the action applied to. */
export async function applyBulkAction(
  db: Db,
  params: { user: UserRow; request: BulkTradeRequest; now: Date },
): Promise<BulkTradeJson> {
  const { user, request } = params;
  const userId = user.id;
  const ids = [...new Set(request.ids)];
  if (request.action === 'delete') return deleteTrades(db, { user, ids, now: params.now });
  if ((await listOwnTradeRefs(db, { userId, ids })).length !== ids.length)
    throw new AppError('NOT_FOUND', 'Trade not found');
  switch (request.action) {
    case 'addTags':
      await assertOwnTags(db, { userId, ids: request.tagIds });
      await addTagsToTrades(db, { userId, tradeIds: ids, tagIds: request.tagIds });
      break;
    case 'removeTags':
      await assertOwnTags(db, { userId, ids: request.tagIds });
      await removeTagsFromTrades(db, { userId, tradeIds: ids, tagIds: request.tagIds });
      break;
    case 'setStrategy': {
      if (request.strategyId) await requireStrategy(db, { userId, id: request.strategyId });
      const { strategyId } = request;
      await db.transaction(async (tx) => {
        const refs = await listOwnTradeRefs(tx, { userId, ids });
        const patch = { strategyId };
        await upsertJournals(tx, {
          userId,
          openerIds: refs.map((ref) => ref.openingExecutionId),
          patch,
          now: params.now,
        });
        // The strategy is one of the trade row's journal facts, the journal's own value.
        await setTradesStrategy(tx, { userId, tradeIds: ids, strategyId, now: params.now });
      });
      break;
    }
    case 'setRuleCheck': {
      const rule = await requireCurrentRule(db, { userId, id: request.ruleId });
      const count = await db.transaction((tx) =>
        saveRuleCheckOnTrades(tx, { userId, rule, tradeIds: ids, state: request.state, now: params.now }),
      );
      return { count };
    }
  }
  return { count: ids.length };
}

// --- The user's default risk ----------------------------------------------------------------------

const RISK_ROWS_PER_PASS = 5_000;

/**
 * Derives R again for every trade of the user that has no stop and no risk of its own (the ones
 * whose R rests on the default risk per trade), after the default changed or was cleared. Run it
 * in the transaction that changed the user; answers how many trades changed.
 */
export async function recomputeDefaultRisk(
  db: Db,
  params: { userId: string; defaultRiskAmount: string | null; now: Date },
): Promise<number> {
  let afterId: string | null = null;
  let changed = 0;
  for (;;) {
    const rows = await listDefaultRiskTrades(db, { userId: params.userId, afterId, limit: RISK_ROWS_PER_PASS });
    const last = rows[rows.length - 1];
    if (!last) return changed;
    afterId = last.id;
    const items = rows
      .map((row) => ({
        id: row.id,
        before: row,
        ...computeStoredRisk({
          // Without a stop the fills play no part in the risk: only the trade's figures do.
          trade: {
            direction: row.direction,
            openedAt: row.openedAt.toISOString(),
            executions: [],
            multiplier: D(row.multiplier),
            status: row.status,
          },
          netPnl: D(row.netPnl),
          stopPrice: null,
          riskAmount: null,
          defaultRiskAmount: params.defaultRiskAmount,
        }),
      }))
      .filter(
        (item) =>
          !sameDecimal(item.initialRisk, item.before.initialRisk) ||
          !sameDecimal(item.rMultiple, item.before.rMultiple),
      );
    await updateTradeRisks(db, { userId: params.userId, items, now: params.now });
    changed += items.length;
  }
}

function sameDecimal(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : D(a).eq(D(b));
}

/**
 * `PUT /api/trades/:id/rule-checks`: answers to the trade's strategy's current rules (`null`
 * clears one), kept on its opening execution. A rule of another strategy, a removed rule or
 * another user's answers 404; a trade without a strategy has no rules to answer (400).
 */
export async function putRuleChecks(
  db: Db,
  params: { userId: string; id: string; checks: readonly { ruleId: string; state: RuleState | null }[]; now: Date },
): Promise<TradeDetailJson> {
  const { userId } = params;
  const found = await requireTradeRow(db, { userId, id: params.id });
  return db.transaction(async (tx) => {
    await lockAccount(tx, { userId, accountId: found.accountId });
    const current = await requireTradeRow(tx, { userId, id: found.id });
    const strategyId = current.journal.strategyId;
    if (strategyId === null)
      throw new AppError('VALIDATION_ERROR', 'Pick a strategy for the trade before answering its rules', {
        strategyId: 'Pick a strategy first',
      });
    const ruleIds = new Set((await listRules(tx, { strategyId })).map((rule) => rule.id));
    const unknown = params.checks.find((check) => !ruleIds.has(check.ruleId));
    if (unknown) throw new AppError('NOT_FOUND', `Rule ${unknown.ruleId} is not a rule of the trade's strategy`);
    await saveRuleChecks(tx, {
      userId,
      openingExecutionId: current.openingExecutionId,
      checks: params.checks,
      now: params.now,
    });
    // NOTE: touching the row moves the analytics version, so a cached answer filtered on rules is read again.
    await updateTradeRow(tx, { userId, id: current.id, patch: { updatedAt: params.now } });
    return loadTradeDetail(tx, current);
  });
}
