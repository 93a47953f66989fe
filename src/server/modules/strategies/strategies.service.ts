import type { RuleJson } from '../../../contracts/playbook';
import type { StrategyInput, StrategyJson, StrategyPatch } from '../../../contracts/trades';
import type { RulePhase } from '../../../core/playbook';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../ids';
import { isUniqueViolation } from '../unique-violation';
import {
  copyRules,
  countTradesByStrategy,
  deleteStrategy,
  getCurrentRule,
  getRule,
  getStrategy,
  insertRule,
  insertStrategy,
  listRules,
  listStrategies,
  updateRule,
  updateStrategy,
  type RuleRow,
  type StrategyRow,
} from './strategies.queries';

export function toStrategyJson(row: StrategyRow, tradeCount: number): StrategyJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    assetClasses: row.assetClasses,
    timeframe: row.timeframe,
    entryCriteria: row.entryCriteria,
    exitCriteria: row.exitCriteria,
    riskRules: row.riskRules,
    color: row.color,
    archived: row.archivedAt !== null,
    tradeCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toRuleJson(row: RuleRow): RuleJson {
  return {
    id: row.id,
    strategyId: row.strategyId,
    phase: row.phase,
    text: row.text,
    position: row.position,
    revisions: row.revisions,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStrategyJson(db: Db, userId: string): Promise<StrategyJson[]> {
  const counts = await countTradesByStrategy(db, { userId });
  return (await listStrategies(db, userId)).map((row) => toStrategyJson(row, counts.get(row.id) ?? 0));
}

/** The user's strategy, or 404 (another user's id included). */
export async function requireStrategy(db: Db, params: { userId: string; id: string }): Promise<StrategyRow> {
  const row = isUuid(params.id) ? await getStrategy(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Strategy not found');
  return row;
}

async function toJsonWithCount(db: Db, row: StrategyRow): Promise<StrategyJson> {
  const counts = await countTradesByStrategy(db, { userId: row.userId, strategyId: row.id });
  return toStrategyJson(row, counts.get(row.id) ?? 0);
}

/** A strategy with its current rules in order. */
export async function getStrategyDetail(
  db: Db,
  params: { userId: string; id: string },
): Promise<StrategyJson & { rules: RuleJson[] }> {
  const row = await requireStrategy(db, params);
  return { ...(await toJsonWithCount(db, row)), rules: (await listRules(db, { strategyId: row.id })).map(toRuleJson) };
}

const taken = (name: string) =>
  new AppError('CONFLICT', `You already have a strategy named ${name}`, { name: 'Already taken' });

/** A new strategy; 409 when the user already has one of that name (case-insensitively). */
export async function createStrategy(db: Db, params: StrategyInput & { userId: string }): Promise<StrategyJson> {
  try {
    return toStrategyJson(await insertStrategy(db, params), 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(params.name);
    throw err;
  }
}

/** Changes a strategy's fields; `archived` hides it from pickers (its trades and numbers stay). */
export async function patchStrategy(
  db: Db,
  params: { userId: string; id: string; patch: StrategyPatch; now: Date },
): Promise<StrategyJson> {
  const found = await requireStrategy(db, params);
  const { archived, ...values } = params.patch;
  try {
    const row = await updateStrategy(db, {
      userId: params.userId,
      id: found.id,
      values: {
        ...values,
        ...(archived !== undefined && { archivedAt: archived ? (found.archivedAt ?? params.now) : null }),
      },
    });
    return toJsonWithCount(db, row ?? found);
  } catch (err) {
    if (isUniqueViolation(err) && values.name !== undefined) throw taken(values.name);
    throw err;
  }
}

/**
 * Deletes a strategy. Its trades keep their history and become "no strategy", so a strategy with
 * trades goes only when `confirmTrades` names how many it has (409 otherwise, naming the count).
 */
export async function removeStrategy(
  db: Db,
  params: { userId: string; id: string; confirmTrades?: number },
): Promise<void> {
  const row = await requireStrategy(db, params);
  const trades = (await countTradesByStrategy(db, { userId: params.userId, strategyId: row.id })).get(row.id) ?? 0;
  if (trades > 0 && params.confirmTrades !== trades) {
    const noun = trades === 1 ? 'trade' : 'trades';
    throw new AppError(
      'CONFLICT',
      `${row.name} has ${trades} ${noun}: they will become "no strategy". Confirm with confirmTrades=${trades} to delete it.`,
      { confirmTrades: String(trades) },
    );
  }
  await deleteStrategy(db, { userId: params.userId, id: row.id });
}

/** A copy of the strategy and its current rules, named "… (copy)" (then "(copy 2)", …); no trades. */
export async function duplicateStrategy(db: Db, params: { userId: string; id: string }): Promise<StrategyJson> {
  const row = await requireStrategy(db, params);
  const names = new Set((await listStrategies(db, params.userId)).map((s) => s.name.toLowerCase()));
  let name = `${row.name} (copy)`;
  for (let n = 2; names.has(name.toLowerCase()); n++) name = `${row.name} (copy ${n})`;
  return db.transaction(async (tx) => {
    const copy = await insertStrategy(tx, {
      userId: params.userId,
      name: name.slice(0, 100),
      description: row.description,
      assetClasses: row.assetClasses,
      timeframe: row.timeframe,
      entryCriteria: row.entryCriteria,
      exitCriteria: row.exitCriteria,
      riskRules: row.riskRules,
      color: row.color,
    });
    await copyRules(tx, { userId: params.userId, from: row.id, to: copy.id });
    return toStrategyJson(copy, 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Rules

export async function listRuleJson(db: Db, params: { userId: string; strategyId: string }): Promise<RuleJson[]> {
  const strategy = await requireStrategy(db, { userId: params.userId, id: params.strategyId });
  return (await listRules(db, { strategyId: strategy.id })).map(toRuleJson);
}

async function requireRule(db: Db, params: { userId: string; strategyId: string; ruleId: string }): Promise<RuleRow> {
  const strategy = await requireStrategy(db, { userId: params.userId, id: params.strategyId });
  const rule = isUuid(params.ruleId)
    ? await getRule(db, { userId: params.userId, strategyId: strategy.id, id: params.ruleId })
    : undefined;
  if (!rule) throw new AppError('NOT_FOUND', 'Rule not found');
  return rule;
}

export async function addRule(
  db: Db,
  params: { userId: string; strategyId: string; phase: RulePhase; text: string },
): Promise<RuleJson> {
  const strategy = await requireStrategy(db, { userId: params.userId, id: params.strategyId });
  return toRuleJson(await insertRule(db, { ...params, strategyId: strategy.id }));
}

/** Edits a rule in place: it keeps its id and its checks; a changed text joins its revisions. */
export async function patchRule(
  db: Db,
  params: {
    userId: string;
    strategyId: string;
    ruleId: string;
    patch: { phase?: RulePhase; text?: string };
    now: Date;
  },
): Promise<RuleJson> {
  const rule = await requireRule(db, params);
  const isTextChanged = params.patch.text !== undefined && params.patch.text !== rule.text;
  return toRuleJson(
    await updateRule(db, {
      id: rule.id,
      values: {
        ...(params.patch.phase !== undefined && { phase: params.patch.phase }),
        ...(isTextChanged && {
          text: params.patch.text,
          revisions: [...rule.revisions, { text: rule.text, until: params.now.toISOString() }],
        }),
      },
    }),
  );
}

/** Removes a rule from the playbook: its past checks stay in its own history, out of adherence from now on. */
export async function removeRule(
  db: Db,
  params: { userId: string; strategyId: string; ruleId: string; now: Date },
): Promise<void> {
  const rule = await requireRule(db, params);
  await updateRule(db, { id: rule.id, values: { removedAt: params.now } });
}

/** Puts the strategy's current rules in this order: every one of their ids, each once (400 otherwise). */
export async function reorderRules(
  db: Db,
  params: { userId: string; strategyId: string; ruleIds: readonly string[] },
): Promise<RuleJson[]> {
  const strategy = await requireStrategy(db, { userId: params.userId, id: params.strategyId });
  const rules = await listRules(db, { strategyId: strategy.id });
  const current = new Set(rules.map((rule) => rule.id));
  const given = new Set(params.ruleIds);
  if (given.size !== params.ruleIds.length || given.size !== current.size || ![...given].every((id) => current.has(id)))
    throw new AppError('VALIDATION_ERROR', 'List every current rule of the strategy once', {
      ruleIds: 'Every current rule, each once',
    });
  return db.transaction(async (tx) => {
    const out: RuleJson[] = [];
    for (const [position, id] of params.ruleIds.entries())
      out.push(toRuleJson(await updateRule(tx, { id, values: { position } })));
    return out;
  });
}

/** The user's current rule (of any of their strategies), or 404. */
export async function requireCurrentRule(db: Db, params: { userId: string; id: string }): Promise<RuleRow> {
  const rule = isUuid(params.id) ? await getCurrentRule(db, params) : undefined;
  if (!rule) throw new AppError('NOT_FOUND', 'Rule not found');
  return rule;
}
