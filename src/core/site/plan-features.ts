import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL } from '../config/plans';

/**
 * What Premium includes, as /pricing and the Subscription page list it. An item with a `feature`
 * names a feature-availability entry: while that entry is a placeholder, the item is shown as coming soon.
 */
export type PlanFeature = { text: string; feature?: string };

export const PLAN_FEATURES: readonly PlanFeature[] = [
  { text: `File import from ${BROKER_COUNT} brokers: CSV, Excel and TSV, with column detection` },
  { text: 'Unlimited trades, imports and custom tags' },
  { text: 'R-multiple analytics, equity curve, drawdown, breakdowns and heatmaps' },
  { text: `Monte Carlo simulation (${MONTE_CARLO_RUNS_LABEL} runs) and VaR/CVaR risk metrics` },
  { text: 'P&L calendar, daily journal, trade notes and screenshots' },
  { text: 'Position size calculator and CSV export of trades and executions' },
  { text: 'An API with read-only or read-and-write tokens' },
  { text: 'Priority email support' },
  { text: 'Broker connections', feature: 'broker-sync' },
  { text: 'Strategy playbook with rules', feature: 'playbook' },
  { text: 'Smart goals', feature: 'goals' },
  { text: 'Advanced reports with PDF export', feature: 'advanced-reports' },
  { text: 'AI assistant', feature: 'ai-assistant' },
];
