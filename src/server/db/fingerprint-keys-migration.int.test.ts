import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOldUserWithAccount, openDatabaseAtMigration } from '../../../test/helpers/older-database';
import { prepareExecutions, toFingerprintKey } from '../modules/trades';
import type { Db } from './client';

/**
 * Migration 0013 on a database whose fills carry their fingerprints as text: each becomes the key
 * the app now computes for the same text (a content fingerprint's by 0016 after it), so a file
 * imported before the upgrade adds nothing when imported again after it.
 */
let older: Awaited<ReturnType<typeof openDatabaseAtMigration>>;
let db: Db;

// The fill an import stored with a content fingerprint before 0013: `v1:` and the SHA-256 in hex.
const contentFill = {
  executedAt: '2025-03-03T15:00:00.000Z',
  symbol: 'AAPL',
  side: 'buy' as const,
  quantity: '100',
  price: '10.5',
};
const contentText = `v1:${createHash('sha256').update('v1|2025-03-03T15:00:00.000Z|stock:AAPL|buy|100|10.5|1').digest('hex')}`;
const texts = [
  contentText,
  'id:ABC-123',
  'id:ABC-123 ',
  'id:Ünïcødé ordre n°7',
  'id:line\nbreak',
  `manual:${randomUUID()}:0`,
  'sample:3',
  'fp:0A1B2C3D-0000-4000-8000-00000000000F',
  'fp:0a1b2c3d00004000800000000000000f', // not a uuid as written: an ordinary text
  `V1:${contentText.slice(3)}`,
  `v1:${contentText.slice(3).toUpperCase()}`,
  'v1:not-a-hash',
];
// A text that was distinct from one above and now has its key (only a hand-made file could carry it).
const colliding = 'fp:0a1b2c3d-0000-4000-8000-00000000000f';
let accountId = '';
let userId = '';

beforeAll(async () => {
  older = await openDatabaseAtMigration(12);
  db = older.db;
  ({ userId, accountId } = await addOldUserWithAccount(db));
  for (const [i, text] of [...texts, colliding].entries())
    await db.execute(sql`insert into executions (user_id, account_id, executed_at, symbol, instrument_key, asset_class,
      side, quantity, price, fingerprint, sequence)
      values (${userId}, ${accountId}, ${contentFill.executedAt}, 'AAPL', 'stock:AAPL', 'stock', 'buy', 100, 10.5,
      ${text}, ${i + 1})`);
  await older.migrateRest();
});

afterAll(() => older.close());

describe('migration 0013: fingerprints as 16-byte keys', () => {
  it('turns each stored fingerprint into the key the app computes for its text', async () => {
    const rows = await older.client.query<{ fingerprint: string }>(
      'select fingerprint from executions order by sequence',
    );
    const keys = rows.rows.map((row) => row.fingerprint);
    const keyOf = (text: string) => toFingerprintKey(text, contentFill.executedAt);
    expect(keys.slice(0, texts.length)).toEqual(texts.map(keyOf));
    expect(new Set(texts.map(keyOf)).size).toBe(texts.length);
  });

  it('keeps a fill whose text now shares a key with an earlier one, under a key of its own', async () => {
    expect(toFingerprintKey(colliding, contentFill.executedAt)).toBe(
      toFingerprintKey(texts[7]!, contentFill.executedAt),
    );
    const rows = await older.client.query<{ fingerprint: string }>(
      'select fingerprint from executions order by sequence',
    );
    expect(rows.rows).toHaveLength(texts.length + 1);
    expect(new Set(rows.rows.map((row) => row.fingerprint)).size).toBe(texts.length + 1);
  });

  it('matches a fill imported before it when the same fill comes again', async () => {
    const [again] = prepareExecutions([contentFill], { accountCurrency: 'USD' });
    const added = await older.pglite.execute(sql`insert into executions (user_id, account_id, executed_at, symbol,
      instrument_key, asset_class, side, quantity, price, fingerprint, sequence)
      values (${userId}, ${accountId}, ${contentFill.executedAt}, 'AAPL', 'stock:AAPL', 'stock', 'buy', 100, 10.5,
      ${again!.fingerprint}, 100)
      on conflict (account_id, fingerprint) do nothing returning id`);
    expect(again!.fingerprint).toBe(toFingerprintKey(contentText, contentFill.executedAt));
    expect(added.rows).toHaveLength(0);
  });
});
