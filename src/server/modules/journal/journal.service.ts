import type {
  JournalDayInput,
  JournalDayJson,
  JournalEntriesQuery,
  JournalEntryListJson,
  JournalRangeQuery,
} from '../../../contracts/journal';
import type { Db } from '../../db/client';
import {
  deleteJournalDay,
  getJournalDay,
  listJournalDays,
  listJournalDaysIn,
  listJournalEntryDays,
  upsertJournalDay,
  type JournalDay,
} from './journal.queries';

function toJournalDayJson(day: JournalDay): JournalDayJson {
  return { date: day.date, plan: day.plan, review: day.review, mood: day.mood, updatedAt: day.updatedAt.toISOString() };
}

const emptyDay = (date: string): JournalDayJson => ({ date, plan: '', review: '', mood: null, updatedAt: null });

/** `GET /api/journal/days?from&to`: the user's entries in the range. */
export async function listJournalDayJson(
  db: Db,
  params: { userId: string; query: JournalRangeQuery },
): Promise<{ days: JournalDayJson[] }> {
  const days = await listJournalDays(db, { userId: params.userId, ...params.query });
  return { days: days.map(toJournalDayJson) };
}

/** `GET /api/journal/days/:date`: the entry, or an empty one (updatedAt null) for a day without. */
export async function getJournalDayJson(db: Db, params: { userId: string; date: string }): Promise<JournalDayJson> {
  const day = await getJournalDay(db, params);
  return day ? toJournalDayJson(day) : emptyDay(params.date);
}

/**
 * `PUT /api/journal/days/:date`: replaces the day's entry. Texts are kept as written (trailing
 * blank lines trimmed); an entry with no text and no mood is deleted, so no empty row marks the calendar.
 */
export async function saveJournalDay(
  db: Db,
  params: { userId: string; date: string; input: JournalDayInput; now: Date },
): Promise<JournalDayJson> {
  const plan = params.input.plan.trimEnd();
  const review = params.input.review.trimEnd();
  const { mood } = params.input;
  if (plan.trim() === '' && review.trim() === '' && mood === null) {
    await deleteJournalDay(db, { userId: params.userId, date: params.date });
    return emptyDay(params.date);
  }
  const saved = await upsertJournalDay(db, {
    userId: params.userId,
    date: params.date,
    plan: plan.trim() === '' ? '' : plan,
    review: review.trim() === '' ? '' : review,
    mood,
    now: params.now,
  });
  return toJournalDayJson(saved);
}

/** `GET /api/journal/entries`: a page of the days with a plan, a review or trade notes, newest first. */
export async function listJournalEntryJson(
  db: Db,
  params: { userId: string; timeZone: string; query: JournalEntriesQuery },
): Promise<JournalEntryListJson> {
  const { q, before, limit } = params.query;
  const days = await listJournalEntryDays(db, {
    userId: params.userId,
    timeZone: params.timeZone,
    q: q || undefined,
    before,
    limit: limit + 1,
  });
  const page = days.slice(0, limit);
  const byDate = new Map(
    (await listJournalDaysIn(db, { userId: params.userId, days: page.map((d) => d.day) })).map((d) => [d.date, d]),
  );
  return {
    entries: page.map(({ day, notedTradeCount }) => {
      const entry = byDate.get(day);
      return { ...(entry ? toJournalDayJson(entry) : emptyDay(day)), notedTradeCount };
    }),
    nextBefore: days.length > limit ? page[page.length - 1]!.day : null,
  };
}
