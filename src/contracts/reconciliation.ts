import { z } from 'zod';
import type { ExplanationKind, ImportQuality } from '../core/reconciliation';
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

/**
 * One day against the broker, in the account's currency (core/reconciliation ReconciledDay):
 * `difference` = ours.net − broker.net, null when no fill of the day carries a broker figure.
 */
export type ReconciliationDayJson = {
  date: string;
  ours: { gross: string; fees: string; net: string };
  broker: { net: string | null };
  difference: string | null;
  explanations: { kind: ExplanationKind; amount: string; executionIds: string[] }[];
};

export type ReconciliationJson = { accountId: string; currency: string; days: ReconciliationDayJson[] };

/** A fill of a day with the broker's figures of its file row and where that row is. */
export type ReconciliationFillJson = {
  executionId: string;
  executedAt: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  currency: string;
  /** Account-currency units per unit of `currency`, from the file. */
  fxRate: string | null;
  broker: { pnl: string | null; net: string | null; currency: string } | null;
  /** Which broker figure it was compared with, ours − theirs, and what explains a difference. */
  figure: 'pnl' | 'net' | null;
  difference: string | null;
  agrees: boolean;
  kind: ExplanationKind | null;
  /** The file row it came from (null for a fill entered by hand). */
  source: { importId: string; fileName: string; row: number | null } | null;
};

export type ReconciliationFillsJson = { accountId: string; date: string; fills: ReconciliationFillJson[] };

export type ImportQualityJson = ImportQuality & { importId: string };
export type ImportQualityListJson = { imports: ImportQualityJson[] };
