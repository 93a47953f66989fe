import type { FastifyInstance } from 'fastify';

/** The exports (CSV, PDF) of a report: registered with the report routes. */
export function registerReportExportRoutes(_app: FastifyInstance): void {}
