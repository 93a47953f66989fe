import type { FastifyPluginAsync } from 'fastify';
import { fxRatesFetchSchema } from '../../../contracts/fx-rates';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { AppError } from '../../errors';
import { fetchFxRates, listFxRatesJson, saveFxRatesCsv } from './fx-rates.service';

const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** The user's exchange-rate table (issue 42 item 2): uploaded as CSV or fetched from a provider. */
export const fxRateRoutes: FastifyPluginAsync = async (app) => {
  // Only in this plugin's scope: the upload is the CSV itself.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get('/api/fx-rates', async (req) => listFxRatesJson(app.db, requireAccess(app, req).id));

  app.post('/api/fx-rates', async (req, reply) => {
    const user = requireAccess(app, req);
    if (typeof req.body !== 'string')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the rates as a text/csv body: date,from,to,rate.');
    return reply.code(201).send(await saveFxRatesCsv(app.db, { userId: user.id, csv: req.body }));
  });

  app.post('/api/fx-rates/fetch', async (req, reply) => {
    const user = requireAccess(app, req);
    const query = parseInput(fxRatesFetchSchema, req.body);
    return reply
      .code(201)
      .send(await fetchFxRates(app.db, { userId: user.id, baseUrl: app.config.fxRatesUrl, ...query }));
  });
};
