import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, readDataDirHolder } from '../db/data-dir-lock';
import { runCli, type CliResult } from './cli';
import { sendCliCommand } from './cli-socket';

const config = loadConfig();
const argv = process.argv.slice(2);

/**
 * Runs the command where it belongs: on PGlite, a running server owns the data directory, so it
 * gets the command over its socket; otherwise this process opens the database itself (holding
 * the directory meanwhile, so a server started now waits for no one and corrupts nothing).
 */
async function run(): Promise<CliResult> {
  if (!config.databaseUrl) {
    const holder = readDataDirHolder(config.dataDir);
    if (holder) {
      const refusal = new DataDirLockedError(holder, config.dataDir).message;
      if (!holder.socketPath) return { exitCode: 1, stdout: '', stderr: `Error: ${refusal}\n` };
      try {
        return await sendCliCommand(holder.socketPath, argv);
      } catch (err) {
        // It stopped in between: the directory is free now.
        if (readDataDirHolder(config.dataDir) !== null) {
          const reason = err instanceof Error ? err.message : String(err);
          return { exitCode: 1, stdout: '', stderr: `Error: could not reach it (${reason}): ${refusal}\n` };
        }
      }
    }
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, holder: 'cli' });
  } catch (err) {
    if (err instanceof DataDirLockedError) return { exitCode: 1, stdout: '', stderr: `Error: ${err.message}\n` };
    throw err;
  }
  try {
    return await runCli(argv, { db: database.db, now: new Date() });
  } finally {
    await database.close();
  }
}

const result = await run();
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
