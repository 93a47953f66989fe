import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalDays } from '../../db/schema';

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
