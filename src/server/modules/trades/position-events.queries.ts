import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TradeEventJson } from '../../../contracts/trades';
import { D, type PositionEvent, type PositionEventKind } from '../../../core/trades';
import type { Db } from '../../db/client';
import { positionEvents } from '../../db/schema';

export type PositionEventRow = typeof positionEvents.$inferSelect;
type EventRow = PositionEventRow;

/**
 * An event's place in replay order: its sequence (the number between the fills it came between),
 * then its rank among the events that share it, as a fraction: events between the same two fills
 * (a reverse split and its cash in lieu) replay in file order, their fills with them.
 */
export function toEventSequence(row: Pick<PositionEventRow, 'sequence' | 'rank'>): number {
  return row.sequence + row.rank / RANK_SCALE;
}
const RANK_SCALE = 2 ** 20;

/** A stored event as the grouping takes it. */
export function toPositionEvent(row: EventRow, options: { isResolved?: boolean } = {}): PositionEvent {
  const read = (text: string | null) => (text === null ? null : D(text));
  const isResolved = options.isResolved === true && row.resolvedInstrumentKey !== null;
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind as PositionEventKind, // written from POSITION_EVENT_KINDS
    at: row.at.toISOString(),
    sequence: toEventSequence(row),
    symbol: row.symbol,
    // Regrouping replays one instrument's fills: the event goes where applying it found the position.
    instrumentKey: isResolved ? row.resolvedInstrumentKey! : row.instrumentKey,
    quantityDelta: D(row.quantityDelta),
    price: read(row.price),
    ratio: read(row.ratio),
    fromSymbol: row.fromSymbol,
    toSymbol: row.toSymbol,
    toInstrumentKey: row.toInstrumentKey,
    cashAmount: read(row.cashAmount),
    fees: read(row.fees),
    heldQuantity: isResolved ? null : read(row.heldQuantity),
    currency: row.currency,
    multiplier: D(row.multiplier),
    sourceRow: row.sourceRow,
  };
}

/**
 * The accounts' splits and symbol changes that applied, as regrouping restates fills with them:
 * each at the instrument it found the position in (none for accounts without any); and the place
 * in replay order of each of their events, for the fills an event stands for.
 */
export async function listRestatingEvents(
  tx: Db,
  accountIds: readonly string[],
): Promise<{ events: PositionEvent[]; sequenceOf: Map<string, number> }> {
  if (accountIds.length === 0) return { events: [], sequenceOf: new Map() };
  const rows = await tx
    .select()
    .from(positionEvents)
    .where(
      and(
        inArray(positionEvents.accountId, [...accountIds]),
        inArray(positionEvents.kind, ['split', 'symbolChange']),
        isNull(positionEvents.problem),
        isNotNull(positionEvents.resolvedInstrumentKey),
        isNull(positionEvents.deletedAt),
      ),
    )
    .orderBy(asc(positionEvents.at), asc(positionEvents.sequence), asc(positionEvents.rank));
  if (rows.length === 0) return { events: [], sequenceOf: new Map() };
  // The place of every event of these accounts, for the fills they stand for (toEventSequence).
  const places = await tx
    .select({ id: positionEvents.id, sequence: positionEvents.sequence, rank: positionEvents.rank })
    .from(positionEvents)
    .where(and(inArray(positionEvents.accountId, [...accountIds]), isNull(positionEvents.deletedAt)));
  return {
    events: rows.map((row) => toPositionEvent(row, { isResolved: true })),
    sequenceOf: new Map(places.map((place) => [place.id, toEventSequence(place)])),
  };
}

/**
 * The applied events a trade went through: those of its account that ended in its instrument while
 * it was open (from its opening to its closing fill's time), in replay order.
 */
export async function listTradeEvents(
  db: Db,
  trade: { accountId: string; instrumentKey: string; openedAt: Date; closedAt: Date | null },
): Promise<TradeEventJson[]> {
  const rows = await db
    .select()
    .from(positionEvents)
    .where(
      and(
        eq(positionEvents.accountId, trade.accountId),
        eq(positionEvents.appliedInstrumentKey, trade.instrumentKey),
        isNull(positionEvents.problem),
        isNull(positionEvents.deletedAt),
        gte(positionEvents.at, trade.openedAt),
        ...(trade.closedAt ? [lte(positionEvents.at, trade.closedAt)] : []),
      ),
    )
    .orderBy(asc(positionEvents.at), asc(positionEvents.sequence), asc(positionEvents.rank));
  return rows.map(toTradeEventJson);
}

export function toTradeEventJson(row: PositionEventRow): TradeEventJson {
  const text = (value: string | null) => (value === null ? undefined : D(value).toString());
  const ratio = text(row.appliedRatio ?? row.ratio);
  const price = text(row.price);
  const cashAmount = text(row.cashAmount);
  return {
    id: row.id,
    kind: row.kind as PositionEventKind, // written from POSITION_EVENT_KINDS
    at: row.at.toISOString(),
    ...(ratio === undefined ? {} : { ratio }),
    ...(row.fromSymbol === null ? {} : { fromSymbol: row.fromSymbol }),
    ...(row.toSymbol === null ? {} : { toSymbol: row.toSymbol }),
    quantityDelta: D(row.quantityDelta).toString(),
    ...(price === undefined ? {} : { price }),
    ...(cashAmount === undefined ? {} : { cashAmount }),
    currency: row.currency,
    sourceRow: row.sourceRow,
    ...(isCostBasisMissing(row) ? { isCostBasisMissing: true } : {}),
  };
}

/** A transfer in whose file gave no cost basis (core applies it at 0). */
export function isCostBasisMissing(row: Pick<PositionEventRow, 'kind' | 'quantityDelta' | 'price'>): boolean {
  return row.kind === 'transfer' && D(row.quantityDelta).gt(0) && row.price === null;
}

/** Every live event of the account (not of an undone import) as the grouping takes it (an import's preview applies them with its own). */
export async function listAccountEvents(db: Db, accountId: string): Promise<PositionEvent[]> {
  const rows = await db
    .select()
    .from(positionEvents)
    .where(and(eq(positionEvents.accountId, accountId), isNull(positionEvents.deletedAt)))
    .orderBy(asc(positionEvents.at), asc(positionEvents.sequence), asc(positionEvents.rank));
  return rows.map((row) => toPositionEvent(row));
}
