import type { ImportPreviewSummaryJson } from '../../../contracts/imports';
import { D } from '../../../core/money/decimal';
import { applyPositionEvents, groupTrades, type Execution, type PositionEvent } from '../../../core/trades';
import { toEventCountText, toPositionEvent } from '../../../core/import/normalise/event-rows';
import type { Db } from '../../db/client';
import type { AccountRow } from '../accounts';
import {
  IdenticalFills,
  listAccountEvents,
  listFillsOfInstruments,
  toExecution,
  type PlacedPositionEvent,
  type PreparedExecution,
} from '../trades';
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
  const events: PlacedPositionEvent[] = [];
  let skipped = 0;
  let errors = 0;
  const open = () => deps.uploads.open(params.importId);
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: deps.openSpreadsheet })) {
    if (row.kind === 'execution') fills.push(row);
    else if (row.kind === 'event') events.push({ event: row.event, slot: row.slot });
    else if (row.kind === 'skipped') skipped += 1;
    else errors += 1;
  }
  fills.sort((a, b) => a.order - b.order);
  const { items, orders } = prepareBatch(fills, {
    accountCurrency: account?.currency ?? 'USD',
    occurrences: new IdenticalFills(),
    onError: () => (errors += 1),
  });
  const { eventProblems, ...grouped } = await groupWithAccount(deps.db, { items, orders, events, account });
  return {
    ...grouped,
    errors,
    skipped,
    events: {
      count: events.length,
      text: toEventCountText(events.map(({ event }) => event)),
      problems: eventProblems,
    },
  };
}

/** The fills the account does not have yet, and the trades they make with its fills of their instruments. */
async function groupWithAccount(
  db: Db,
  params: {
    items: readonly PreparedExecution[];
    orders: readonly number[];
    events: readonly PlacedPositionEvent[];
    account: AccountRow | null;
  },
): Promise<
  Pick<ImportPreviewSummaryJson, 'executions' | 'trades' | 'duplicates' | 'duplicatesDeleted'> & {
    eventProblems: { row: number; message: string }[];
  }
> {
  const { items, orders, events, account } = params;
  const instrumentKeys = [
    ...new Set([
      ...items.map((item) => item.instrumentKey),
      ...events.flatMap(({ event }) => [event.instrumentKey, event.toInstrumentKey ?? event.instrumentKey]),
    ]),
  ];
  const seen = account
    ? await listAccountFingerprints(db, { accountId: account.id, fingerprints: items.map((item) => item.fingerprint) })
    : new Set<string>();
  const deleted = account
    ? await listDeletedFingerprints(db, { accountId: account.id, fingerprints: [...seen] })
    : new Set<string>();
  let duplicatesDeleted = 0;
  const fresh: { item: PreparedExecution; order: number }[] = [];
  for (const [index, item] of items.entries()) {
    if (deleted.has(item.fingerprint)) {
      deleted.delete(item.fingerprint); // counted once, as the fill is
      duplicatesDeleted += 1;
    }
    if (seen.has(item.fingerprint)) continue;
    seen.add(item.fingerprint);
    fresh.push({ item, order: orders[index] ?? index });
  }
  const stored = account ? await listFillsOfInstruments(db, { accountId: account.id, instrumentKeys }) : [];
  const lastSequence = stored.reduce((last, fill) => Math.max(last, fill.sequence), 0);
  const accountId = account?.id ?? 'preview';
  // Numbered as the commit numbers them: a fill at 2 × its order, an event at its slot between.
  const added = fresh.map(({ item, order }) =>
    toPreviewExecution(item, { accountId, sequence: lastSequence + 1 + 2 * order }),
  );
  let all = [...stored.map(toExecution), ...added];
  const eventProblems: { row: number; message: string }[] = [];
  const storedEvents = account ? await listAccountEvents(db, account.id) : [];
  if (storedEvents.length > 0 || events.length > 0) {
    const newEvents: PositionEvent[] = events.map(({ event, slot }, rank) => ({
      ...toPositionEvent(event, { id: `${NEW_FILL_ID}event:${rank}`, accountId }),
      sequence: lastSequence + 1 + slot + rank / 2 ** 20,
    }));
    // The events' own fills are made again from the events, as applying them does at commit.
    const fills = [...stored.filter((row) => row.positionEventId === null).map(toExecution), ...added];
    const applied = applyPositionEvents(fills, [...storedEvents, ...newEvents]);
    all = applied.executions;
    for (const problem of applied.problems)
      if (problem.eventId.startsWith(NEW_FILL_ID))
        eventProblems.push({ row: problem.sourceRow ?? 0, message: problem.message });
  }
  const trades = groupTrades(all).filter((trade) =>
    trade.executions.some((part) => part.executionId.startsWith(NEW_FILL_ID)),
  );
  return {
    executions: fresh.length,
    trades: trades.length,
    duplicates: items.length - fresh.length,
    duplicatesDeleted,
    eventProblems,
  };
}
