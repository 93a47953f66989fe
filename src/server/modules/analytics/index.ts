/** Analytics: the dashboard's routes, the demo, the trade-facts cache and the Monte Carlo pool. */
export { analyticsRoutes } from './analytics.routes';
export { analyticsDemoRoutes } from './demo.routes';
export { closeMonteCarloPool } from './monte-carlo-pool';
export { runMonteCarloJob, type MonteCarloJob } from './monte-carlo-job';
export { createDbTradeFactsSource, createTradeFactsCache, type TradeFactsCache } from './trade-facts-cache';
export { listReportColumns, type ReportSourceKind } from './report-source';
export { loadCurrencyScope, type CurrencyScope, type UnconvertedTotal } from './currency-scope';
