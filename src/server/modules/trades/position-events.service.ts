import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ImportedPositionEvent } from '../../../core/import/normalise/event-rows';
import { applyPositionEvents, D, toMoneyText, toQuantityText, type Execution } from '../../../core/trades';
import type { Db } from '../../db/client';
import { executions, positionEvents } from '../../db/schema';
import { regroupInstruments, toExecution, type RegroupCut, type RegroupParams } from './regroup';
import { toPositionEvent, toTradeEventJson } from './position-events.queries';
import type { TradeEventJson } from '../../../contracts/trades';
import { AppError } from '../../errors';
import { getAccountForUpdate } from '../accounts';
import { isUuid } from '../ids';
import type { UserRow } from '../users';
import { hasRunningImportInto } from './trades.queries';

/**
 * Position events (issue #45): stored with the import that read them, applied to the account's
 * fills after every import and undo. Applying replays the account's fills and events in time order
 * (applyPositionEvents): each event's resolved instrument, the instrument it ended in, or why it
 * could not apply is written on it, and the fills an event stands for (a reinvestment's buy, a
 * transfer out at its lots' cost, cash in lieu, a conversion leg, an option's shares) are written
 * as fills linked to it (executions.position_event_id), rewritten whenever the events are applied
 * again. Splits and symbol changes restate no stored fill: regrouping applies them (regroup.ts), so
 * a fill keeps the quantity and price its file gave.
 */

type EventRow = typeof positionEvents.$inferSelect;

/** An imported event with its place in the import's numbering (import-engine.ts, `slot`). */
export type PlacedPositionEvent = { event: ImportedPositionEvent; slot: number };

/**
 * Stores an import's events (given in replay order) in its account, numbered `firstSequence + slot` among its fills. An
 * event the account already has (the same file imported again: same kind, time, instrument and
 * figures, counted by occurrence) is skipped. Answers how many were stored.
 */
export async function insertImportEvents(
  tx: Db,
  params: {
    userId: string;
    accountId: string;
    importId: string;
    events: readonly PlacedPositionEvent[];
    /** The import's first fill's number; null when it added none (then after the account's last). */
    firstSequence: number | null;
  },
): Promise<number> {
  if (params.events.length === 0) return 0;
  const firstSequence =
    params.firstSequence ??
    Number(
      (
        await tx
          .select({ max: max(executions.sequence) })
          .from(executions)
          .where(eq(executions.accountId, params.accountId))
      )[0]?.max ?? 0,
    ) + 1;
  const occurrences = new Map<string, number>();
  const rows = params.events.map(({ event, slot }, rank) => {
    const key = [
      event.kind,
      event.at,
      event.instrumentKey,
      event.toInstrumentKey ?? '',
      event.quantityDelta,
      event.ratio ?? '',
      event.cashAmount ?? '',
      event.price ?? '',
    ].join('|');
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    return {
      userId: params.userId,
      accountId: params.accountId,
      importId: params.importId,
      kind: event.kind,
      at: new Date(event.at),
      sequence: firstSequence + slot,
      rank,
      symbol: event.symbol,
      instrumentKey: event.instrumentKey,
      assetClass: event.assetClass,
      quantityDelta: event.quantityDelta,
      price: event.price,
      ratio: event.ratio,
      fromSymbol: event.fromSymbol,
      toSymbol: event.toSymbol,
      toInstrumentKey: event.toInstrumentKey,
      cashAmount: event.cashAmount,
      fees: event.fees,
      heldQuantity: event.heldQuantity,
      currency: event.currency,
      multiplier: event.multiplier,
      sourceRow: event.row,
      pairedRow: event.pairedRow,
      fingerprint: `${key}#${occurrence}`,
    };
  });
  let stored = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(positionEvents)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: positionEvents.id });
    stored += inserted.length;
  }
  return stored;
}

/**
 * An import's undo: its events are marked deleted (kept for a restore of its trades from "Recently
 * deleted", restoreImportEvents); applyAccountEvents then takes their fills out. Answers the
 * instruments they changed, to regroup without them: a position they moved (a symbol change) goes
 * back to its own instrument, where the undo finds its trades.
 */
export async function deleteImportEvents(
  tx: Db,
  params: { accountId: string; importId: string; now: Date },
): Promise<string[]> {
  const deleted = await tx
    .update(positionEvents)
    .set({ deletedAt: params.now })
    .where(
      and(
        eq(positionEvents.accountId, params.accountId),
        eq(positionEvents.importId, params.importId),
        isNull(positionEvents.deletedAt),
      ),
    )
    .returning({
      instrumentKey: positionEvents.instrumentKey,
      toInstrumentKey: positionEvents.toInstrumentKey,
      resolvedInstrumentKey: positionEvents.resolvedInstrumentKey,
      appliedInstrumentKey: positionEvents.appliedInstrumentKey,
    });
  return [
    ...new Set(
      deleted.flatMap((row) =>
        [row.instrumentKey, row.toInstrumentKey, row.resolvedInstrumentKey, row.appliedInstrumentKey].filter(
          (key): key is string => key !== null,
        ),
      ),
    ),
  ];
}

/**
 * The restore of an undone import's trades: its events apply again. All of them once every trade
 * of the import is back (`importIds`); while some wait in "Recently deleted", those of the
 * instruments restored (`partly`), so that a restored trade gets its split without a reinvestment
 * of a position still deleted making a trade of its own.
 */
export async function restoreImportEvents(
  tx: Db,
  params: {
    userId: string;
    importIds: readonly string[];
    partly: { importIds: readonly string[]; instrumentKeys: readonly string[] };
  },
): Promise<void> {
  const restore = (scope: SQL | undefined) =>
    tx
      .update(positionEvents)
      .set({ deletedAt: null })
      .where(and(eq(positionEvents.userId, params.userId), isNotNull(positionEvents.deletedAt), scope));
  if (params.importIds.length > 0) await restore(inArray(positionEvents.importId, [...params.importIds]));
  const { partly } = params;
  if (partly.importIds.length > 0 && partly.instrumentKeys.length > 0) {
    const keys = [...partly.instrumentKeys];
    await restore(
      and(
        inArray(positionEvents.importId, [...partly.importIds]),
        or(
          inArray(positionEvents.instrumentKey, keys),
          inArray(positionEvents.toInstrumentKey, keys),
          inArray(positionEvents.resolvedInstrumentKey, keys),
          inArray(positionEvents.appliedInstrumentKey, keys),
        ),
      ),
    );
  }
}

/** The purge job's part: events of imports undone more than `days` ago, for good. */
export async function purgeDeletedEvents(tx: Db, params: { before: Date }): Promise<number> {
  const rows = await tx
    .delete(positionEvents)
    .where(lte(positionEvents.deletedAt, params.before))
    .returning({ id: positionEvents.id });
  return rows.length;
}

/** Whether the account has any event that applies (none of an undone import). */
export async function hasAccountEvents(tx: Db, accountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: positionEvents.id })
    .from(positionEvents)
    .where(and(eq(positionEvents.accountId, accountId), isNull(positionEvents.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** A fill an event stands for: the event's own id, or a stable one derived from it for a further part. */
function toEventFillId(eventId: string, part: number): string {
  if (part === 0) return eventId;
  const hex = createHash('md5').update(`${eventId}:${part}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `event:<id>` or `event:<id>:<part>` (toEventExecutionId) → the event's id and the part. */
function parseEventExecutionId(id: string): { eventId: string; part: number } | null {
  if (!id.startsWith('event:')) return null;
  const [eventId, part] = id.slice('event:'.length).split(':');
  return eventId ? { eventId, part: part === undefined ? 0 : Number(part) } : null;
}

/** An event that could not apply, with the import and row it came from. */
export type AppliedEventProblem = { importId: string | null; row: number | null; message: string };

/**
 * Applies every event of the account to its fills (see the module comment) and regroups the
 * instruments they touch, whole. Run it in the transaction that changed the fills or events,
 * holding the account's lock. Answers the rebuilt trades' ids, and the events that could not apply.
 */
export async function applyAccountEvents(
  tx: Db,
  params: {
    accountId: string;
    defaultRiskAmount: string | null;
    now: Date;
    /** Further instruments to regroup with them (fills just added or restored). */
    cuts?: readonly RegroupCut[];
    restored?: RegroupParams['restored'];
  },
): Promise<{ tradeIds: string[]; problems: AppliedEventProblem[] }> {
  const rows = await tx
    .select()
    .from(positionEvents)
    .where(and(eq(positionEvents.accountId, params.accountId), isNull(positionEvents.deletedAt)))
    .orderBy(asc(positionEvents.at), asc(positionEvents.sequence), asc(positionEvents.rank));
  const stale = await tx
    .select({ id: executions.id, instrumentKey: executions.instrumentKey })
    .from(executions)
    .where(and(eq(executions.accountId, params.accountId), isNotNull(executions.positionEventId)));
  if (rows.length === 0 && stale.length === 0) {
    if (!params.cuts?.length) return { tradeIds: [], problems: [] };
    const tradeIds = await regroupInstruments(tx, {
      cuts: params.cuts,
      defaultRiskAmount: params.defaultRiskAmount,
      now: params.now,
      restored: params.restored,
    });
    return { tradeIds, problems: [] };
  }

  // Every live fill of the account: a line named by CUSIP finds its position among all of them.
  const fills = (
    await tx
      .select()
      .from(executions)
      .where(
        and(
          eq(executions.accountId, params.accountId),
          isNull(executions.deletedAt),
          isNull(executions.positionEventId),
        ),
      )
  ).map(toExecution);
  const events = rows.map((row) => toPositionEvent(row));
  const applied = applyPositionEvents(fills, events);

  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems = new Map(applied.problems.map((problem) => [problem.eventId, problem.message]));
  const placed = new Map(applied.events.map((entry) => [entry.event.id, entry]));
  const touched = new Set<string>(stale.map((fill) => fill.instrumentKey));
  for (const row of rows) {
    const entry = placed.get(row.id);
    const values = {
      resolvedInstrumentKey: entry?.fromInstrumentKey ?? null,
      appliedInstrumentKey: entry?.instrumentKey ?? null,
      appliedRatio: entry?.event.ratio ? toQuantityText(entry.event.ratio) : null,
      problem: problems.get(row.id) ?? null,
    };
    for (const key of [
      row.instrumentKey,
      row.toInstrumentKey,
      values.resolvedInstrumentKey,
      values.appliedInstrumentKey,
    ])
      if (key) touched.add(key);
    if (
      values.resolvedInstrumentKey !== row.resolvedInstrumentKey ||
      values.appliedInstrumentKey !== row.appliedInstrumentKey ||
      values.appliedRatio !== (row.appliedRatio === null ? null : toQuantityText(D(row.appliedRatio))) ||
      values.problem !== row.problem
    )
      await tx.update(positionEvents).set(values).where(eq(positionEvents.id, row.id));
  }

  const eventFills = applied.executions.flatMap((execution) => {
    const parsed = parseEventExecutionId(execution.id);
    const row = parsed && byId.get(parsed.eventId);
    return row ? [toEventFillRow(execution, row, toEventFillId(row.id, parsed.part))] : [];
  });
  const keep = eventFills.map((fill) => fill.id!);
  // Fills of events gone (an undone import) or no longer applying; a deleted one (its trade in
  // "Recently deleted") stays for its restore.
  await tx
    .delete(executions)
    .where(
      and(
        eq(executions.accountId, params.accountId),
        isNotNull(executions.positionEventId),
        isNull(executions.deletedAt),
        ...(keep.length > 0 ? [notInArray(executions.id, keep)] : []),
      ),
    );
  for (let i = 0; i < eventFills.length; i += 500) {
    await tx
      .insert(executions)
      .values(eventFills.slice(i, i + 500))
      .onConflictDoUpdate({
        target: executions.id,
        set: {
          executedAt: sql`excluded.executed_at`,
          symbol: sql`excluded.symbol`,
          instrumentKey: sql`excluded.instrument_key`,
          side: sql`excluded.side`,
          quantity: sql`excluded.quantity`,
          price: sql`excluded.price`,
          fees: sql`excluded.fees`,
          sequence: sql`excluded.sequence`,
        },
        setWhere: isNull(executions.deletedAt),
      });
  }
  for (const fill of eventFills) touched.add(fill.instrumentKey);

  const tradeIds = await regroupInstruments(tx, {
    cuts: [
      ...[...touched].map((instrumentKey) => ({ accountId: params.accountId, instrumentKey, changedAt: null })),
      ...(params.cuts ?? []).filter((cut) => !touched.has(cut.instrumentKey)),
    ],
    defaultRiskAmount: params.defaultRiskAmount,
    now: params.now,
    restored: params.restored,
  });
  return {
    tradeIds,
    problems: applied.problems.map((problem) => ({
      importId: byId.get(problem.eventId)?.importId ?? null,
      row: problem.sourceRow,
      message: problem.message,
    })),
  };
}

function toEventFillRow(execution: Execution, event: EventRow, id: string): typeof executions.$inferInsert {
  return {
    id,
    userId: event.userId,
    accountId: event.accountId,
    executedAt: new Date(execution.executedAt),
    symbol: execution.symbol,
    instrumentKey: execution.instrumentKey,
    assetClass: event.assetClass,
    side: execution.side,
    quantity: toQuantityText(execution.quantity),
    price: toMoneyText(execution.price),
    commission: toMoneyText(execution.commission),
    fees: toMoneyText(execution.fees),
    multiplier: toMoneyText(execution.multiplier),
    currency: execution.currency,
    fingerprint: id,
    sequence: event.sequence,
    importId: event.importId,
    sourceRow: event.sourceRow,
    positionEventId: event.id,
  };
}

/**
 * `PATCH /api/position-events/:id`: the cost basis per unit of a transfer in whose file gave none
 * (issue #45: asked once, in the trade dialog). The account's events apply again with it, so the
 * shares it brought count at that cost. Another user's id, or an event of an undone import, is a 404.
 */
export async function setTransferCostBasis(
  db: Db,
  params: { user: UserRow; id: string; costBasis: string; now: Date },
): Promise<TradeEventJson> {
  const { user } = params;
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'Position event not found');
  return db.transaction(async (tx) => {
    const find = async () => {
      const [row] = await tx
        .select()
        .from(positionEvents)
        .where(
          and(eq(positionEvents.id, params.id), eq(positionEvents.userId, user.id), isNull(positionEvents.deletedAt)),
        );
      return row;
    };
    const seen = await find();
    if (!seen) throw new AppError('NOT_FOUND', 'Position event not found');
    if (!(await getAccountForUpdate(tx, { userId: user.id, id: seen.accountId })))
      throw new AppError('NOT_FOUND', 'Position event not found');
    if (await hasRunningImportInto(tx, { userId: user.id, accountIds: [seen.accountId] }))
      throw new AppError(
        'CONFLICT',
        'An import into this account is running: give the cost basis once it has finished.',
      );
    if (seen.kind !== 'transfer' || !D(seen.quantityDelta).gt(0))
      throw new AppError('VALIDATION_ERROR', 'Invalid input: costBasis', {
        costBasis: 'Only shares transferred in take a cost basis',
      });
    await tx
      .update(positionEvents)
      .set({ price: toMoneyText(D(params.costBasis)) })
      .where(eq(positionEvents.id, seen.id));
    await applyAccountEvents(tx, {
      accountId: seen.accountId,
      defaultRiskAmount: user.defaultRiskAmount,
      now: params.now,
    });
    return toTradeEventJson((await find())!); // just updated, under the account's lock
  });
}
