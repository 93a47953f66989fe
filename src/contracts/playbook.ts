import { z } from 'zod';
import { RULE_PHASES, RULE_STATES } from '../core/playbook';
import { safeText } from './input-policy';

/** The playbook's wire format (issue #33): a strategy's rules, a trade's rule checks, and what each is worth. */

const uuid = z.uuid('Must be an id');
const ruleText = () => safeText().trim().min(1, 'Write the rule').max(500);

export const ruleInputSchema = z.object({ phase: z.enum(RULE_PHASES), text: ruleText() }).strict();
export const rulePatchSchema = z
  .object({ phase: z.enum(RULE_PHASES).optional(), text: ruleText().optional() })
  .strict();
/** `PUT /api/strategies/:id/rules`: every current rule's id, in the new order. */
export const ruleOrderSchema = z.object({ ruleIds: z.array(uuid).max(500) }).strict();

export const ruleJsonSchema = z.object({
  id: z.string(),
  strategyId: z.string(),
  phase: z.enum(RULE_PHASES),
  text: z.string(),
  position: z.number(),
  /** Earlier texts, oldest first, each with when it was replaced. */
  revisions: z.array(z.object({ text: z.string(), until: z.string() })),
  createdAt: z.string(),
});
export type RuleJson = z.infer<typeof ruleJsonSchema>;
export const ruleListJsonSchema = z.object({ rules: z.array(ruleJsonSchema) });
export type RuleListJson = z.infer<typeof ruleListJsonSchema>;

/** `DELETE /api/strategies/:id?confirmTrades=n`: n must name how many trades the strategy has. */
export const strategyDeleteQuerySchema = z.object({ confirmTrades: z.coerce.number().int().min(0).optional() });

/** `PUT /api/trades/:id/rule-checks`: answers to set; `state: null` clears one. */
export const ruleChecksRequestSchema = z
  .array(z.object({ ruleId: uuid, state: z.enum(RULE_STATES).nullable() }).strict())
  .max(500);

const interval = z.tuple([z.number(), z.number()]).nullable();

export const strategyPerformanceJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  archived: z.boolean(),
  trades: z.number(),
  netPnl: z.number(),
  winRate: z.number().nullable(),
  winRateCi95: interval,
  expectancy: z.number().nullable(),
  expectancyCi95: interval,
  expectancyR: z.number().nullable(),
  profitFactor: z.number().nullable(),
  adherencePct: z.number().nullable(),
  /** Cumulative net P&L after its closed trades (at most 120 points): `at` is epoch ms. */
  equity: z.array(z.object({ at: z.number(), value: z.number() })),
});
export type StrategyPerformanceJson = z.infer<typeof strategyPerformanceJsonSchema>;
export const playbookJsonSchema = z.object({ strategies: z.array(strategyPerformanceJsonSchema) });
export type PlaybookJson = z.infer<typeof playbookJsonSchema>;

const resultStatsJsonSchema = z.object({
  count: z.number(),
  winRate: z.number().nullable(),
  expectancy: z.number().nullable(),
  expectancyCi95: interval,
  expectancyR: z.number().nullable(),
});
export type ResultStatsJson = z.infer<typeof resultStatsJsonSchema>;

export const ruleEffectJsonSchema = z.object({
  id: z.string(),
  text: z.string(),
  phase: z.enum(RULE_PHASES),
  followed: resultStatsJsonSchema,
  broken: resultStatsJsonSchema,
  /** Expectancy followed − broken, with Welch's 95 % interval. */
  difference: z.object({ expectancy: z.number().nullable(), ci95: interval }),
  pValue: z.number().nullable(),
  /** After a Benjamini–Hochberg correction across the strategy's current rules. */
  significant: z.boolean(),
  /** Fewer than 20 trades followed or broken. */
  lowSample: z.boolean(),
  /** 1 = breaking it costs the most; null when breaking it costs nothing. */
  costRank: z.number().nullable(),
  /** Set for a removed rule: its own history, outside every adherence figure. */
  removedAt: z.string().nullable(),
});
export type RuleEffectJson = z.infer<typeof ruleEffectJsonSchema>;
export const ruleEffectsJsonSchema = z.object({
  rules: z.array(ruleEffectJsonSchema),
  /** Adherence vs results: trades with every answered rule followed against those with one broken. */
  adherence: z.object({ full: resultStatsJsonSchema, partial: resultStatsJsonSchema }),
});
export type RuleEffectsJson = z.infer<typeof ruleEffectsJsonSchema>;
