/** Strategies: their routes, and what trades, imports, sample data and the playbook use of them. */
export { strategyRoutes } from './strategies.routes';
export { requireCurrentRule, requireStrategy } from './strategies.service';
export {
  listRuleChecksByOpener,
  listRules,
  listStrategies,
  saveRuleCheckOnTrades,
  saveRuleChecks,
  upsertStrategiesByName,
  type RuleCheckRow,
  type RuleRow,
  type StrategyRow,
} from './strategies.queries';
