import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { toAccountPnlUpdateSql } from './account-pnl.queries';

const MIGRATION = new URL('../../db/migrations/0023_add_trade_account_pnl.sql', import.meta.url);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the account-currency P&L statement', () => {
  it('is the one the migration ran over every trade (the migration is frozen SQL, the code must not drift from it)', () => {
    const migration = readFileSync(MIGRATION, 'utf8');
    const start = migration.indexOf('WITH target AS');
    const end = migration.indexOf('WHERE u.id = g.id;', start) + 'WHERE u.id = g.id'.length;
    const code = new PgDialect().sqlToQuery(toAccountPnlUpdateSql(sql`true`)).sql;
    expect(start).toBeGreaterThan(-1);
    expect(squeeze(migration.slice(start, end))).toBe(squeeze(code));
  });
});
