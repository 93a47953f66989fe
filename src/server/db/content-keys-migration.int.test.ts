import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOldUserWithAccount, openDatabaseAtMigration } from '../../../test/helpers/older-database';
import type { ExecutionInput } from '../../contracts/trades';
import { prepareExecutions } from '../modules/trades';

/**
 * Migration 0016 on fills stored under 0013's content keys (the first half of the SHA-256): each
 * becomes the time-ordered key the app now computes for the same fill, so a file imported before
 * the upgrade adds nothing when imported again; every other key stays as it was.
 */
let older: Awaited<ReturnType<typeof openDatabaseAtMigration>>;

type StoredFill = ExecutionInput & { instrumentKey: string; occurrence: number; brokerExecId?: string };
const aapl = {
  executedAt: '2025-03-03T15:00:00.123Z',
  symbol: 'AAPL',
  instrumentKey: 'stock:AAPL',
  side: 'buy',
  quantity: '100',
  price: '10.5',
} as const;
const msft = { ...aapl, executedAt: '2025-03-04T09:30:00.000Z', symbol: 'MSFT', instrumentKey: 'stock:MSFT' } as const;
const content: StoredFill[] = [
  { ...aapl, occurrence: 1 },
  // Two identical partial fills: occurrences 1 and 2.
  { ...msft, side: 'sell', quantity: '2.5', price: '410', occurrence: 1 },
  { ...msft, side: 'sell', quantity: '2.5', price: '410', occurrence: 2 },
  // The last millisecond of 1999, with as many places as the columns hold.
  { ...aapl, executedAt: '1999-12-31T23:59:59.999Z', quantity: '0.000000000001', price: '99.12345678', occurrence: 1 },
];
const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
/** The key 0013 kept of a content fingerprint: the first half of the SHA-256 of its text. */
const legacyKey = (fill: StoredFill) =>
  asUuid(
    createHash('sha256')
      .update(
        ['v1', fill.executedAt, fill.instrumentKey, fill.side, fill.quantity, fill.price, fill.occurrence].join('|'),
      )
      .digest('hex'),
  );
const md5Key = (text: string) => asUuid(createHash('md5').update(text).digest('hex'));
// Keys that are not a content fingerprint's: a broker's id (with the same content as the first
// fill), a manual fill's, and a content-shaped key whose hash does not match its fill.
const others = [
  { fill: { ...content[0]!, brokerExecId: 'X1' }, key: md5Key('id:X1') },
  { fill: content[0]!, key: md5Key('manual:5b0c9a3e-1111-4c1d-9e1f-000000000001:0') },
  { fill: { ...content[0]!, price: '10.6' }, key: legacyKey(content[0]!) },
];

beforeAll(async () => {
  older = await openDatabaseAtMigration(15);
  const { userId, accountId } = await addOldUserWithAccount(older.db);
  const stored = [...content.map((fill) => ({ fill, key: legacyKey(fill) })), ...others];
  // The last of `others` shares its key with the first fill: it goes in alone, in an account of its own.
  for (const [i, { fill, key }] of stored.entries()) {
    const account =
      i === stored.length - 1
        ? (
            await older.client.query<{ id: string }>(
              "insert into accounts (user_id, name) values ($1, 'Other') returning id",
              [userId],
            )
          ).rows[0]!.id
        : accountId;
    await older.db.execute(sql`insert into executions (user_id, account_id, executed_at, symbol, instrument_key,
      asset_class, side, quantity, price, broker_exec_id, fingerprint, sequence)
      values (${userId}, ${account}, ${fill.executedAt}, ${fill.symbol}, ${fill.instrumentKey}, 'stock', ${fill.side},
      ${fill.quantity}, ${fill.price}, ${fill.brokerExecId ?? null}, ${key}, ${i + 1})`);
  }
  await older.migrateRest();
});

afterAll(() => older.close());

const storedKeys = async () =>
  (await older.client.query<{ fingerprint: string }>('select fingerprint from executions order by sequence')).rows.map(
    (row) => row.fingerprint,
  );

describe('migration 0016: content keys ordered by time', () => {
  it('rekeys each content fingerprint to the key the app computes for the same fill now', async () => {
    const prepared = prepareExecutions(content, { accountCurrency: 'USD' });
    expect(prepared.map((item) => item.fingerprintFromContent)).toEqual([true, true, true, true]);
    expect((await storedKeys()).slice(0, content.length)).toEqual(prepared.map((item) => item.fingerprint));
    // Each starts with its fill's time in milliseconds.
    for (const [i, fill] of content.entries())
      expect(prepared[i]!.fingerprint.slice(0, 13).replace('-', '')).toBe(
        Date.parse(fill.executedAt).toString(16).padStart(12, '0'),
      );
  });

  it('leaves every other key as it was', async () => {
    expect((await storedKeys()).slice(content.length)).toEqual(others.map((other) => other.key));
  });

  it('matches the fills an Edgebook CSV exported before it carries, by their old keys', async () => {
    // The CSV carries `fp:` and each fill's key as stored then; identical fills in stored order.
    const carried = [...content.map((fill) => `fp:${legacyKey(fill)}`)];
    const again = prepareExecutions(content, { accountCurrency: 'USD', fingerprintOf: (i) => carried[i] });
    expect(again.map((item) => item.fingerprint)).toEqual((await storedKeys()).slice(0, content.length));
    // A key that is no content fingerprint's (a manual fill's) stays the key it carries.
    const [manual] = prepareExecutions([content[0]!], {
      accountCurrency: 'USD',
      fingerprintOf: () => `fp:${others[1]!.key}`,
    });
    expect(manual!.fingerprint).toBe(others[1]!.key);
  });

  it('matches the fills imported before it when the same file comes again', async () => {
    const again = prepareExecutions(content, { accountCurrency: 'USD' });
    const found = await older.client.query<{ n: number }>(
      'select count(*)::int as n from executions where fingerprint = any($1::uuid[])',
      [again.map((item) => item.fingerprint)],
    );
    expect(found.rows[0]!.n).toBe(content.length);
  });
});
