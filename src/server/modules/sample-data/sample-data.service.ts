import { upsertStrategiesByName } from '../strategies';
import { upsertTagsByName } from '../tags';
import { randomUUID } from 'node:crypto';
import type { LoadedSampleDataJson, RemovedSampleDataJson, SampleDataStatusJson } from '../../../contracts/sample-data';
import type { ExecutionInput } from '../../../contracts/trades';
import { generateSampleData, type SampleDataSet } from '../../../core/sample-data';
import { buildTradeRows, groupTrades, type AssetClass, type TradeJournal } from '../../../core/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { prepareExecutions, toExecution } from '../trades';
import { isUniqueViolation } from '../unique-violation';
import type { UserRow } from '../users';
import {
  deleteSampleAccount,
  deleteUnusedSampleStrategies,
  deleteUnusedSampleTags,
  getSampleAccountId,
  insertSampleAccount,
  insertSampleRows,
} from './sample-data.queries';

/** Every user gets the same sample journal, ending the day before they load it. */
export const SAMPLE_SEED = 20_250_601;

const alreadyLoaded = () =>
  new AppError('CONFLICT', 'Sample data is already loaded. Remove it first to load it again.');

export async function getSampleDataStatus(db: Db, userId: string): Promise<SampleDataStatusJson> {
  const accountId = await getSampleAccountId(db, userId);
  return { loaded: accountId !== undefined, accountId: accountId ?? null };
}

type SampleRows = Parameters<typeof insertSampleRows>[1];

/**
 * The rows of a sample data set for one account, built in memory: fills with fresh ids, their
 * trades grouped by the core (so stored figures are exactly what regrouping would store), each
 * trade's journal, and its tags.
 */
export function buildSampleRows(params: {
  data: SampleDataSet;
  userId: string;
  accountId: string;
  defaultRiskAmount: string | null;
  tagIds: ReadonlyMap<string, string>;
  strategyIds: ReadonlyMap<string, string>;
  now: Date;
}): SampleRows {
  const { data, userId, accountId, now } = params;
  const inputs: ExecutionInput[] = data.trades.flatMap((t) => t.executions);
  const prepared = prepareExecutions(inputs, { accountCurrency: 'USD', fingerprintOf: (i) => `sample:${i}` });
  const ids: string[] = prepared.map(() => randomUUID());
  const journalByOpener = new Map<string, SampleDataSet['trades'][number]>();
  let index = 0;
  for (const trade of data.trades) {
    journalByOpener.set(ids[index]!, trade); // every sample trade has at least one fill
    index += trade.executions.length;
  }

  const executionRows = prepared.map((p, i) => ({
    ...p,
    id: ids[i]!, // same length as prepared
    userId,
    accountId,
    executedAt: new Date(p.executedAt),
    sequence: i + 1,
  }));
  const grouped = groupTrades(executionRows.map(toExecution));
  const assetClassOf = new Map(executionRows.map((row) => [row.id, row.assetClass]));

  const tradeRows: SampleRows['trades'][number][] = [];
  const parts: SampleRows['parts'][number][] = [];
  const tradeTags: SampleRows['tradeTags'][number][] = [];
  const journals: SampleRows['journals'][number][] = [];
  for (const trade of grouped) {
    const sample = journalByOpener.get(trade.openingExecutionId);
    // The generator keeps instruments' trades apart, so every grouped trade opens with a sample trade's first fill.
    if (!sample) throw new Error(`Sample fill ${trade.openingExecutionId} grouped into another trade`);
    const journal: TradeJournal = {
      stopPrice: sample.stopPrice,
      targetPrice: sample.targetPrice,
      riskAmount: null,
      strategyId: sample.strategy === null ? null : (params.strategyIds.get(sample.strategy.toLowerCase()) ?? null),
      rating: sample.rating,
      mistakes: [],
      emotions: sample.emotions,
      notes: sample.notes,
    };
    journals.push({ ...journal, openingExecutionId: trade.openingExecutionId, userId, updatedAt: now });
    const built = buildTradeRows({
      trade,
      userId,
      assetClass: assetClassOf.get(trade.openingExecutionId) as AssetClass, // from parseInstrument
      journal,
      defaultRiskAmount: params.defaultRiskAmount,
      id: randomUUID(),
      createdAt: now,
      now,
      accountCurrency: 'USD', // the sample account's, as its fills are prepared
    });
    tradeRows.push(built.trade);
    parts.push(...built.parts);
    for (const name of sample.tags) {
      const tagId = params.tagIds.get(name.toLowerCase());
      if (tagId) tradeTags.push({ openingExecutionId: trade.openingExecutionId, tagId });
    }
  }
  return { executions: executionRows, trades: tradeRows, parts, tradeTags, journals };
}

/**
 * `POST /api/sample-data`: loads the sample journal into a new "Sample account" in one
 * transaction. Its tags and strategies reuse the user's own of the same name. 409 when it is
 * already loaded (the partial unique index settles two loads racing).
 */
export async function loadSampleData(db: Db, params: { user: UserRow; now: Date }): Promise<LoadedSampleDataJson> {
  const { user, now } = params;
  const data = generateSampleData({ seed: SAMPLE_SEED, now: now.toISOString() });
  try {
    return await db.transaction(async (tx) => {
      if (await getSampleAccountId(tx, user.id)) throw alreadyLoaded();
      const accountId = await insertSampleAccount(tx, { userId: user.id, values: data.account });
      const tagIds = await upsertTagsByName(tx, { userId: user.id, items: data.tags, isSample: true });
      const strategyIds = await upsertStrategiesByName(tx, { userId: user.id, items: data.strategies, isSample: true });
      const rows = buildSampleRows({
        data,
        userId: user.id,
        accountId,
        defaultRiskAmount: user.defaultRiskAmount,
        tagIds,
        strategyIds,
        now,
      });
      await insertSampleRows(tx, rows);
      return { loaded: true as const, accountId, tradeCount: rows.trades.length };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyLoaded();
    throw err;
  }
}

/**
 * `DELETE /api/sample-data`: deletes the sample account with its fills and trades, then the
 * sample's tags and strategies that none of the user's own trades use. 404 when none is loaded.
 */
export async function removeSampleData(db: Db, userId: string): Promise<RemovedSampleDataJson> {
  return db.transaction(async (tx) => {
    if (!(await getSampleAccountId(tx, userId)))
      throw new AppError('NOT_FOUND', 'No sample data is loaded, so there is nothing to remove.');
    const removedTradeCount = await deleteSampleAccount(tx, userId);
    await deleteUnusedSampleTags(tx, userId);
    await deleteUnusedSampleStrategies(tx, userId);
    return { loaded: false as const, removedTradeCount };
  });
}
