import { and, asc, count, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { RulePhase, RuleState } from '../../../core/playbook';
import type { Db } from '../../db/client';
import { ruleChecks, strategies, strategyRules, trades } from '../../db/schema';

export type StrategyRow = typeof strategies.$inferSelect;
export type StrategyValues = Partial<
  Pick<
    StrategyRow,
    'name' | 'description' | 'assetClasses' | 'timeframe' | 'entryCriteria' | 'exitCriteria' | 'riskRules' | 'color'
  >
> & { archivedAt?: Date | null };
export type RuleRow = typeof strategyRules.$inferSelect;

export async function listStrategies(db: Db, userId: string): Promise<StrategyRow[]> {
  return db
    .select()
    .from(strategies)
    .where(eq(strategies.userId, userId))
    .orderBy(asc(sql`lower(${strategies.name})`), asc(strategies.id));
}

export async function getStrategy(db: Db, params: { userId: string; id: string }): Promise<StrategyRow | undefined> {
  const [row] = await db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, params.id), eq(strategies.userId, params.userId)))
    .limit(1);
  return row;
}

/** How many of the user's trades carry each strategy (strategies without trades absent). */
export async function countTradesByStrategy(
  db: Db,
  params: { userId: string; strategyId?: string },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ strategyId: trades.strategyId, n: count() })
    .from(trades)
    .where(
      and(
        eq(trades.userId, params.userId),
        params.strategyId === undefined ? isNotNull(trades.strategyId) : eq(trades.strategyId, params.strategyId),
      ),
    )
    .groupBy(trades.strategyId);
  return new Map(rows.map((row) => [row.strategyId!, Number(row.n)])); // not null by the condition
}

/** Id → name of the user's strategies with these ids. */
export async function listStrategyNames(
  db: Db,
  params: { userId: string; ids: string[] },
): Promise<Map<string, string>> {
  if (params.ids.length === 0) return new Map();
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(and(eq(strategies.userId, params.userId), inArray(strategies.id, params.ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertStrategy(
  db: Db,
  params: StrategyValues & { userId: string; name: string },
): Promise<StrategyRow> {
  const [row] = await db.insert(strategies).values(params).returning();
  return row!; // insert … returning yields the row
}

export async function updateStrategy(
  db: Db,
  params: { userId: string; id: string; values: StrategyValues },
): Promise<StrategyRow | undefined> {
  if (Object.keys(params.values).length === 0) return getStrategy(db, params);
  const [row] = await db
    .update(strategies)
    .set(params.values)
    .where(and(eq(strategies.id, params.id), eq(strategies.userId, params.userId)))
    .returning();
  return row;
}

/** NOTE: its trades (and their journals) become "no strategy" by the foreign keys; its rules and their checks go. */
export async function deleteStrategy(db: Db, params: { userId: string; id: string }): Promise<void> {
  await db.delete(strategies).where(and(eq(strategies.id, params.id), eq(strategies.userId, params.userId)));
}

/** Like upsertTagsByName (tags.queries.ts), for strategies. */
export async function upsertStrategiesByName(
  db: Db,
  params: { userId: string; items: readonly { name: string; description?: string }[]; isSample: boolean },
): Promise<Map<string, string>> {
  if (params.items.length === 0) return new Map();
  await db
    .insert(strategies)
    .values(params.items.map((s) => ({ ...s, userId: params.userId, isSample: params.isSample })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(
      and(
        eq(strategies.userId, params.userId),
        inArray(
          sql<string>`lower(${strategies.name})`,
          params.items.map((s) => s.name.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

// ---------------------------------------------------------------------------------------------
// Rules

/** A strategy's rules in order: its current ones, and its removed ones too when asked. */
export async function listRules(
  db: Db,
  params: { strategyId: string; isRemovedIncluded?: boolean },
): Promise<RuleRow[]> {
  return db
    .select()
    .from(strategyRules)
    .where(
      and(
        eq(strategyRules.strategyId, params.strategyId),
        params.isRemovedIncluded ? undefined : isNull(strategyRules.removedAt),
      ),
    )
    .orderBy(asc(strategyRules.position), asc(strategyRules.createdAt), asc(strategyRules.id));
}

export async function getRule(
  db: Db,
  params: { userId: string; strategyId: string; id: string },
): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(strategyRules)
    .where(
      and(
        eq(strategyRules.id, params.id),
        eq(strategyRules.userId, params.userId),
        eq(strategyRules.strategyId, params.strategyId),
        isNull(strategyRules.removedAt),
      ),
    );
  return row;
}

/** A new rule, last of its strategy. */
export async function insertRule(
  db: Db,
  params: { userId: string; strategyId: string; phase: RulePhase; text: string },
): Promise<RuleRow> {
  const [last] = await db
    .select({ position: max(strategyRules.position) })
    .from(strategyRules)
    .where(eq(strategyRules.strategyId, params.strategyId));
  const [row] = await db
    .insert(strategyRules)
    .values({ ...params, position: (last?.position ?? -1) + 1 })
    .returning();
  return row!; // insert … returning yields the row
}

/** Copies the rules (current ones, in order) to another strategy, each with a new id and no history. */
export async function copyRules(db: Db, params: { userId: string; from: string; to: string }): Promise<void> {
  const rules = await listRules(db, { strategyId: params.from });
  if (rules.length === 0) return;
  await db.insert(strategyRules).values(
    rules.map((rule, position) => ({
      userId: params.userId,
      strategyId: params.to,
      phase: rule.phase,
      text: rule.text,
      position,
    })),
  );
}

export async function updateRule(
  db: Db,
  params: { id: string; values: Partial<Pick<RuleRow, 'phase' | 'text' | 'revisions' | 'removedAt' | 'position'>> },
): Promise<RuleRow> {
  const [row] = await db.update(strategyRules).set(params.values).where(eq(strategyRules.id, params.id)).returning();
  return row!; // the caller found the row under its strategy
}

// ---------------------------------------------------------------------------------------------
// Rule checks

export type RuleCheckRow = { openerId: string; ruleId: string; strategyId: string; state: RuleState };

/** The answers to current rules on these trades (by opening execution), in their rules' order. */
export async function listRuleChecksByOpener(
  db: Db,
  openerIds: readonly string[],
): Promise<Map<string, RuleCheckRow[]>> {
  const byOpener = new Map<string, RuleCheckRow[]>();
  if (openerIds.length === 0) return byOpener;
  const rows = await db
    .select({
      openerId: ruleChecks.openingExecutionId,
      ruleId: ruleChecks.ruleId,
      strategyId: strategyRules.strategyId,
      state: ruleChecks.state,
    })
    .from(ruleChecks)
    .innerJoin(strategyRules, eq(strategyRules.id, ruleChecks.ruleId))
    .where(
      and(
        sql`${ruleChecks.openingExecutionId} = any(${sql.param([...new Set(openerIds)])}::uuid[])`,
        isNull(strategyRules.removedAt),
      ),
    )
    .orderBy(asc(strategyRules.position), asc(strategyRules.id));
  for (const row of rows) {
    const list = byOpener.get(row.openerId);
    if (list) list.push(row);
    else byOpener.set(row.openerId, [row]);
  }
  return byOpener;
}

/** Sets (or, with a null state, clears) a trade's answers. */
export async function saveRuleChecks(
  db: Db,
  params: {
    userId: string;
    openingExecutionId: string;
    checks: readonly { ruleId: string; state: RuleState | null }[];
    now: Date;
  },
): Promise<void> {
  const set = params.checks.flatMap((check) => (check.state === null ? [] : [{ ...check, state: check.state }]));
  const cleared = params.checks.filter((check) => check.state === null).map((check) => check.ruleId);
  if (cleared.length > 0)
    await db
      .delete(ruleChecks)
      .where(and(eq(ruleChecks.openingExecutionId, params.openingExecutionId), inArray(ruleChecks.ruleId, cleared)));
  if (set.length > 0)
    await db
      .insert(ruleChecks)
      .values(
        set.map((check) => ({
          openingExecutionId: params.openingExecutionId,
          userId: params.userId,
          ruleId: check.ruleId,
          state: check.state,
          updatedAt: params.now,
        })),
      )
      .onConflictDoUpdate({
        target: [ruleChecks.openingExecutionId, ruleChecks.ruleId],
        set: { state: sql`excluded.state`, updatedAt: params.now },
      });
}

/** The user's current rule with this id, whichever its strategy. */
export async function getCurrentRule(db: Db, params: { userId: string; id: string }): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(strategyRules)
    .where(
      and(eq(strategyRules.id, params.id), eq(strategyRules.userId, params.userId), isNull(strategyRules.removedAt)),
    );
  return row;
}

/**
 * Answers one rule on those of these trades that carry its strategy (a null state clears the
 * answer); the others are left alone. Answers how many trades it applied to.
 */
export async function saveRuleCheckOnTrades(
  db: Db,
  params: { userId: string; rule: RuleRow; tradeIds: readonly string[]; state: RuleState | null; now: Date },
): Promise<number> {
  const openers = await db
    .select({ id: trades.id, opener: trades.openingExecutionId })
    .from(trades)
    .where(
      and(
        eq(trades.userId, params.userId),
        eq(trades.strategyId, params.rule.strategyId),
        sql`${trades.id} = any(${sql.param([...params.tradeIds])}::uuid[])`,
      ),
    );
  if (openers.length === 0) return 0;
  const openerIds = openers.map((row) => row.opener);
  if (params.state === null)
    await db
      .delete(ruleChecks)
      .where(and(eq(ruleChecks.ruleId, params.rule.id), inArray(ruleChecks.openingExecutionId, openerIds)));
  else
    await db
      .insert(ruleChecks)
      .values(
        openerIds.map((openingExecutionId) => ({
          openingExecutionId,
          ruleId: params.rule.id,
          userId: params.userId,
          state: params.state!, // not null in this branch
          updatedAt: params.now,
        })),
      )
      .onConflictDoUpdate({
        target: [ruleChecks.openingExecutionId, ruleChecks.ruleId],
        set: { state: sql`excluded.state`, updatedAt: params.now },
      });
  // NOTE: touching the rows moves the analytics version (a cached answer filtered on rules is read again).
  await db
    .update(trades)
    .set({ updatedAt: params.now })
    .where(
      inArray(
        trades.id,
        openers.map((row) => row.id),
      ),
    );
  return openers.length;
}
