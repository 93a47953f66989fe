import type { ImportPreviewSummaryJson } from '../../../contracts/imports';
import { D } from '../../../core/money/decimal';
import { groupTrades, type Execution } from '../../../core/trades';
import type { Db } from '../../db/client';
import type { AccountRow } from '../accounts';
import { IdenticalFills, listFillsOfInstruments, toExecution, type PreparedExecution } from '../trades';
import { normaliseUpload, type Analysis } from './import-engine';
import { listAccountFingerprints, listDeletedFingerprints } from './imports.queries';
import { prepareBatch, type Fill } from './prepare-fills';
import type { ImportDeps } from './imports.service';

/** Ids the preview gives the file's fills, which no stored fill (a UUID) can have. */
const NEW_FILL_ID = 'preview:';

/** A prepared fill as the grouping takes it, numbered after every fill the account has. */
function toPreviewExecution(item: PreparedExecution, params: { accountId: string; sequence: number }): Execution {
  return {
    id: `${NEW_FILL_ID}${params.sequence}`,
    accountId: params.accountId,
    executedAt: item.executedAt,
    symbol: item.symbol,
    instrumentKey: item.instrumentKey,
    side: item.side,
    quantity: D(item.quantity),
    price: D(item.price),
    commission: D(item.commission),
    fees: D(item.fees),
    multiplier: D(item.multiplier),
    currency: item.currency,
    sequence: params.sequence,
    quantityStep: item.quantityStep ? D(item.quantityStep) : null,
    unconvertedFee:
      item.unconvertedFee && item.unconvertedFeeAsset
        ? { amount: D(item.unconvertedFee), asset: item.unconvertedFeeAsset }
        : null,
  };
}

/**
 * What committing the preview would add, counted as a small import's commit counts it
 * (import-runner.ts runSmall): the whole file normalised with the preview's mapping, its fills
 * prepared, those the account already has (or an earlier row of the file gave) skipped, and the
 * rest grouped (groupTrades) with every fill the account has in their instruments. New fills come
 * after the stored ones at equal times, as insertAndRegroup numbers them. Null when a required
 * column is missing, or when the file is longer than a commit in the request reads
 * (`syncRowLimit`): a background import counts as it runs.
 */
export async function summarisePreview(
  deps: Pick<ImportDeps, 'db' | 'uploads' | 'syncRowLimit' | 'openSpreadsheet'>,
  params: { importId: string; analysis: Analysis; account: AccountRow | null },
): Promise<ImportPreviewSummaryJson | null> {
  const { analysis, account } = params;
  if (analysis.rowCount > deps.syncRowLimit || analysis.detected.missingRoles.length > 0) return null;
  const fills: Fill[] = [];
  let skipped = 0;
  let errors = 0;
  const open = () => deps.uploads.open(params.importId);
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: deps.openSpreadsheet })) {
    if (row.kind === 'execution') fills.push(row);
    else if (row.kind === 'skipped') skipped += 1;
    else errors += 1;
  }
  fills.sort((a, b) => a.order - b.order);
  const { items } = prepareBatch(fills, {
    accountCurrency: account?.currency ?? 'USD',
    occurrences: new IdenticalFills(),
    onError: () => (errors += 1),
  });
  return { ...(await groupWithAccount(deps.db, { items, account })), errors, skipped };
}

/** The fills the account does not have yet, and the trades they make with its fills of their instruments. */
async function groupWithAccount(
  db: Db,
  { items, account }: { items: readonly PreparedExecution[]; account: AccountRow | null },
): Promise<Pick<ImportPreviewSummaryJson, 'executions' | 'trades' | 'duplicates' | 'duplicatesDeleted'>> {
  const instrumentKeys = [...new Set(items.map((item) => item.instrumentKey))];
  const seen = account
    ? await listAccountFingerprints(db, { accountId: account.id, fingerprints: items.map((item) => item.fingerprint) })
    : new Set<string>();
  const deleted = account
    ? await listDeletedFingerprints(db, { accountId: account.id, fingerprints: [...seen] })
    : new Set<string>();
  let duplicatesDeleted = 0;
  const fresh: PreparedExecution[] = [];
  for (const item of items) {
    if (deleted.has(item.fingerprint)) {
      deleted.delete(item.fingerprint); // counted once, as the fill is
      duplicatesDeleted += 1;
    }
    if (seen.has(item.fingerprint)) continue;
    seen.add(item.fingerprint);
    fresh.push(item);
  }
  const stored = account
    ? (await listFillsOfInstruments(db, { accountId: account.id, instrumentKeys })).map(toExecution)
    : [];
  const lastSequence = stored.reduce((last, fill) => Math.max(last, fill.sequence), 0);
  const accountId = account?.id ?? 'preview';
  const added = fresh.map((item, index) => toPreviewExecution(item, { accountId, sequence: lastSequence + 1 + index }));
  const trades = groupTrades([...stored, ...added]).filter((trade) =>
    trade.executions.some((part) => part.executionId.startsWith(NEW_FILL_ID)),
  );
  return {
    executions: fresh.length,
    trades: trades.length,
    duplicates: items.length - fresh.length,
    duplicatesDeleted,
  };
}
