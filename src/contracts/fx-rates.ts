import { z } from 'zod';
import type { FxRate, FxRateIssue } from '../core/fx';
import { dateKeySchema } from './journal';

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3,5}$/, 'Use a currency code such as EUR');

/** `POST /api/fx-rates/fetch`: the provider's daily rates of one pair over a range of days. */
export const fxRatesFetchSchema = z
  .object({ from: currency, to: currency, start: dateKeySchema, end: dateKeySchema })
  .refine((q) => q.from !== q.to, { message: 'Must differ from from', path: ['to'] })
  .refine((q) => q.end >= q.start, { message: 'Must not be before start', path: ['end'] });

/** `POST /api/fx-rates` (a `text/csv` body: date,from,to,rate) and the fetch: what was saved, and the rows left out. */
export const fxRatesSavedJsonSchema = z.object({
  saved: z.number(),
  issues: z.array(
    z.object({
      row: z.number(),
      column: z.enum(['date', 'from', 'to', 'rate', 'header']),
      code: z.enum(['MISSING', 'BAD_DATE', 'BAD_CURRENCY', 'NOT_A_POSITIVE_NUMBER', 'BAD_HEADER']),
      raw: z.string(),
    }),
  ),
}) satisfies z.ZodType<{ saved: number; issues: FxRateIssue[] }>;
export type FxRatesSavedJson = z.infer<typeof fxRatesSavedJsonSchema>;

export const fxRatesListJsonSchema = z.object({
  rates: z.array(
    z.object({ date: z.string(), from: z.string(), to: z.string(), rate: z.string(), source: z.string() }),
  ),
}) satisfies z.ZodType<{ rates: (FxRate & { source: string })[] }>;
export type FxRatesListJson = z.infer<typeof fxRatesListJsonSchema>;
