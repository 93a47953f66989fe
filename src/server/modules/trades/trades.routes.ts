import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  addExecutionsRequestSchema,
  bulkTradeRequestSchema,
  manualTradeRequestSchema,
  tradeListQuerySchema,
  tradePatchSchema,
} from '../../../contracts/trades';
import { toTradeFilterJsonSchema } from '../../../core/query';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import { deleteStoredObjects } from '../screenshots';
import { streamTradesCsv } from './csv-export';
import { streamTradeListCsv } from './trade-list-csv';
import {
  addExecutions,
  applyBulkAction,
  countTradeList,
  createManualTrade,
  deleteTrade,
  getTradeDetail,
  listTrades,
  patchTrade,
  toUserTradeFilter,
} from './trades.service';

/** 10,000 fills of about 250 bytes each, with room to spare. */
const EXECUTIONS_BODY_LIMIT = 8 * 1024 * 1024;

export const tradeRoutes: FastifyPluginAsync = async (app) => {
  // Deleting trades deletes their screenshots' rows by cascade; this removes the files after commit.
  const removeFiles = (keys: readonly string[]) =>
    deleteStoredObjects({ storage: app.storage, log: (msg, err) => app.log.error({ err }, msg) }, keys);

  app.post('/api/executions', { bodyLimit: EXECUTIONS_BODY_LIMIT }, async (req) => {
    const user = requireAccess(app, req);
    const body = parseInput(addExecutionsRequestSchema, req.body);
    return addExecutions(app.db, {
      user,
      accountId: body.accountId,
      items: body.executions,
      now: app.clock.now(),
    });
  });

  app.get('/api/trades', async (req) => {
    const user = requireAccess(app, req);
    return listTrades(app.db, {
      userId: user.id,
      timeZone: user.timezone,
      query: parseInput(tradeListQuerySchema, req.query),
      orders: app.tradeOrders,
    });
  });

  // The trade filter's fields, types, labels and allowed values (the assistant builds filters from it).
  app.get('/api/trades/filter-schema', async (req) => {
    requireAccess(app, req);
    return toTradeFilterJsonSchema();
  });

  app.get('/api/trades/export.csv', async (req, reply) => {
    const user = requireAccess(app, req);
    // The trade list's filter (`filter` and its shorthands; from/to by close day in the user's timezone, open
    // trades by open day); none exports everything.
    const {
      sort: _sort,
      order: _order,
      limit: _limit,
      cursor: _cursor,
      ...query
    } = parseInput(tradeListQuerySchema, req.query);
    const filter = await toUserTradeFilter(app.db, { userId: user.id, timeZone: user.timezone, query });
    const day = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="edgebook-trades-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(streamTradesCsv(app.db, { userId: user.id, filter })));
  });

  // How many trades the list's filter selects: what the export menu says it will export.
  app.get('/api/trades/count', async (req) => {
    const user = requireAccess(app, req);
    return countTradeList(app.db, {
      userId: user.id,
      timeZone: user.timezone,
      query: parseInput(tradeListQuerySchema, req.query),
    });
  });

  // The trades of the list's filter as CSV, one row each (the export above has their executions).
  app.get('/api/trades/list.csv', async (req, reply) => {
    const user = requireAccess(app, req);
    const query = parseInput(tradeListQuerySchema, req.query);
    const day = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="edgebook-trade-list-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        Readable.from(
          streamTradeListCsv(app.db, { userId: user.id, timeZone: user.timezone, query, orders: app.tradeOrders }),
        ),
      );
  });

  app.post('/api/trades', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(manualTradeRequestSchema, req.body);
    return reply.code(201).send(await createManualTrade(app.db, { user, input, now: app.clock.now() }));
  });

  app.post('/api/trades/bulk', async (req) => {
    const user = requireAccess(app, req);
    const request = parseInput(bulkTradeRequestSchema, req.body);
    return applyBulkAction(app.db, { user, request, now: app.clock.now(), removeFiles });
  });

  app.get('/api/trades/:id', async (req) =>
    getTradeDetail(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.patch('/api/trades/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(tradePatchSchema, req.body);
    return patchTrade(app.db, { user, id: idParam(req), patch, now: app.clock.now() });
  });

  app.delete('/api/trades/:id', async (req, reply) => {
    await deleteTrade(app.db, { user: requireAccess(app, req), id: idParam(req), now: app.clock.now(), removeFiles });
    return reply.code(204).send();
  });
};
