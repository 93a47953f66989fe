import { z } from 'zod';
import { isDateKey, journalDate, safeText } from './input-policy';

/** The daily journal's wire format: one entry per calendar day in the user's time zone. */

/** Longest plan or review accepted, in characters (a few pages of notes). */
export const JOURNAL_TEXT_MAX = 20_000;
/** At most this many days in one `GET /api/journal/days` range (a little over a year). */
export const JOURNAL_RANGE_MAX_DAYS = 400;

/** Mood 1–5, worst to best; the labels the UI shows. */
export const JOURNAL_MOODS = [
  { value: 1, label: 'Awful' },
  { value: 2, label: 'Off' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Great' },
] as const;

/** A journal day: YYYY-MM-DD, from 1970-01-01 to a year ahead (the input policy). */
export const dateKeySchema = journalDate();

const dayNumber = (key: string) => Math.floor(Date.parse(`${key}T00:00:00Z`) / 86_400_000);

export const journalRangeQuerySchema = z
  .object({ from: dateKeySchema, to: dateKeySchema })
  .refine((q) => !isDateKey(q.from) || !isDateKey(q.to) || dayNumber(q.to) >= dayNumber(q.from), {
    message: 'Must not be before from',
    path: ['to'],
  })
  .refine(
    (q) => !isDateKey(q.from) || !isDateKey(q.to) || dayNumber(q.to) - dayNumber(q.from) < JOURNAL_RANGE_MAX_DAYS,
    {
      message: `At most ${JOURNAL_RANGE_MAX_DAYS} days at once`,
      path: ['to'],
    },
  );
export type JournalRangeQuery = z.infer<typeof journalRangeQuerySchema>;

/** `PUT /api/journal/days/:date`: the whole entry. Everything empty deletes the day's entry. */
export const journalDayInputSchema = z.object({
  plan: safeText({ multiline: true }).max(JOURNAL_TEXT_MAX).default(''),
  review: safeText({ multiline: true }).max(JOURNAL_TEXT_MAX).default(''),
  mood: z.number().int().min(1).max(5).nullable().default(null),
});
export type JournalDayInput = z.infer<typeof journalDayInputSchema>;

/** One day's entry. A day without an entry reads as empty texts, no mood and `updatedAt` null. */
export const journalDayJsonSchema = z.object({
  date: z.string(),
  plan: z.string(),
  review: z.string(),
  mood: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type JournalDayJson = z.infer<typeof journalDayJsonSchema>;

/** `GET /api/journal/days?from&to`: the days in the range that have an entry, in date order. */
export const journalDayListJsonSchema = z.object({ days: z.array(journalDayJsonSchema) });
export type JournalDayListJson = z.infer<typeof journalDayListJsonSchema>;

/** At most this many entries in one page of `GET /api/journal/entries`. */
export const JOURNAL_ENTRIES_PAGE_MAX = 100;

/**
 * `GET /api/journal/entries?q&before&limit`: the days with a plan, a review or trade notes, newest
 * first; `q` finds the words in any of them (case-insensitive), `before` (a date) continues a list.
 */
export const journalEntriesQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  before: dateKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(JOURNAL_ENTRIES_PAGE_MAX).default(30),
});
export type JournalEntriesQuery = z.infer<typeof journalEntriesQuerySchema>;

/** One day of the journal's list: its entry (empty texts when only trades have notes) and how many of its trades have notes. */
export const journalEntryJsonSchema = journalDayJsonSchema.extend({ notedTradeCount: z.number() });
export type JournalEntryJson = z.infer<typeof journalEntryJsonSchema>;

/** A page of the list; `nextBefore` asks for the next one, null at the end. */
export const journalEntryListJsonSchema = z.object({
  entries: z.array(journalEntryJsonSchema),
  nextBefore: z.string().nullable(),
});
export type JournalEntryListJson = z.infer<typeof journalEntryListJsonSchema>;
