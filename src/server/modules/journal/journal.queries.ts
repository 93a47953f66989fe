import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalDays, trades, tradeJournals } from '../../db/schema';
import { selectRows } from '../../db/raw-rows';

/** A journal entry as the service sees it. */
export type JournalDay = {
  date: string;
  plan: string;
  review: string;
  mood: number | null;
  updatedAt: Date;
};

function toJournalDay(row: typeof journalDays.$inferSelect): JournalDay {
  return { date: row.day, plan: row.plan, review: row.review, mood: row.mood, updatedAt: row.updatedAt };
}

/** The user's entries from `from` to `to` (dates, both included), in date order. */
export async function listJournalDays(
  db: Db,
  params: { userId: string; from: string; to: string },
): Promise<JournalDay[]> {
  const rows = await db
    .select()
    .from(journalDays)
    .where(
      and(eq(journalDays.userId, params.userId), gte(journalDays.day, params.from), lte(journalDays.day, params.to)),
    )
    .orderBy(asc(journalDays.day));
  return rows.map(toJournalDay);
}

/** Just the dates of the user's entries in a range: the calendar's note marks. */
export async function listJournalDates(
  db: Db,
  params: { userId: string; from: string; to: string },
): Promise<string[]> {
  const rows = await db
    .select({ day: journalDays.day })
    .from(journalDays)
    .where(
      and(eq(journalDays.userId, params.userId), gte(journalDays.day, params.from), lte(journalDays.day, params.to)),
    );
  return rows.map((row) => row.day);
}

export async function getJournalDay(db: Db, params: { userId: string; date: string }): Promise<JournalDay | undefined> {
  const [row] = await db
    .select()
    .from(journalDays)
    .where(and(eq(journalDays.userId, params.userId), eq(journalDays.day, params.date)))
    .limit(1);
  return row ? toJournalDay(row) : undefined;
}

/** Inserts or replaces the user's entry for the date. */
export async function upsertJournalDay(
  db: Db,
  params: { userId: string; date: string; plan: string; review: string; mood: number | null; now: Date },
): Promise<JournalDay> {
  const values = { plan: params.plan, review: params.review, mood: params.mood, updatedAt: params.now };
  const [row] = await db
    .insert(journalDays)
    .values({ userId: params.userId, day: params.date, ...values, createdAt: params.now })
    .onConflictDoUpdate({ target: [journalDays.userId, journalDays.day], set: values })
    .returning();
  return toJournalDay(row!); // insert … returning yields the row
}

export async function deleteJournalDay(db: Db, params: { userId: string; date: string }): Promise<void> {
  await db.delete(journalDays).where(and(eq(journalDays.userId, params.userId), eq(journalDays.day, params.date)));
}

/**
 * The days with a plan, a review or trade notes, newest first, each with how many of its trades
 * have notes: `limit` days before `before`, containing `q` (case-insensitive) when given. A trade
 * belongs to its close day in `timeZone` (an open one to its open day), as everywhere.
 */
export async function listJournalEntryDays(
  db: Db,
  params: { userId: string; timeZone: string; q?: string; before?: string; limit: number },
): Promise<Array<{ day: string; notedTradeCount: number }>> {
  const pattern = params.q ? `%${params.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const tradeDay = sql`((coalesce(${trades.closedAt}, ${trades.openedAt}) at time zone ${params.timeZone})::date)`;
  const list = await selectRows<{ day: string; noted: number }>(
    db,
    sql`
    with noted as (
      select ${tradeDay} as day, count(*)::int as noted
      from ${trades} join ${tradeJournals} j on j.opening_execution_id = ${trades.openingExecutionId}
      where ${trades.userId} = ${params.userId} and j.user_id = ${params.userId} and j.notes <> ''
        and (${pattern}::text is null or j.notes ilike ${pattern})
      group by 1
    ), entries as (
      select ${journalDays.day} as day from ${journalDays}
      where ${journalDays.userId} = ${params.userId} and (${journalDays.plan} <> '' or ${journalDays.review} <> '')
        and (${pattern}::text is null or ${journalDays.plan} ilike ${pattern} or ${journalDays.review} ilike ${pattern})
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(n.noted, 0)::int as noted
    from (select day from entries union select day from noted) d
    left join noted n on n.day = d.day
    where (${params.before ?? null}::date is null or d.day < ${params.before ?? null}::date)
    order by d.day desc
    limit ${params.limit}
  `,
  );
  return list.map((row) => ({ day: row.day, notedTradeCount: Number(row.noted) }));
}

/** The entries of these days (those that have one). */
export async function listJournalDaysIn(db: Db, params: { userId: string; days: string[] }): Promise<JournalDay[]> {
  if (params.days.length === 0) return [];
  const rows = await db
    .select()
    .from(journalDays)
    .where(and(eq(journalDays.userId, params.userId), inArray(journalDays.day, params.days)));
  return rows.map(toJournalDay);
}
