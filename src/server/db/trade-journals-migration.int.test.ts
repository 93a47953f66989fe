import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOldUserWithAccount, idOf, openDatabaseAtMigration } from '../../../test/helpers/older-database';
import { ANALYTICS_ROW_FLAGS, ANALYTICS_ROW_OFFSETS } from './analytics-row';
import { selectRows } from './raw-rows';
import { tradeJournals, trades } from './schema';

/**
 * Migration 0020 on trades journaled at 0019, when the journal was columns of the trade row: each
 * journal moves to trade_journals under the trade's opening fill with every field intact, a trade
 * with nothing journaled gets no row, and the row keeps what it derives (R, strategy, has notes).
 */
let older: Awaited<ReturnType<typeof openDatabaseAtMigration>>;
let strategyId: string;

const fill = (id: string, at: string, side: 'buy' | 'sell', sequence: number) => ({ id, at, side, sequence });
const FILLS = [
  fill('00000000-0000-4000-8000-00000000e001', '2025-03-03T15:00:00.000Z', 'buy', 1),
  fill('00000000-0000-4000-8000-00000000e002', '2025-03-03T15:05:00.000Z', 'sell', 2),
  fill('00000000-0000-4000-8000-00000000e003', '2025-03-04T15:00:00.000Z', 'buy', 3),
  fill('00000000-0000-4000-8000-00000000e004', '2025-03-04T15:05:00.000Z', 'sell', 4),
];
const JOURNALED = '00000000-0000-4000-8000-0000000000a1';
const BARE = '00000000-0000-4000-8000-0000000000a2';

beforeAll(async () => {
  older = await openDatabaseAtMigration(19);
  const db = older.db;
  const { userId, accountId } = await addOldUserWithAccount(db);
  // Columns as they were at 0019 (the app's insert names the playbook's later ones).
  strategyId = idOf(
    await db.execute(sql`insert into strategies (user_id, name) values (${userId}, 'Opening range') returning id`),
  );
  for (const f of FILLS)
    await db.execute(sql`insert into executions (id, user_id, account_id, executed_at, symbol, instrument_key,
      asset_class, side, quantity, price, fingerprint, sequence)
      values (${f.id}, ${userId}, ${accountId}, ${f.at}, 'AAPL', 'stock:AAPL', 'stock', ${f.side}, '100', '10',
      gen_random_uuid(), ${f.sequence})`);
  // Columns as they were at 0019: the journal on the trade row.
  const insertTrade = (id: string, open: (typeof FILLS)[number], close: (typeof FILLS)[number], journal: SQL) =>
    db.execute(sql`insert into trades (id, user_id, account_id, opening_execution_id, closing_execution_id,
      instrument_key, symbol, asset_class, direction, status, opened_at, closed_at, quantity, max_position,
      avg_entry_price, avg_exit_price, multiplier, currency, gross_pnl, commission, fees, net_pnl, holding_seconds,
      execution_count, stop_price, target_price, risk_amount, initial_risk, r_multiple, strategy_id, rating,
      mistakes, emotions, notes)
      values (${id}, ${userId}, ${accountId}, ${open.id}, ${close.id}, 'stock:AAPL', 'AAPL', 'stock', 'long',
      'closed', ${open.at}, ${close.at}, '100', '100', '10', '11', '1', 'USD', '100', '0', '0', '100', 300, 2,
      ${journal})`);
  await insertTrade(
    JOURNALED,
    FILLS[0]!,
    FILLS[1]!,
    sql`'9.5', '12.25', '40', '40', '2.5', ${strategyId}, 4, '["late entry"]'::jsonb, '["calm","patient"]'::jsonb,
      ${'## Plan\nWaited for the *retest*.'}`,
  );
  await insertTrade(BARE, FILLS[2]!, FILLS[3]!, sql`null, null, null, null, null, null, null, '[]', '[]', ''`);
  await older.migrateRest();
});

afterAll(() => older.close());

describe('migration 0020', () => {
  it('moves every journal field of a trade to its opening fill’s journal', async () => {
    const rows = await older.db.select().from(tradeJournals).orderBy(asc(tradeJournals.openingExecutionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      openingExecutionId: FILLS[0]!.id,
      stopPrice: '9.50000000',
      targetPrice: '12.25000000',
      riskAmount: '40.00000000',
      strategyId,
      rating: 4,
      mistakes: ['late entry'],
      emotions: ['calm', 'patient'],
      notes: '## Plan\nWaited for the *retest*.',
    });
  });

  it('keeps what the trade row derives from the journal, and its analytics bytes with the note flag', async () => {
    const read = (id: string) =>
      older.db
        .select({
          initialRisk: trades.initialRisk,
          rMultiple: trades.rMultiple,
          strategyId: trades.strategyId,
          hasNotes: trades.hasNotes,
          analyticsRow: trades.analyticsRow,
        })
        .from(trades)
        .where(eq(trades.id, id));
    const [journaled] = await read(JOURNALED);
    const [bare] = await read(BARE);
    expect(journaled).toMatchObject({
      initialRisk: '40.00000000',
      rMultiple: '2.50000000',
      strategyId,
      hasNotes: true,
    });
    expect(bare).toMatchObject({ initialRisk: null, rMultiple: null, strategyId: null, hasNotes: false });
    const flagsOf = (bytes: Uint8Array) =>
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(ANALYTICS_ROW_OFFSETS.flags);
    const { hasNote, hasR, hasStrategy } = ANALYTICS_ROW_FLAGS;
    expect(flagsOf(journaled!.analyticsRow!) & (hasNote | hasR | hasStrategy)).toBe(hasNote | hasR | hasStrategy);
    expect(flagsOf(bare!.analyticsRow!) & (hasNote | hasR | hasStrategy)).toBe(0);
  });

  it('leaves the journal columns off the trades table', async () => {
    const rows = await selectRows<{ column_name: string }>(
      older.db,
      sql`select column_name from information_schema.columns where table_name = 'trades'
        and column_name in ('stop_price', 'target_price', 'risk_amount', 'rating', 'mistakes', 'emotions', 'notes')`,
    );
    expect(rows).toEqual([]);
  });
});
