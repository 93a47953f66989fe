import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  dateKeySchema,
  journalDayInputSchema,
  journalEntriesQuerySchema,
  journalRangeQuerySchema,
} from '../../../contracts/journal';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { getJournalDayJson, listJournalDayJson, listJournalEntryJson, saveJournalDay } from './journal.service';

const dateParamsSchema = z.object({ date: dateKeySchema });
const dateParam = (req: FastifyRequest) => parseInput(dateParamsSchema, req.params).date;

/** The daily journal: one entry (plan, review, mood) per user and calendar day. */
export const journalRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/journal/days', async (req) =>
    listJournalDayJson(app.db, {
      userId: requireAccess(app, req).id,
      query: parseInput(journalRangeQuerySchema, req.query),
    }),
  );

  app.get('/api/journal/entries', async (req) => {
    const user = requireAccess(app, req);
    return listJournalEntryJson(app.db, {
      userId: user.id,
      timeZone: user.timezone,
      query: parseInput(journalEntriesQuerySchema, req.query),
    });
  });

  app.get('/api/journal/days/:date', async (req) =>
    getJournalDayJson(app.db, { userId: requireAccess(app, req).id, date: dateParam(req) }),
  );

  app.put('/api/journal/days/:date', async (req) => {
    const user = requireAccess(app, req);
    const date = dateParam(req);
    const input = parseInput(journalDayInputSchema, req.body ?? {});
    return saveJournalDay(app.db, { userId: user.id, date, input, now: app.clock.now() });
  });
};
