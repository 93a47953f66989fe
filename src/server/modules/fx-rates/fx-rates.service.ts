import { parseFxRatesCsv, type FxRate } from '../../../core/fx';
import type { FxRatesListJson, FxRatesSavedJson } from '../../../contracts/fx-rates';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listFxRates, upsertFxRates } from './fx-rates.queries';
import { updateUserAccountPnl } from '../trades';

const LIST_LIMIT = 1_000;
const PROVIDER_TIMEOUT_MS = 15_000;

/** Saves an uploaded rate table; rows with a bad cell are left out and named. */
export async function saveFxRatesCsv(db: Db, params: { userId: string; csv: string }): Promise<FxRatesSavedJson> {
  const { rows, issues } = parseFxRatesCsv(params.csv);
  if (rows.length === 0) {
    const first = issues[0];
    throw new AppError(
      'VALIDATION_ERROR',
      first?.code === 'BAD_HEADER'
        ? 'The file needs the columns date, from, to and rate.'
        : 'The file has no rate that could be read.',
      { file: first ? `Row ${first.row}, ${first.column}: ${first.code}` : 'No rows' },
    );
  }
  const saved = await saveRates(db, { userId: params.userId, rates: rows, source: 'upload' });
  return { saved, issues };
}

export async function listFxRatesJson(db: Db, userId: string): Promise<FxRatesListJson> {
  return { rates: await listFxRates(db, userId, LIST_LIMIT) };
}

/**
 * Fetches a pair's daily rates from the configured provider (a frankfurter.app-style time series:
 * `{ rates: { "2025-01-08": { "EUR": 0.96 } } }`) and saves them. The provider's failures are the
 * user's to retry, answered as a 400 naming it.
 */
export async function fetchFxRates(
  db: Db,
  params: { userId: string; baseUrl: string | null; from: string; to: string; start: string; end: string },
): Promise<FxRatesSavedJson> {
  if (params.baseUrl === null)
    throw new AppError(
      'VALIDATION_ERROR',
      'No exchange-rate provider is configured (FX_RATES_URL): upload a CSV instead.',
    );
  const url = `${params.baseUrl}/${params.start}..${params.end}?from=${params.from}&to=${params.to}`;
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    body = await res.json();
  } catch (err) {
    throw new AppError('VALIDATION_ERROR', 'The exchange-rate provider did not answer with rates.', undefined, {
      cause: err,
    });
  }
  const rates = toProviderRates(body, params);
  return { saved: await saveRates(db, { userId: params.userId, rates, source: 'provider' }), issues: [] };
}

/**
 * Saves rates and puts the user's trades in another currency than their account's in it again
 * at the table as it now is (a trade without a file rate may have one now), in one transaction.
 */
async function saveRates(
  db: Db,
  params: { userId: string; rates: FxRate[]; source: 'upload' | 'provider' },
): Promise<number> {
  return db.transaction(async (tx) => {
    const saved = await upsertFxRates(tx, params);
    await updateUserAccountPnl(tx, params.userId);
    return saved;
  });
}

function toProviderRates(body: unknown, pair: { from: string; to: string }): FxRate[] {
  const byDay = (body as { rates?: unknown } | null)?.rates; // checked entry by entry below
  if (typeof byDay !== 'object' || byDay === null) return [];
  const rates: FxRate[] = [];
  for (const [date, values] of Object.entries(byDay)) {
    const value = (values as Record<string, unknown> | null)?.[pair.to]; // checked below
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || typeof value !== 'number' || !(value > 0)) continue;
    rates.push({ date, from: pair.from, to: pair.to, rate: String(value) });
  }
  return rates;
}
