import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { runCli } from './cli/cli';
import { canListenAt, CLI_SOCKET_FILE, listenForCliCommands } from './cli/cli-socket';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { schedulePgliteCheckpoints } from './jobs/pglite-checkpoint-job';
import { scheduleSubscriptionLifecycle } from './jobs/subscription-lifecycle-job';
import { failInterruptedImports } from './modules/imports/import-runner';
import { getUserById } from './modules/users/users.queries';
import { createStripeProvider } from './payments/stripe-provider';

const config = loadConfig();
let database: Database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, holder: 'server' });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(`Error: ${err.message}`);
  process.exit(1);
}
// Stripe when its keys are configured; otherwise buildApp's default, the local test checkout.
const paymentProvider = config.stripe ? createStripeProvider(config.stripe) : undefined;
const app = await buildApp({ config, database, paymentProvider, logger: true });

let stopLifecycle = () => {};
let stopCheckpoints = () => {};
let stopCliSocket = async () => {};
const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  stopLifecycle();
  stopCheckpoints();
  await stopCliSocket();
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
await listenForOperationsCommands(database);
app.log.info(
  `${config.publicConfig.brand} is running at ${config.publicConfig.baseUrl} (database: ${database.engine}${database.engine === 'pglite' ? `, data in ${config.dataDir}` : ''}; mail: ${config.smtpUrl ? 'SMTP' : 'database outbox'}; payments: ${app.paymentProvider.name})`,
);

/** `npm run cli` beside this server sends its commands here (cli/cli-socket.ts). */
async function listenForOperationsCommands({ db, dataDirLock, whenWritten }: Database): Promise<void> {
  if (!dataDirLock) return;
  const socketPath = join(resolve(config.dataDir), CLI_SOCKET_FILE);
  if (!canListenAt(socketPath)) {
    app.log.warn(`DATA_DIR's path is too long for the operations socket: npm run cli refuses while this server runs`);
    return;
  }
  stopCliSocket = await listenForCliCommands({
    socketPath,
    run: async (argv) => {
      const result = await runCli(argv, { db, now: new Date() });
      await whenWritten();
      app.log.info(`operations command: ${argv.slice(0, 2).join(' ')} (exit code ${result.exitCode})`);
      return result;
    },
  });
  dataDirLock.setSocketPath(socketPath);
}
