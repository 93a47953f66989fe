import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  addExecutionsRequestSchema,
  bulkTradeRequestSchema,
  manualTradeRequestSchema,
  positionEventPatchSchema,
  restoreTradesRequestSchema,
  tradeListQuerySchema,
  tradePatchSchema,
} from '../../../contracts/trades';
import { toFilterCatalogue, toTradeFilterJsonSchema } from '../../../core/query';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import { streamTradesCsv } from './csv-export';
import { listDeletedTrades, restoreTrades } from './deleted-trades.service';
import { setTransferCostBasis } from './position-events.service';
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
  putRuleChecks,
  toUserTradeFilter,
} from './trades.service';
import { ruleChecksRequestSchema } from '../../../contracts/playbook';

/** 10,000 fills of about 250 bytes each, with room to spare. */
const EXECUTIONS_BODY_LIMIT = 8 * 1024 * 1024;

export const tradeRoutes: FastifyPluginAsync = async (app) => {
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

  app.put('/api/trades/:id/rule-checks', async (req) => {
    const user = requireAccess(app, req);
    const checks = parseInput(ruleChecksRequestSchema, req.body);
    return putRuleChecks(app.db, { userId: user.id, id: idParam(req), checks, now: app.clock.now() });
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

  // The same fields as a catalogue (id, label, group, type, allowed values or range): the builders' source.
  app.get('/api/reports/filters', async (req) => {
    requireAccess(app, req);
    return toFilterCatalogue();
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
    return applyBulkAction(app.db, { user, request, now: app.clock.now() });
  });

  // "Recently deleted": the trades deleted in the last 30 days, restorable.
  app.get('/api/trades/deleted', async (req) =>
    listDeletedTrades(app.db, { userId: requireAccess(app, req).id, now: app.clock.now() }),
  );

  // Brings back a delete's trades by its undo token, or deleted trades by id.
  app.post('/api/trades/restore', async (req) => {
    const user = requireAccess(app, req);
    const request = parseInput(restoreTradesRequestSchema, req.body);
    return restoreTrades(app.db, { user, now: app.clock.now(), ...request });
  });

  app.get('/api/trades/:id', async (req) =>
    getTradeDetail(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.patch('/api/trades/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(tradePatchSchema, req.body);
    return patchTrade(app.db, { user, id: idParam(req), patch, now: app.clock.now() });
  });

  // A transfer in's cost basis per unit, when its file gave none (the trade dialog asks for it).
  app.patch('/api/position-events/:id', async (req) => {
    const user = requireAccess(app, req);
    const { costBasis } = parseInput(positionEventPatchSchema, req.body);
    return setTransferCostBasis(app.db, { user, id: idParam(req), costBasis, now: app.clock.now() });
  });

  // The trade goes to "Recently deleted" for 30 days; the answer's undoToken brings it back.
  app.delete('/api/trades/:id', async (req) =>
    deleteTrade(app.db, { user: requireAccess(app, req), id: idParam(req), now: app.clock.now() }),
  );
};
