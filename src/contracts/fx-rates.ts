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
export type FxRatesSavedJson = { saved: number; issues: FxRateIssue[] };
export type FxRatesListJson = { rates: (FxRate & { source: string })[] };
