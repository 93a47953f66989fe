import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson } from '../../../contracts/trades';
import { strategies, trades, tradeTags } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { loadTradeFacts } from './analytics.queries';
import type { ExactColumn, TradeFacts } from './trade-facts';

/**
 * The bytes the database keeps per closed trade (trades.analytics_row, computed on every write)
 * read back give exactly what the columns hold: amounts at the edges of numeric(24, 8), symbols
 * with backslashes and non-ASCII letters, nulls, and every later change (note, strategy deleted,
 * reopened trade) without the app recomputing anything.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let userId: string;
let client: TestClient;
let account: AccountJson;

const SYMBOLS = ['AAPL', 'BRK\\B', 'a\\\\b\\001', 'ÄÖÜ€漢字', 'X'.repeat(64)];

function roundTrip(i: number, symbol: string): ExecutionInput[] {
  const close = Date.UTC(2025, 4, 5, 14) + i * 3_600_000;
  return [
    { executedAt: new Date(close - 90_000).toISOString(), symbol, side: 'buy', quantity: '3', price: '10.25' },
    { executedAt: new Date(close).toISOString(), symbol, side: 'sell', quantity: '3', price: `${9 + i}.125` },
  ];
}

/** Amounts at the edges: tiny and large (whole units up to 2^53, the exact columns' range), negative with a fraction. */
const EDGES: {
  gross: string;
  fees: string;
  commission: string;
  net: string;
  r: string | null;
  holding: number | null;
}[] = [
  { gross: '-0.00000001', fees: '0', commission: '0', net: '-0.00000001', r: null, holding: null },
  { gross: '-12345.67890123', fees: '0.5', commission: '1.25', net: '-12347.42890123', r: '-2.5', holding: 0.001 },
  {
    gross: '9007199254740991.99999999',
    fees: '0.00000001',
    commission: '0',
    net: '9999999999999999.99999998',
    r: '123456789.12345678',
    holding: 1e9,
  },
  { gross: '-900719925474099.5', fees: '0', commission: '0', net: '-900719925474099.5', r: '0', holding: 59.5 },
  { gross: '0', fees: '0', commission: '0', net: '0', r: '-0.00000001', holding: 0 },
];

type SqlRow = {
  closed_at: string;
  opened_at: string;
  net: string;
  r: string | null;
  holding: number | null;
  gross: string;
  fees: string;
  symbol: string;
  asset_class: string;
  direction: string;
  has_note: boolean;
  strategy_id: string | null;
  account_id: string;
  tag_ids: string | null;
};

/** The user's closed trades as SQL reads their columns, in (closed_at, id) order. */
async function readBySql(): Promise<SqlRow[]> {
  const result = await t.database.db.execute(sql`
    select to_char(t.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as closed_at,
      to_char(t.opened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as opened_at,
      t.net_pnl::text as net, t.r_multiple::text as r, t.holding_seconds as holding,
      t.gross_pnl::text as gross, (t.fees + t.commission)::text as fees, t.symbol, t.asset_class,
      t.direction, t.has_notes as has_note, t.strategy_id::text, t.account_id::text,
      (select string_agg(tt.tag_id::text, ',' order by tt.tag_id) from trade_tags tt
        where tt.opening_execution_id = t.opening_execution_id) as tag_ids
    from trades t where t.user_id = ${userId} and t.status = 'closed' order by t.closed_at, t.id`);
  // Both drivers answer a raw statement as { rows }, here rows of this select list.
  return (result as unknown as { rows: SqlRow[] }).rows;
}

const exact = (column: ExactColumn, i: number) => new Big(column.whole[i]!).plus(new Big(column.frac[i]!).div(1e8));

/** Every fact of every row equals what the columns say. */
async function expectFactsMatchColumns(pageRows?: number): Promise<TradeFacts> {
  const expected = await readBySql();
  const loaded = await loadTradeFacts(t.database.db, { userId, maxTrades: 1000, pageRows });
  const facts = loaded.facts!;
  expect(facts.count).toBe(expected.length);
  expected.forEach((row, i) => {
    const tags = facts.tagIndex.subarray(facts.tagStart[i]!, facts.tagStart[i + 1]!);
    expect({
      closedAt: facts.closedAt[i],
      openedAt: facts.openedAt[i],
      netPnl: facts.netPnl[i],
      rMultiple: facts.hasR[i] === 1 ? facts.rMultiple[i] : null,
      holding: facts.hasHolding[i] === 1 ? facts.holdingSeconds[i] : null,
      gross: exact(facts.grossPnl, i).toString(),
      fees: exact(facts.fees, i).toString(),
      symbol: facts.symbols[facts.symbol[i]!],
      assetClass: facts.assetClasses[facts.assetClass[i]!],
      isShort: facts.isShort[i] === 1,
      hasNote: facts.hasNote[i] === 1,
      strategy: facts.strategy[i]! < 0 ? null : facts.strategyIds[facts.strategy[i]!],
      account: facts.accountIds[facts.account[i]!],
      tags: [...tags].map((k) => facts.tagIds[k]).join(',') || null,
    }).toEqual({
      closedAt: Date.parse(row.closed_at),
      openedAt: Date.parse(row.opened_at),
      netPnl: Number(row.net),
      rMultiple: row.r === null ? null : Number(row.r),
      holding: row.holding,
      gross: new Big(row.gross).toString(),
      fees: new Big(row.fees).toString(),
      symbol: row.symbol,
      assetClass: row.asset_class,
      isShort: row.direction === 'short',
      hasNote: row.has_note,
      strategy: row.strategy_id,
      account: row.account_id,
      tags: row.tag_ids,
    });
  });
  return facts;
}

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t.database.db, {
    email: 'rows@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  userId = user.id;
  client = new TestClient(t.url(''));
  await client.login('rows@example.com', PASSWORD);
  account = await client.json<AccountJson>(client.post('/api/accounts', { name: 'Main' }));
  const executions = SYMBOLS.flatMap((_, i) => roundTrip(i, `S${i}`));
  const res = await client.post('/api/executions', { accountId: account.id, executions });
  expect(res.status, await res.clone().text()).toBe(200);
  // Symbols the API would refuse today, straight into the rows: the bytes must carry any text.
  for (const [i, symbol] of SYMBOLS.entries()) {
    await t.database.db
      .update(trades)
      .set({ symbol })
      .where(eq(trades.symbol, `S${i}`));
  }
});

afterAll(() => t.close());

describe('trades.analytics_row', () => {
  it('reads back every column exactly, symbols with backslashes and any letters included', async () => {
    const facts = await expectFactsMatchColumns();
    expect(facts.symbols.sort()).toEqual([...SYMBOLS].sort());
  });

  it('follows edge amounts, nulls, side and notes written straight into the rows', async () => {
    const rows = await t.database.db
      .select({ id: trades.id })
      .from(trades)
      .where(eq(trades.userId, userId))
      .orderBy(trades.closedAt);
    for (const [i, edge] of EDGES.entries()) {
      await t.database.db
        .update(trades)
        .set({
          grossPnl: edge.gross,
          fees: edge.fees,
          commission: edge.commission,
          netPnl: edge.net,
          rMultiple: edge.r,
          holdingSeconds: edge.holding,
          direction: i % 2 === 0 ? 'short' : 'long',
          hasNotes: i % 2 === 1,
        })
        .where(eq(trades.id, rows[i]!.id));
    }
    const facts = await expectFactsMatchColumns();
    expect([...facts.hasR]).toContain(0);
    expect([...facts.isShort]).toContain(1);
  });

  it('follows a strategy set, then deleted (the foreign key sets it null), and tags', async () => {
    const strategy = await client.json<StrategyJson>(client.post('/api/strategies', { name: 'Breakout' }));
    const tag = await client.json<TagJson>(client.post('/api/tags', { name: 'A+' }));
    const [first] = await t.database.db
      .select({ id: trades.id, opener: trades.openingExecutionId })
      .from(trades)
      .where(eq(trades.userId, userId))
      .orderBy(trades.closedAt)
      .limit(1);
    await t.database.db.update(trades).set({ strategyId: strategy.id }).where(eq(trades.id, first!.id));
    await t.database.db.insert(tradeTags).values({ openingExecutionId: first!.opener, tagId: tag.id });
    const withStrategy = await expectFactsMatchColumns();
    expect(withStrategy.strategyIds).toEqual([strategy.id]);
    expect(withStrategy.tagIds).toEqual([tag.id]);

    await t.database.db.delete(strategies).where(eq(strategies.id, strategy.id));
    const after = await expectFactsMatchColumns();
    expect([...after.strategy].every((s) => s === -1)).toBe(true);
  });

  it('reads the same a page of trades at a time (PGlite), tags and all, and stops at the cap', async () => {
    const whole = await loadTradeFacts(t.database.db, { userId, maxTrades: 1000 });
    expect(whole.facts!.tagIds.length).toBeGreaterThan(0); // set by the test before
    for (const pageRows of [1, 2, 3]) {
      expect(await loadTradeFacts(t.database.db, { userId, maxTrades: 1000, pageRows })).toEqual(whole);
      await expectFactsMatchColumns(pageRows);
    }
    const capped = await loadTradeFacts(t.database.db, { userId, maxTrades: 2, pageRows: 1 });
    expect(capped).toEqual({ version: whole.version, count: whole.count, facts: null });
  });

  it.runIf(expectedEngine() === 'pglite')(
    'reads again in one statement when the trades change between two pages',
    async () => {
      const before = await loadTradeFacts(t.database.db, { userId, maxTrades: 1000 });
      let pages = 0;
      const loaded = await loadTradeFacts(t.database.db, {
        userId,
        maxTrades: 1000,
        pageRows: 2,
        betweenPages: async () => {
          pages += 1;
          if (pages > 1) return;
          const res = await client.post('/api/executions', {
            accountId: account.id,
            executions: roundTrip(40, 'LATE'),
          });
          expect(res.status).toBe(200);
        },
      });
      expect(pages).toBe(1); // the second page saw the write: the pages were dropped
      expect(loaded.count).toBe(before.count + 1);
      expect(loaded.facts!.symbols).toContain('LATE');
      expect(loaded.version).toBeGreaterThan(before.version);
      await expectFactsMatchColumns();
    },
  );

  it('is null while a trade is open, and the facts leave it out', async () => {
    const res = await client.post('/api/executions', {
      accountId: account.id,
      executions: [{ executedAt: '2025-06-02T15:00:00Z', symbol: 'OPEN', side: 'buy', quantity: '1', price: '5' }],
    });
    expect(res.status).toBe(200);
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from trades where user_id = ${userId} and status = 'open' and analytics_row is null`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const facts = await expectFactsMatchColumns();
    expect(facts.symbols).not.toContain('OPEN');
  });
});
