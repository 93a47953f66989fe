import { sql } from 'drizzle-orm';
import type { PlaybookTrade, RuleState } from '../../../core/playbook';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/raw-rows';
import { ruleChecks, strategyRules, trades } from '../../db/schema';

type TradeAnswerRow = {
  strategy_id: string;
  closed_at: string | Date;
  net_pnl: string;
  r_multiple: string | null;
  followed: string | number;
  broken: string | number;
};

const toMs = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The user's closed trades with a strategy (one strategy's when given), in close order, each with
 * how many of its strategy's current rules it answered followed and broken. The answers are
 * counted once per trade in one grouped pass, then joined by hash (no look-up per trade).
 */
export async function listPlaybookTrades(
  db: Db,
  params: { userId: string; strategyId?: string },
): Promise<Map<string, PlaybookTrade[]>> {
  const rows = await selectRows<TradeAnswerRow>(
    db,
    sql`select t.strategy_id, t.closed_at, t.net_pnl, t.r_multiple,
        coalesce(c.followed, 0) as followed, coalesce(c.broken, 0) as broken
      from ${trades} t
      left join (
        select rc.opening_execution_id, r.strategy_id,
          count(*) filter (where rc.state = 'followed') as followed,
          count(*) filter (where rc.state = 'broken') as broken
        from ${ruleChecks} rc join ${strategyRules} r on r.id = rc.rule_id
        where rc.user_id = ${params.userId} and r.removed_at is null
        group by rc.opening_execution_id, r.strategy_id
      ) c on c.opening_execution_id = t.opening_execution_id and c.strategy_id = t.strategy_id
      where t.user_id = ${params.userId} and t.status = 'closed' and t.strategy_id is not null
        ${params.strategyId === undefined ? sql`` : sql`and t.strategy_id = ${params.strategyId}`}
      order by t.closed_at, t.id`,
  );
  const byStrategy = new Map<string, PlaybookTrade[]>();
  for (const row of rows) {
    const trade: PlaybookTrade = {
      closedAt: toMs(row.closed_at),
      netPnl: Number(row.net_pnl),
      rMultiple: row.r_multiple === null ? null : Number(row.r_multiple),
      followed: Number(row.followed),
      broken: Number(row.broken),
    };
    const list = byStrategy.get(row.strategy_id);
    if (list) list.push(trade);
    else byStrategy.set(row.strategy_id, [trade]);
  }
  return byStrategy;
}

type RuleAnswerRow = { rule_id: string; state: RuleState; net_pnl: string; r_multiple: string | null };

/**
 * Each answer (followed or broken) to the strategy's rules, removed ones included, on its closed
 * trades that still carry the strategy, with the trade's result.
 */
export async function listRuleAnswers(
  db: Db,
  params: { userId: string; strategyId: string },
): Promise<{ ruleId: string; state: RuleState; netPnl: number; rMultiple: number | null }[]> {
  const rows = await selectRows<RuleAnswerRow>(
    db,
    sql`select rc.rule_id, rc.state, t.net_pnl, t.r_multiple
      from ${ruleChecks} rc
      join ${strategyRules} r on r.id = rc.rule_id
      join ${trades} t on t.opening_execution_id = rc.opening_execution_id
      where rc.user_id = ${params.userId} and r.strategy_id = ${params.strategyId}
        and t.user_id = ${params.userId} and t.strategy_id = ${params.strategyId} and t.status = 'closed'
        and rc.state <> 'na'
      order by t.closed_at, t.id`,
  );
  return rows.map((row) => ({
    ruleId: row.rule_id,
    state: row.state,
    netPnl: Number(row.net_pnl),
    rMultiple: row.r_multiple === null ? null : Number(row.r_multiple),
  }));
}
