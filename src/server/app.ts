import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { findRouteContract, PUBLIC_API_V1_PREFIX } from '../contracts/routes';
import { systemClock, type Clock } from './clock';
import { listRecentlySeenUserIds } from './auth/sessions';
import type { ServerConfig } from './config';
import type { Database, Db, DbEngine } from './db/client';
import { AppError } from './errors';
import { createAppJobQueue, type AppJobQueue } from './jobs/registry';
import { createMailer, type Mailer } from './mail/mailer';
import { createSecretBox, loadOrCreateKeyFile, type SecretBox } from './crypto/secret-box';
import { twoFactorRoutes } from './modules/two-factor';
import { apiDocsRoutes } from './modules/api-docs';
import { authRoutes } from './modules/auth';
import { billingRoutes } from './modules/billing';
import { createLocalProvider } from './payments/local-provider';
import type { PaymentProvider } from './payments/provider';
import { authPlugin } from './plugins/auth';
import { accountRoutes } from './modules/accounts';
import { apiTokenAuthPlugin, apiTokenRoutes } from './modules/api-tokens';
import { strategyRoutes } from './modules/strategies';
import { playbookRoutes } from './modules/playbook';
import { tagRoutes } from './modules/tags';
import { sampleDataRoutes } from './modules/sample-data';
import { importRoutes } from './modules/imports';
import { createTradeOrderCache, tradeRoutes, type TradeOrderCache } from './modules/trades';
import { profileRoutes } from './modules/profile';
import { screenshotRoutes } from './modules/screenshots';
import { journalRoutes } from './modules/journal';
import { reportRoutes } from './modules/reports';
import { reconciliationRoutes } from './modules/reconciliation';
import { fxRateRoutes } from './modules/fx-rates';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/object-storage';
import { contactRoutes } from './modules/contact';
import { healthRoutes } from './modules/health';
import { loadSitePages, markBuildInUse, siteRoutes } from './modules/site';
import { buildContentSecurityPolicy } from './security-headers';
import {
  analyticsDemoRoutes,
  analyticsRoutes,
  closeMonteCarloPool,
  createDbTradeFactsSource,
  createTradeFactsCache,
  type TradeFactsCache,
} from './modules/analytics';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Db;
    dbEngine: DbEngine;
    mailer: Mailer;
    clock: Clock;
    paymentProvider: PaymentProvider;
    /** Where screenshots' bytes live (local disk or S3-compatible). */
    storage: ObjectStorage;
    /** Each user's closed trades in memory for the analytics, checked against the database per request. */
    analyticsCache: TradeFactsCache;
    /** The trade list's orders by the sort columns without an index, per user, filter and data version. */
    tradeOrders: TradeOrderCache;
    /** Durable background jobs (jobs/registry.ts): `app.jobs.send(name, payload)`. */
    jobs: AppJobQueue;
    /** Seals stored secrets (two-factor seeds) with AES-256-GCM under a key id. */
    secretBox: SecretBox;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Trade list orders kept at most (each a user, filter and sort column; see trade-order-cache.ts). */
const TRADE_ORDERS_KEPT = 64;
/** Whose analytics load at start-up: users seen in the last week, the most recent this many. */
const WARM_SEEN_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;
const WARM_USERS = 100;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The build output; DIST_DIR moves it (parallel builds). */
export const DEFAULT_DIST_DIR = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');

export type BuildAppParams = {
  config: ServerConfig;
  database: Database;
  /** The build output with the prerendered pages; null serves the API only (unit and API tests). */
  distDir?: string | null;
  mailer?: Mailer;
  clock?: Clock;
  /** Defaults to the local test checkout; main.ts passes Stripe when it is configured. */
  paymentProvider?: PaymentProvider;
  /** Defaults to the storage the config names. */
  storage?: ObjectStorage;
  logger?: boolean;
  /** Told of every route as it is registered (the API contract test lists them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
};

/**
 * ENCRYPTION_KEYS when set; else the key file in DATA_DIR (made on first start), or under
 * NODE_ENV=test a key that lives as long as the process (tests never reopen what they sealed).
 */
function toEncryptionKeys(config: ServerConfig) {
  if (config.encryptionKeys) return config.encryptionKeys;
  if (config.env === 'test') return [{ id: 'test', key: randomBytes(32) }];
  return loadOrCreateKeyFile(join(config.dataDir, 'secret.key'));
}

/** A configured Fastify instance that has not started listening (tests call it directly). */
export async function buildApp(params: BuildAppParams): Promise<FastifyInstance> {
  const { config, database } = params;
  const app = Fastify({
    logger: params.logger ? { level: 'info' } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (params.onRoute) app.addHook('onRoute', params.onRoute);
  // The public API is also served under /api/v1/… (same handlers and hooks): scripts pin the version.
  app.addHook('onRoute', function addVersionedAlias(route) {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith(PUBLIC_API_V1_PREFIX)) return;
    if (!methods.some((m) => findRouteContract(m, url)?.scope)) return;
    this.route({ ...route, url: `${PUBLIC_API_V1_PREFIX}${url.slice('/api/'.length)}` });
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  // A write is answered once it would survive the process being killed (PGlite queues its file
  // writes on a thread of their own): "saved" means kept. Reads and failures wait for nothing.
  app.addHook('onSend', async (req, reply) => {
    if (WRITE_METHODS.has(req.method) && reply.statusCode < 400) await database.whenWritten();
  });
  const clock = params.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('secretBox', createSecretBox(toEncryptionKeys(config)));
  app.decorate('storage', params.storage ?? createStorage(config));
  app.decorate('paymentProvider', params.paymentProvider ?? createLocalProvider({ db: database.db, clock }));
  const jobs = createAppJobQueue(app);
  app.decorate('jobs', jobs);
  // Workers and schedules start once every route and service is in place, and stop before they go.
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  app.decorate(
    'mailer',
    params.mailer ??
      createMailer({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        enqueueDelivery: (outboxId) => jobs.send('mail-deliver', { outboxId }),
        log: (msg, err) => app.log.error({ err }, msg),
      }),
  );

  await app.register(helmet, {
    contentSecurityPolicy: { directives: buildContentSecurityPolicy(config.publicConfig) },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over https; on plain-http localhost it would be ignored or harmful.
    strictTransportSecurity: config.publicConfig.baseUrl.startsWith('https:'),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Brotli at a low quality: most of its gain for a fraction of the CPU. Built assets are precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      message: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof AppError) {
      if (err.options.retryAfterSeconds !== undefined) reply.header('retry-after', err.options.retryAfterSeconds);
      // An expected 500 (a crashed or overrunning worker) still tells the operator what failed.
      if (err.status === 500) req.log.error({ err }, err.message);
      return reply.code(err.status).send(err.toBody());
    }
    const status = err.statusCode;
    if (status === 429) return reply.code(429).send({ error: 'RATE_LIMITED', message: err.message });
    if (status && status >= 400 && status < 500) {
      const code =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 || status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND';
      return reply.code(status).send({ error: code, message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(apiTokenAuthPlugin);
  app.decorate(
    'analyticsCache',
    createTradeFactsCache({
      source: createDbTradeFactsSource(database.db, database.engine, {
        snapshotFromTrades: config.analyticsSnapshotMinTrades,
        onSnapshotError: (err) => app.log.warn({ err }, 'storing an analytics snapshot failed'),
      }),
      maxTrades: config.analyticsCacheMaxTrades,
    }),
  );
  app.decorate(
    'tradeOrders',
    createTradeOrderCache({ maxEntries: TRADE_ORDERS_KEPT, maxIds: config.tradeListCacheMaxTrades }),
  );
  // After any successful write of a signed-in user, their analytics reload in the background
  // (when in use), so the dashboard they open next is answered from memory.
  app.addHook('onResponse', async (req, reply) => {
    if (req.user && reply.statusCode < 400 && WRITE_METHODS.has(req.method)) app.analyticsCache.refresh(req.user.id);
  });
  app.addHook('onClose', async () => app.analyticsCache.close());
  // After a (re)start, the analytics of the users active in the last week load in the background,
  // so their first dashboard is answered from memory.
  app.addHook('onReady', async () => {
    const now = clock.now();
    listRecentlySeenUserIds(database.db, {
      since: new Date(now.getTime() - WARM_SEEN_WITHIN_MS),
      now,
      limit: WARM_USERS,
    })
      .then((userIds) => app.analyticsCache.warm(userIds))
      .catch((err: unknown) => app.log.warn({ err }, 'warming the analytics cache failed'));
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(billingRoutes);
  await app.register(contactRoutes);
  await app.register(accountRoutes);
  await app.register(tradeRoutes);
  await app.register(playbookRoutes);
  await app.register(analyticsRoutes);
  // NOTE: the Monte Carlo workers are shared by the process and started on first use; closing the app stops them.
  app.addHook('onClose', () => closeMonteCarloPool());
  await app.register(analyticsDemoRoutes);
  await app.register(reportRoutes);
  await app.register(importRoutes);
  await app.register(profileRoutes);
  await app.register(reconciliationRoutes);
  await app.register(fxRateRoutes);
  await app.register(screenshotRoutes);
  await app.register(journalRoutes);
  await app.register(tagRoutes);
  await app.register(sampleDataRoutes);
  await app.register(strategyRoutes);
  await app.register(apiTokenRoutes);
  await app.register(apiDocsRoutes);

  const named = params.distDir === undefined ? DEFAULT_DIST_DIR : params.distDir;
  // DIST_DIR links to the latest build (scripts/build-output.mjs): followed once, so a build made
  // while this server runs does not change the files under it.
  const distDir = named && existsSync(named) ? realpathSync(named) : named;
  if (distDir) {
    const release = markBuildInUse(distDir);
    app.addHook('onClose', async () => release());
  }
  const pages = distDir ? loadSitePages(distDir, config.publicConfig.baseUrl) : null;
  if (distDir && pages) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'web'),
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  await app.register(siteRoutes(pages));
  return app;
}
