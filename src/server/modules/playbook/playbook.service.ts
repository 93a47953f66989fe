import type { PlaybookJson, ResultStatsJson, RuleEffectsJson } from '../../../contracts/playbook';
import {
  computeAdherenceSplit,
  computeRuleEffects,
  computeStrategySummary,
  type ResultStats,
  type RuleSample,
} from '../../../core/playbook';
import type { Db } from '../../db/client';
import { listRules, listStrategies, requireStrategy } from '../strategies';
import { listPlaybookTrades, listRuleAnswers } from './playbook.queries';

/** Points of each strategy's equity curve (a card's sparkline, the strategy page's curve). */
const EQUITY_POINTS = 120;

const toStatsJson = (stats: ResultStats): ResultStatsJson => ({
  count: stats.count,
  winRate: stats.winRate,
  expectancy: stats.expectancy,
  expectancyCi95: stats.expectancyCi95,
  expectancyR: stats.expectancyR,
});

/** `GET /api/playbook`: every strategy of the user (archived ones too, marked) with its closed trades' numbers. */
export async function getPlaybook(db: Db, userId: string): Promise<PlaybookJson> {
  const strategies = await listStrategies(db, userId);
  const tradesByStrategy = await listPlaybookTrades(db, { userId });
  return {
    strategies: strategies.map((strategy) => {
      const summary = computeStrategySummary(tradesByStrategy.get(strategy.id) ?? [], { maxPoints: EQUITY_POINTS });
      return {
        id: strategy.id,
        name: strategy.name,
        color: strategy.color,
        archived: strategy.archivedAt !== null,
        trades: summary.count,
        netPnl: summary.netPnl,
        winRate: summary.winRate,
        winRateCi95: summary.winRateCi95,
        expectancy: summary.expectancy,
        expectancyCi95: summary.expectancyCi95,
        expectancyR: summary.expectancyR,
        profitFactor: summary.profitFactor,
        adherencePct: summary.adherencePct,
        equity: summary.equity,
      };
    }),
  };
}

/**
 * `GET /api/playbook/:strategyId/rules`: each rule's closed trades followed against broken. The
 * Benjamini–Hochberg correction runs across the current rules; a removed rule keeps its own
 * history (compared alone) and comes after them.
 */
export async function getRuleEffects(db: Db, params: { userId: string; strategyId: string }): Promise<RuleEffectsJson> {
  const strategy = await requireStrategy(db, { userId: params.userId, id: params.strategyId });
  const rules = await listRules(db, { strategyId: strategy.id, isRemovedIncluded: true });
  const answers = await listRuleAnswers(db, { userId: params.userId, strategyId: strategy.id });
  type Answer = (typeof answers)[number];
  const samples = new Map<string, { followed: Answer[]; broken: Answer[] }>(
    rules.map((rule) => [rule.id, { followed: [], broken: [] }]),
  );
  for (const answer of answers) {
    const sample = samples.get(answer.ruleId);
    if (!sample) continue;
    if (answer.state === 'followed') sample.followed.push(answer);
    else if (answer.state === 'broken') sample.broken.push(answer);
  }
  const current = rules.filter((rule) => rule.removedAt === null);
  const removed = rules.filter((rule) => rule.removedAt !== null);
  const sampleOf = (id: string): RuleSample => samples.get(id)!; // every rule has its sample
  const effects = [
    ...computeRuleEffects(current.map((rule) => sampleOf(rule.id))).map((effect, i) => ({ rule: current[i]!, effect })),
    ...removed.map((rule) => ({ rule, effect: computeRuleEffects([sampleOf(rule.id)])[0]! })),
  ];
  const trades =
    (await listPlaybookTrades(db, { userId: params.userId, strategyId: strategy.id })).get(strategy.id) ?? [];
  const split = computeAdherenceSplit(trades);
  return {
    rules: effects.map(({ rule, effect }) => ({
      id: rule.id,
      text: rule.text,
      phase: rule.phase,
      followed: toStatsJson(effect.followed),
      broken: toStatsJson(effect.broken),
      difference: effect.difference,
      pValue: effect.pValue,
      significant: effect.significant,
      lowSample: effect.lowSample,
      costRank: rule.removedAt === null ? effect.costRank : null,
      removedAt: rule.removedAt?.toISOString() ?? null,
    })),
    adherence: { full: toStatsJson(split.full), partial: toStatsJson(split.partial) },
  };
}
