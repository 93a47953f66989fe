import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { runCli } from './cli/cli';
import { canListenAt, CLI_SOCKET_FILE, listenForCliCommands } from './cli/cli-socket';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
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

let stopCliSocket = async () => {};
const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await stopCliSocket();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// Background work (the subscription lifecycle, PGlite's checkpoints, imports a stop cut off, mail)
// runs as jobs (jobs/registry.ts), started with the app.
await app.listen({ port: config.port, host: config.host });
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
