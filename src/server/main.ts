import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { schedulePgliteCheckpoints } from './jobs/pglite-checkpoint-job';
import { scheduleSubscriptionLifecycle } from './jobs/subscription-lifecycle-job';
import { failInterruptedImports } from './modules/imports/import-runner';
import { getUserById } from './modules/users/users.queries';
import { createStripeProvider } from './payments/stripe-provider';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Stripe when its keys are configured; otherwise buildApp's default, the local test checkout.
const paymentProvider = config.stripe ? createStripeProvider(config.stripe) : undefined;
const app = await buildApp({ config, database, paymentProvider, logger: true });

let stopLifecycle = () => {};
let stopCheckpoints = () => {};
const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  stopLifecycle();
  stopCheckpoints();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// PGlite serves one process, so an import still marked running was cut off by the last stop: its
// rows are taken out again and it is marked failed. (With PostgreSQL another instance may be
// running it.)
if (database.engine === 'pglite')
  await failInterruptedImports(database.db, {
    now: new Date(),
    loadUser: (id) => getUserById(database.db, id),
  });

await app.listen({ port: config.port, host: config.host });
stopLifecycle = scheduleSubscriptionLifecycle(app);
stopCheckpoints = schedulePgliteCheckpoints(app);
app.log.info(
  `${config.publicConfig.brand} is running at ${config.publicConfig.baseUrl} (database: ${database.engine}${database.engine === 'pglite' ? `, data in ${config.dataDir}` : ''}; mail: ${config.smtpUrl ? 'SMTP' : 'database outbox'}; payments: ${app.paymentProvider.name})`,
);
