import { z } from 'zod';
import { EXPLANATION_KINDS, type ImportQuality } from '../core/reconciliation';
import { dateKeySchema } from './journal';

const uuid = z.uuid('Must be an id');

/** `GET /api/reconciliation?accountId=&from=&to=`: days in the trader's zone, both ends included. */
export const reconciliationQuerySchema = z.object({
  accountId: uuid,
  from: dateKeySchema.optional(),
  to: dateKeySchema.optional(),
});

/** `GET /api/reconciliation/fills?accountId=&date=`: the fills behind one day. */
export const reconciliationFillsQuerySchema = z.object({ accountId: uuid, date: dateKeySchema });

const explanationKind = z.enum(EXPLANATION_KINDS);
const decimal = z.string();

/**
 * One day against the broker, in the account's currency (core/reconciliation ReconciledDay):
 * `difference` = ours.net − broker.net, null when no fill of the day carries a broker figure.
 */
export const reconciliationDayJsonSchema = z.object({
  date: z.string(),
  ours: z.object({ gross: decimal, fees: decimal, net: decimal }),
  broker: z.object({ net: decimal.nullable() }),
  difference: decimal.nullable(),
  explanations: z.array(z.object({ kind: explanationKind, amount: decimal, executionIds: z.array(z.string()) })),
});
export type ReconciliationDayJson = z.infer<typeof reconciliationDayJsonSchema>;

export const reconciliationJsonSchema = z.object({
  accountId: z.string(),
  currency: z.string(),
  days: z.array(reconciliationDayJsonSchema),
});
export type ReconciliationJson = z.infer<typeof reconciliationJsonSchema>;

/** A fill of a day with the broker's figures of its file row and where that row is. */
export const reconciliationFillJsonSchema = z.object({
  executionId: z.string(),
  executedAt: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: decimal,
  price: decimal,
  commission: decimal,
  fees: decimal,
  currency: z.string(),
  /** Account-currency units per unit of `currency`, from the file. */
  fxRate: decimal.nullable(),
  broker: z.object({ pnl: decimal.nullable(), net: decimal.nullable(), currency: z.string() }).nullable(),
  /** Which broker figure it was compared with, ours − theirs, and what explains a difference. */
  figure: z.enum(['pnl', 'net']).nullable(),
  difference: decimal.nullable(),
  agrees: z.boolean(),
  kind: explanationKind.nullable(),
  /** The file row it came from (null for a fill entered by hand). */
  source: z.object({ importId: z.string(), fileName: z.string(), row: z.number().nullable() }).nullable(),
});
export type ReconciliationFillJson = z.infer<typeof reconciliationFillJsonSchema>;

export const reconciliationFillsJsonSchema = z.object({
  accountId: z.string(),
  date: z.string(),
  fills: z.array(reconciliationFillJsonSchema),
});
export type ReconciliationFillsJson = z.infer<typeof reconciliationFillsJsonSchema>;

/** An import's data-quality score (core/reconciliation ImportQuality). */
export const importQualityJsonSchema = z.object({
  importId: z.string(),
  rowsRead: z.number(),
  rowsSkipped: z.number(),
  skippedReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
  problemRows: z.number(),
  fillsWithBrokerFigure: z.number(),
  agreeing: z.number(),
  explained: z.number(),
  unexplained: z.number(),
  score: z.number().nullable(),
}) satisfies z.ZodType<ImportQuality & { importId: string }>;
export type ImportQualityJson = z.infer<typeof importQualityJsonSchema>;
export const importQualityListJsonSchema = z.object({ imports: z.array(importQualityJsonSchema) });
export type ImportQualityListJson = z.infer<typeof importQualityListJsonSchema>;
