import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOldUserWithAccount, openDatabaseAtMigration } from '../../../test/helpers/older-database';
import { buildTradeRows, EMPTY_JOURNAL, groupTrades } from '../../core/trades';
import { toExecution } from '../modules/trades';
import type { Db } from './client';
import { executions, tradeExecutions, tradeParts, trades } from './schema';

/**
 * Migration 0010 on a database that has trades from before it: every fill linked to its trade.
 * Afterwards only the fills that crossed zero keep links, each closed trade knows its closing
 * fill, and trade_parts lists exactly the parts the links did.
 */
let older: Awaited<ReturnType<typeof openDatabaseAtMigration>>;
let db: Db;

const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 14, minute));
let openerIds: Record<string, string> = {};
let linksBefore: string[] = [];

const partText = (p: {
  tradeId: string;
  executionId: string;
  role: string;
  quantity: string;
  commission: string;
  fees: string;
}) => [p.tradeId, p.executionId, p.role, Number(p.quantity), Number(p.commission), Number(p.fees)].join(' ');

beforeAll(async () => {
  // The migrations up to 0009, as a database made before 0010 had them.
  older = await openDatabaseAtMigration(9);
  db = older.db;

  const { userId, accountId } = await addOldUserWithAccount(db);
  // Written in the columns executions had at 0009 (later migrations add more, which this database lacks).
  const fill = (
    name: string,
    minute: number,
    symbol: string,
    side: 'buy' | 'sell',
    quantity: string,
    commission: string,
  ) => sql`(${userId}, ${accountId}, ${at(minute)}, ${symbol}, ${`stock:${symbol}`}, 'stock', ${side}, ${quantity},
    '10', ${commission}, ${name}, ${minute})`;
  await db.execute(sql`insert into executions (user_id, account_id, executed_at, symbol, instrument_key, asset_class,
    side, quantity, price, commission, fingerprint, sequence) values ${sql.join(
      [
        fill('long', 0, 'AAPL', 'buy', '100', '1'),
        fill('flip', 1, 'AAPL', 'sell', '150', '1.5'), // closes the long with 100, opens a short with 50
        fill('cover', 2, 'AAPL', 'buy', '50', '0.5'),
        fill('open', 3, 'AAPL', 'buy', '10', '0'),
        fill('msft-in', 4, 'MSFT', 'buy', '5', '0'),
        fill('msft-out', 5, 'MSFT', 'sell', '5', '0'),
      ],
      sql`, `,
    )}`);
  // Only the columns this database has; those later migrations add read as null (as 0010 found them).
  const present = new Set(
    (
      await older.client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'executions'`,
      )
    ).rows.map((r) => r.column_name),
  );
  const all = getTableColumns(executions);
  const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`); // the schema's casing
  const columnsAt0009 = Object.fromEntries(Object.entries(all).filter(([key]) => present.has(snake(key))));
  const later = Object.fromEntries(
    Object.keys(all)
      .filter((k) => !(k in columnsAt0009))
      .map((k) => [k, null]),
  );
  const rows = (await db.select(columnsAt0009).from(executions).orderBy(asc(executions.sequence))).map(
    (row) => ({ ...later, ...row }) as typeof executions.$inferSelect,
  );
  const ids = Object.fromEntries(rows.map((row) => [row.fingerprint, row.id]));
  const now = new Date();
  for (const trade of groupTrades(rows.map(toExecution))) {
    const built = buildTradeRows({
      trade,
      userId,
      assetClass: 'stock',
      journal: EMPTY_JOURNAL,
      defaultRiskAmount: null,
      accountCurrency: 'USD',
      id: crypto.randomUUID(),
      createdAt: now,
      now,
    });
    const t = built.trade;
    await db.execute(sql`insert into trades (id, user_id, account_id, opening_execution_id, instrument_key, symbol,
      asset_class, direction, status, opened_at, closed_at, quantity, max_position, avg_entry_price, avg_exit_price,
      multiplier, currency, gross_pnl, commission, fees, net_pnl, execution_count)
      values (${t.id}, ${t.userId}, ${t.accountId}, ${t.openingExecutionId}, ${t.instrumentKey}, ${t.symbol},
      ${t.assetClass}, ${t.direction}, ${t.status}, ${t.openedAt}, ${t.closedAt ?? null},
      ${t.quantity}, ${t.maxPosition}, ${t.avgEntryPrice}, ${t.avgExitPrice ?? null}, ${t.multiplier}, ${t.currency},
      ${t.grossPnl}, ${t.commission}, ${t.fees}, ${t.netPnl}, ${t.executionCount})`);
    // Before 0010 every fill had its link.
    await db.insert(tradeExecutions).values(
      trade.executions.map((part) => ({
        tradeId: t.id!,
        executionId: part.executionId,
        role: part.role,
        quantity: part.quantity.toString(),
        commission: part.commission.toFixed(8),
        fees: part.fees.toFixed(8),
      })),
    );
    openerIds = { ...openerIds, [Object.keys(ids).find((k) => ids[k] === t.openingExecutionId)!]: t.id! };
  }
  linksBefore = (await db.select().from(tradeExecutions)).map(partText).sort();
  openerIds = { ...openerIds, ...Object.fromEntries(Object.entries(ids).map(([k, v]) => [`fill:${k}`, v])) };

  await older.migrateRest();
});

afterAll(() => older.close());

describe('migration 0010: a trade’s fills by range', () => {
  it('lists through trade_parts exactly the parts every fill’s link held', async () => {
    expect(linksBefore).toHaveLength(7); // 6 fills, the flip in two trades
    const parts = (await db.select().from(tradeParts)).map((p) => partText({ ...p }));
    expect(parts.sort()).toEqual(linksBefore);
  });

  it('keeps links only for the fill that crossed zero, and marks those parts split', async () => {
    const links = await db.select().from(tradeExecutions);
    expect(links.map((l) => [l.executionId, l.role, Number(l.quantity), Number(l.commission)]).sort()).toEqual(
      [
        [openerIds['fill:flip'], 'entry', 50, 0.5],
        [openerIds['fill:flip'], 'exit', 100, 1],
      ].sort(),
    );
    const split = await db.select().from(tradeParts).where(eq(tradeParts.split, true));
    expect(split.map((p) => p.executionId)).toEqual([openerIds['fill:flip'], openerIds['fill:flip']]);
  });

  it('gives each closed trade its closing fill and an open one none', async () => {
    const rows = await db
      .select({ opener: trades.openingExecutionId, closer: trades.closingExecutionId, status: trades.status })
      .from(trades);
    const byOpener = new Map(rows.map((row) => [row.opener, row]));
    expect(byOpener.get(openerIds['fill:long']!)).toMatchObject({ status: 'closed', closer: openerIds['fill:flip'] });
    expect(byOpener.get(openerIds['fill:flip']!)).toMatchObject({ status: 'closed', closer: openerIds['fill:cover'] });
    expect(byOpener.get(openerIds['fill:open']!)).toMatchObject({ status: 'open', closer: null });
    expect(byOpener.get(openerIds['fill:msft-in']!)).toMatchObject({
      status: 'closed',
      closer: openerIds['fill:msft-out'],
    });
  });

  it('refuses a closed trade without its closing fill', async () => {
    await expect(
      db.update(trades).set({ closingExecutionId: null }).where(eq(trades.status, 'closed')),
    ).rejects.toThrow();
  });
});
