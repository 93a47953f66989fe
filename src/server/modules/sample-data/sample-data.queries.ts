import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertTradeRows, type TradeExecutionInsert, type TradeInsert } from '../trades';
import { accounts, executions, strategies, tags, tradeJournals, trades, tradeTags } from '../../db/schema';

type ExecutionInsert = typeof executions.$inferInsert;
type TradeTagInsert = typeof tradeTags.$inferInsert;
type JournalInsert = typeof tradeJournals.$inferInsert;

// PostgreSQL takes at most 65,535 parameters per statement: rows per insert × columns stays under.
const EXECUTION_ROWS_PER_INSERT = 2_000;
const TAG_ROWS_PER_INSERT = 10_000;
const JOURNAL_ROWS_PER_INSERT = 2_000;

function* chunk<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The user's sample account id, or undefined when no sample data is loaded. */
export async function getSampleAccountId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.isSample, true)))
    .limit(1);
  return row?.id;
}

export async function insertSampleAccount(
  db: Db,
  params: {
    userId: string;
    values: { name: string; broker: string; currency: string; startingBalance: string; timezone: string };
  },
): Promise<string> {
  const [row] = await db
    .insert(accounts)
    .values({ ...params.values, userId: params.userId, isSample: true })
    .returning({ id: accounts.id });
  return row!.id; // insert … returning yields the row
}

/** Bulk inserts of rows built in memory (ids set by the caller), in parameter-sized chunks. */
export async function insertSampleRows(
  db: Db,
  params: {
    executions: readonly ExecutionInsert[];
    trades: readonly TradeInsert[];
    parts: readonly TradeExecutionInsert[];
    tradeTags: readonly TradeTagInsert[];
    journals: readonly JournalInsert[];
  },
): Promise<void> {
  for (const rows of chunk(params.executions, EXECUTION_ROWS_PER_INSERT)) await db.insert(executions).values(rows);
  await insertTradeRows(db, { trades: params.trades, parts: params.parts });
  for (const rows of chunk(params.tradeTags, TAG_ROWS_PER_INSERT)) await db.insert(tradeTags).values(rows);
  for (const rows of chunk(params.journals, JOURNAL_ROWS_PER_INSERT)) await db.insert(tradeJournals).values(rows);
}

/** Deletes the sample account (its fills, trades and their tags go with it); answers how many trades went. */
export async function deleteSampleAccount(db: Db, userId: string): Promise<number> {
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trades)
    .innerJoin(accounts, eq(accounts.id, trades.accountId))
    .where(and(eq(accounts.userId, userId), eq(accounts.isSample, true)));
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.isSample, true)));
  return Number(count?.count ?? 0);
}

/** Deletes the sample's tags that no trade uses any more (run after the sample account went). */
export async function deleteUnusedSampleTags(db: Db, userId: string): Promise<void> {
  await db.delete(tags).where(
    and(
      eq(tags.userId, userId),
      eq(tags.isSample, true),
      notExists(
        db
          .select({ one: sql`1` })
          .from(tradeTags)
          .where(eq(tradeTags.tagId, tags.id)),
      ),
    ),
  );
}

/** Deletes the sample's strategies that no trade uses any more (run after the sample account went). */
export async function deleteUnusedSampleStrategies(db: Db, userId: string): Promise<void> {
  await db.delete(strategies).where(
    and(
      eq(strategies.userId, userId),
      eq(strategies.isSample, true),
      notExists(
        db
          .select({ one: sql`1` })
          .from(trades)
          .where(eq(trades.strategyId, strategies.id)),
      ),
    ),
  );
}
