import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  analyticsFilterSchema,
  breakdownQuerySchema,
  calendarQuerySchema,
  distributionQuerySchema,
  equityQuerySchema,
  heatmapQuerySchema,
  monteCarloRequestSchema,
} from '../../../contracts/analytics';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import {
  getBreakdown,
  getCalendar,
  getDistribution,
  getEquity,
  getHeatmap,
  getSummary,
  runMonteCarloFor,
} from './analytics.service';

/** Analytics over the user's closed trades; every endpoint takes the trade list's filters. */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.analyticsCache;
  const scopeOf = (req: Parameters<typeof requireAccess>[1]) => {
    const user = requireAccess(app, req);
    return { userId: user.id, userTimeZone: user.timezone, cache };
  };

  app.get('/api/analytics/summary', async (req) =>
    getSummary(app.db, { ...scopeOf(req), query: parseInput(analyticsFilterSchema, req.query) }),
  );

  app.get('/api/analytics/equity', async (req) => {
    const scope = scopeOf(req);
    const { maxPoints, ...query } = parseInput(equityQuerySchema, req.query);
    return getEquity(app.db, { ...scope, query, maxPoints });
  });

  app.get('/api/analytics/calendar', async (req) => {
    const scope = scopeOf(req);
    const { month, ...query } = parseInput(calendarQuerySchema, req.query);
    return getCalendar(app.db, { ...scope, query, month });
  });

  app.get('/api/analytics/heatmap', async (req) => {
    const scope = scopeOf(req);
    const { metric, ...query } = parseInput(heatmapQuerySchema, req.query);
    return getHeatmap(app.db, { ...scope, query, metric });
  });

  app.get('/api/analytics/breakdown', async (req) => {
    const scope = scopeOf(req);
    const { by, ...query } = parseInput(breakdownQuerySchema, req.query);
    return getBreakdown(app.db, { ...scope, query, by });
  });

  app.get('/api/analytics/distribution', async (req) => {
    const scope = scopeOf(req);
    const { of, ...query } = parseInput(distributionQuerySchema, req.query);
    return getDistribution(app.db, { ...scope, query, of });
  });

  // The simulation (100,000 runs take seconds of CPU) runs on a worker thread (monte-carlo-pool.ts):
  // 503 with Retry-After when too many wait, 500 when a worker crashes or overruns its time limit.
  app.post('/api/analytics/monte-carlo', async (req) => {
    const scope = scopeOf(req);
    return runMonteCarloFor(app.db, {
      ...scope,
      request: parseInput(monteCarloRequestSchema, req.body ?? {}),
      makeSeed: () => randomInt(0, 2 ** 48 - 1),
    });
  });
};
