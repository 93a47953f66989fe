import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { ImportedPositionEvent } from '../../../core/import/normalise/event-rows';
import { applyPositionEvents, D, toMoneyText, toQuantityText, type Execution } from '../../../core/trades';
import type { Db } from '../../db/client';
import { executions, positionEvents } from '../../db/schema';
import { regroupInstruments, toExecution } from './regroup';
import { toPositionEvent } from './position-events.queries';

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

/** Removes an import's events (its undo); applyAccountEvents then takes their fills out. */
export async function deleteImportEvents(tx: Db, params: { accountId: string; importId: string }): Promise<number> {
  const deleted = await tx
    .delete(positionEvents)
    .where(and(eq(positionEvents.accountId, params.accountId), eq(positionEvents.importId, params.importId)))
    .returning({ id: positionEvents.id });
  return deleted.length;
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
  params: { accountId: string; defaultRiskAmount: string | null; now: Date },
): Promise<{ tradeIds: string[]; problems: AppliedEventProblem[] }> {
  const rows = await tx
    .select()
    .from(positionEvents)
    .where(eq(positionEvents.accountId, params.accountId))
    .orderBy(asc(positionEvents.at), asc(positionEvents.sequence), asc(positionEvents.rank));
  const stale = await tx
    .select({ id: executions.id, instrumentKey: executions.instrumentKey })
    .from(executions)
    .where(and(eq(executions.accountId, params.accountId), isNotNull(executions.positionEventId)));
  if (rows.length === 0 && stale.length === 0) return { tradeIds: [], problems: [] };

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
    cuts: [...touched].map((instrumentKey) => ({ accountId: params.accountId, instrumentKey, changedAt: null })),
    defaultRiskAmount: params.defaultRiskAmount,
    now: params.now,
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
