import { desc, eq, sql } from 'drizzle-orm';
import type { FxRate } from '../../../core/fx';
import { D } from '../../../core/trades';
import type { Db } from '../../db/client';
import { fxRates } from '../../db/schema';

/** Saves rates, a later one for the same day and pair replacing the earlier. */
export async function upsertFxRates(
  db: Db,
  params: { userId: string; rates: readonly FxRate[]; source: string },
): Promise<number> {
  if (params.rates.length === 0) return 0;
  // One row per day and pair: the last of a file's repeats wins.
  const unique = new Map(params.rates.map((r) => [`${r.date}|${r.from}|${r.to}`, r]));
  const rows = [...unique.values()].map((r) => ({
    userId: params.userId,
    day: r.date,
    fromCurrency: r.from,
    toCurrency: r.to,
    rate: r.rate,
    source: params.source,
  }));
  await db
    .insert(fxRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [fxRates.userId, fxRates.day, fxRates.fromCurrency, fxRates.toCurrency],
      set: { rate: sql`excluded.rate`, source: sql`excluded.source` },
    });
  return rows.length;
}

export async function listFxRates(db: Db, userId: string, limit: number): Promise<(FxRate & { source: string })[]> {
  const rows = await db
    .select({
      date: fxRates.day,
      from: fxRates.fromCurrency,
      to: fxRates.toCurrency,
      rate: fxRates.rate,
      source: fxRates.source,
    })
    .from(fxRates)
    .where(eq(fxRates.userId, userId))
    .orderBy(desc(fxRates.day), fxRates.fromCurrency, fxRates.toCurrency)
    .limit(limit);
  // numeric(30, 12) answers trailing zeros: the rate as written.
  return rows.map((row) => ({ ...row, rate: D(row.rate).toString() }));
}
