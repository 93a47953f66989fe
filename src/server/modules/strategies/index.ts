/** Strategies: their routes, and what trades, imports and sample data use of them. */
export { strategyRoutes } from './strategies.routes';
export { requireStrategy } from './strategies.service';
export { listStrategies, upsertStrategiesByName } from './strategies.queries';
