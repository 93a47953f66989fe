import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runCli } from './cli';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await runCli(process.argv.slice(2), { db: database.db, now: new Date() });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
} finally {
  await database.close();
}
