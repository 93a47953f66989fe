import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { positionEvents } from '../../db/schema';

/**
 * A trade's income (issue #45): the dividends' cash and the rewards' value (core toIncome: |units| ×
 * price × multiplier) of the applied events of its account that ended in its instrument while it
 * was open, as the trade dialog lists them (listTradeEvents). Shown beside its P&L; part of its net
 * P&L only when its user counts income (users.is_income_in_net_pnl, off by default): then net P&L
 * is gross − costs + income, and so is its account-currency net P&L when the trade is in the
 * account's currency, and its R. A trade in another currency keeps its account figure without the
 * income (the file gives no rate for a dividend).
 *
 * One statement over the trades `scope` picks (SQL over `t`); trades whose figures already agree
 * are left alone, so their analytics do not move.
 */
function toIncomeUpdateSql(scope: SQL): SQL {
  return sql`
    WITH target AS (
      SELECT t.id, coalesce(sum(CASE WHEN pe.kind = 'dividend' THEN coalesce(pe.cash_amount, 0)
          ELSE abs(pe.quantity_delta) * coalesce(pe.price, 0) * pe.multiplier END), 0) AS income
      FROM trades t
      LEFT JOIN position_events pe ON pe.account_id = t.account_id
        AND pe.applied_instrument_key = t.instrument_key AND pe.kind IN ('dividend', 'reward')
        AND pe.problem IS NULL AND pe.deleted_at IS NULL
        AND pe.at >= t.opened_at AND (t.closed_at IS NULL OR pe.at <= t.closed_at)
      WHERE ${scope}
      GROUP BY t.id
    ),
    figures AS (
      SELECT g.id, g.income,
        u.gross_pnl - u.commission - u.fees + CASE WHEN us.is_income_in_net_pnl THEN g.income ELSE 0 END AS net,
        u.currency = a.currency AS is_own_currency
      FROM target g
      JOIN trades u ON u.id = g.id
      JOIN users us ON us.id = u.user_id
      JOIN accounts a ON a.id = u.account_id
    )
    UPDATE trades u SET
      income = f.income,
      net_pnl = f.net,
      -- R is net P&L over the risk (core computeRMultiple), to 8 places as stored.
      r_multiple = CASE WHEN u.status = 'closed' AND u.initial_risk IS NOT NULL AND u.initial_risk <> 0
        THEN round(f.net / u.initial_risk, 8) ELSE u.r_multiple END,
      account_net_pnl = CASE WHEN f.is_own_currency THEN f.net ELSE u.account_net_pnl END
    FROM figures f
    WHERE u.id = f.id AND (u.income <> f.income OR u.net_pnl <> f.net)`;
}

/**
 * Writes the income of rebuilt trades (after a regroup), in the accounts that have income events
 * (nothing to do in the others: a rebuilt trade is written with none).
 */
export async function updateTradeIncome(
  db: Db,
  params: { tradeIds: readonly string[]; accountIds: readonly string[] },
) {
  if (params.tradeIds.length === 0 || params.accountIds.length === 0) return;
  const rows = await db
    .selectDistinct({ accountId: positionEvents.accountId })
    .from(positionEvents)
    .where(
      and(
        inArray(positionEvents.accountId, [...params.accountIds]),
        inArray(positionEvents.kind, ['dividend', 'reward']),
        isNull(positionEvents.deletedAt),
        isNull(positionEvents.problem),
      ),
    );
  const accountIds = rows.map((row) => row.accountId);
  if (accountIds.length === 0) return;
  await db.execute(
    toIncomeUpdateSql(
      sql`t.id = any(${sql.param([...params.tradeIds])}::uuid[]) AND t.account_id = any(${sql.param(accountIds)}::uuid[])`,
    ),
  );
}

/** The user's trades with income again, after the setting that counts it in net P&L changed. */
export async function updateUserIncome(db: Db, userId: string): Promise<void> {
  await db.execute(toIncomeUpdateSql(sql`t.user_id = ${userId} AND t.income <> 0`));
}
