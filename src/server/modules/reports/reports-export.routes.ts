import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { reportExportQuerySchema } from '../../../contracts/reports';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { streamTradeListCsv } from '../trades';
import { streamReportCsv } from './report-csv';
import { buildReportDocument } from './report-document';
import { renderReportPdf } from './report-pdf';

/** The exports (CSV, PDF) of a report: `filter` (URL-encoded JSON) and `groupBy` as the run takes them. */
export function registerReportExportRoutes(app: FastifyInstance): void {
  const documentOf = async (req: Parameters<typeof requireAccess>[1]) => {
    const user = requireAccess(app, req);
    const query = parseInput(reportExportQuerySchema, req.query);
    const filter = query.filter ?? {};
    const document = await buildReportDocument(app.db, {
      userId: user.id,
      userTimeZone: user.timezone,
      cache: app.analyticsCache,
      filter,
      groupBy: query.groupBy,
      tz: query.tz,
    });
    return { user, filter, document, day: app.clock.now().toISOString().slice(0, 10) };
  };

  // The grouped table, then the trade list of the filter, read page by page (memory stays flat).
  app.get('/api/reports/export.csv', async (req, reply) => {
    const { user, filter, document, day } = await documentOf(req);
    const streamTradeList = (listFilter: typeof filter) =>
      streamTradeListCsv(app.db, {
        userId: user.id,
        timeZone: document.timeZone,
        orders: app.tradeOrders,
        query: { filter: listFilter, sort: 'openedAt', order: 'asc', limit: 500 },
      });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="edgebook-report-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(streamReportCsv({ document, filter, streamTradeList })));
  });

  app.get('/api/reports/export.pdf', async (req, reply) => {
    const { document, day } = await documentOf(req);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="edgebook-report-${day}.pdf"`)
      .header('cache-control', 'no-store')
      .send(renderReportPdf(document, { generatedAt: app.clock.now() }));
  });
}
