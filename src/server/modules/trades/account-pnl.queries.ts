import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/**
 * A trade's P&L in its account's currency (issue 42), in one statement over the trades `scope`
 * picks (SQL over `trades t`). A trade in the account's currency keeps its own figures. Another
 * one's fills are each converted as a broker books them (core/fx toAccountCurrencyPnl, the trade
 * dialog's figure): the fill's cash, signed, times the fill's rate (its file's `fx_rate`, else the
 * user's rate table's latest rate on or before the fill's day, UTC or the file's day), rounded to
 * the cent, exact at rate 1; gross without costs, net with them, fees the difference. A fill
 * with neither rate leaves the trade's account figures null ('no_rate'); an open trade in another
 * currency has none yet ('open').
 *
 * The migration that added the columns runs this same statement over every trade (its SQL is
 * this text with `true` for the scope).
 */
export function toAccountPnlUpdateSql(scope: SQL): SQL {
  return sql`
    WITH target AS (
      SELECT t.id, t.user_id, t.currency, t.multiplier, t.status, a.currency AS account_currency
      FROM trades t JOIN accounts a ON a.id = t.account_id
      WHERE ${scope}
    ),
    parts AS (
      SELECT g.id AS trade_id,
        (CASE WHEN e.side = 'sell' THEN 1 ELSE -1 END) * p.quantity * e.price * g.multiplier AS signed,
        p.commission + p.fees AS costs,
        coalesce(e.fx_rate, (
          SELECT r.rate FROM fx_rates r
          WHERE r.user_id = g.user_id AND r.from_currency = g.currency AND r.to_currency = g.account_currency
            AND r.day <= coalesce(e.executed_on, (e.executed_at AT TIME ZONE 'UTC')::date)
          ORDER BY r.day DESC LIMIT 1
        )) AS rate
      FROM target g
      JOIN trade_parts p ON p.trade_id = g.id
      JOIN executions e ON e.id = p.execution_id
      WHERE g.status = 'closed' AND g.currency <> g.account_currency
    ),
    sums AS (
      SELECT trade_id, count(*) FILTER (WHERE rate IS NULL) AS missing,
        sum(CASE WHEN rate = 1 THEN signed ELSE round(signed * rate, 2) END) AS gross,
        sum(CASE WHEN rate = 1 THEN signed - costs ELSE round((signed - costs) * rate, 2) END) AS net
      FROM parts GROUP BY trade_id
    )
    UPDATE trades u SET
      account_gross_pnl = CASE WHEN g.currency = g.account_currency THEN u.gross_pnl
        WHEN s.missing = 0 THEN s.gross END,
      account_fees = CASE WHEN g.currency = g.account_currency THEN u.fees + u.commission
        WHEN s.missing = 0 THEN s.gross - s.net END,
      account_net_pnl = CASE WHEN g.currency = g.account_currency THEN u.net_pnl
        WHEN s.missing = 0 THEN s.net END,
      account_pnl_issue = CASE WHEN g.currency = g.account_currency THEN NULL
        WHEN g.status <> 'closed' THEN 'open' WHEN s.missing = 0 THEN NULL ELSE 'no_rate' END
    FROM target g LEFT JOIN sums s ON s.trade_id = g.id
    WHERE u.id = g.id`;
}

/** Computes the account-currency P&L of these accounts' trades written as 'pending' (after a write). */
export async function updatePendingAccountPnl(db: Db, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db.execute(
    toAccountPnlUpdateSql(
      sql`t.account_pnl_issue = 'pending' AND t.account_id IN (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
}

/**
 * Computes again the account-currency P&L of the user's trades in another currency than their
 * account's (the rate table changed), and of any left pending.
 */
export async function updateUserAccountPnl(db: Db, userId: string): Promise<void> {
  await db.execute(
    toAccountPnlUpdateSql(sql`t.user_id = ${userId} AND (t.account_pnl_issue IS NOT NULL OR t.currency <> a.currency)`),
  );
}

/** The currencies of these accounts, by id. */
export async function listAccountCurrencies(db: Db, accountIds: readonly string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]));
  return new Map(rows.map((row) => [row.id, row.currency]));
}
