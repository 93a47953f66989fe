import { createHash, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../../../test/helpers/migrations-up-to';
import { prepareExecutions, toFingerprintKey } from '../modules/trades/execution-input';
import { createUser } from '../modules/users/users.service';
import type { Db } from './client';
import { migrationsDir } from './client';
import * as schema from './schema';
import { accounts } from './schema';

/**
 * Migration 0013 on a database whose fills carry their fingerprints as text: each becomes the key
 * the app now computes for the same text, so a file imported before the upgrade adds nothing when
 * imported again after it.
 */
const client = new PGlite();
const pglite = drizzle(client, { schema, casing: 'snake_case' });
const db = pglite as unknown as Db; // the app's type, as openDatabase answers it
const before = migrationsUpTo(12);

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
  await migrate(pglite, { migrationsFolder: before.folder });
  const user = await createUser(db, {
    email: 'old@example.com',
    password: 'a long password 1',
    isVerified: true,
    now: new Date(),
  });
  userId = user.id;
  const [account] = await db.insert(accounts).values({ userId, name: 'Old' }).returning();
  accountId = account!.id;
  for (const [i, text] of [...texts, colliding].entries())
    await db.execute(sql`insert into executions (user_id, account_id, executed_at, symbol, instrument_key, asset_class,
      side, quantity, price, fingerprint, sequence)
      values (${userId}, ${accountId}, ${contentFill.executedAt}, 'AAPL', 'stock:AAPL', 'stock', 'buy', 100, 10.5,
      ${text}, ${i + 1})`);
  await migrate(pglite, { migrationsFolder: migrationsDir });
});

afterAll(async () => {
  await client.close();
  before.remove();
});

describe('migration 0013: fingerprints as 16-byte keys', () => {
  it('turns each stored fingerprint into the key the app computes for its text', async () => {
    const rows = await client.query<{ fingerprint: string }>('select fingerprint from executions order by sequence');
    const keys = rows.rows.map((row) => row.fingerprint);
    expect(keys.slice(0, texts.length)).toEqual(texts.map(toFingerprintKey));
    expect(new Set(texts.map(toFingerprintKey)).size).toBe(texts.length);
  });

  it('keeps a fill whose text now shares a key with an earlier one, under a key of its own', async () => {
    expect(toFingerprintKey(colliding)).toBe(toFingerprintKey(texts[7]!));
    const rows = await client.query<{ fingerprint: string }>('select fingerprint from executions order by sequence');
    expect(rows.rows).toHaveLength(texts.length + 1);
    expect(new Set(rows.rows.map((row) => row.fingerprint)).size).toBe(texts.length + 1);
  });

  it('matches a fill imported before it when the same fill comes again', async () => {
    const [again] = prepareExecutions([contentFill], { accountCurrency: 'USD' });
    const added = await pglite.execute(sql`insert into executions (user_id, account_id, executed_at, symbol,
      instrument_key, asset_class, side, quantity, price, fingerprint, sequence)
      values (${userId}, ${accountId}, ${contentFill.executedAt}, 'AAPL', 'stock:AAPL', 'stock', 'buy', 100, 10.5,
      ${again!.fingerprint}, 100)
      on conflict (account_id, fingerprint) do nothing returning id`);
    expect(again!.fingerprint).toBe(toFingerprintKey(contentText));
    expect(added.rows).toHaveLength(0);
  });
});
