import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp, DEFAULT_DIST_DIR } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { startControlServer } from './control-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    controlUrl: string;
  }
}

/** Starts the real server (built web app, in-memory PGlite, outbox mail, a movable clock) on a free port. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(DEFAULT_DIST_DIR, 'pages')))
    throw new Error('Browser tests need the build: run npm run build first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'edgebook-e2e-'));
  // The pages were prerendered with the default public config; the server must agree with them.
  // Rate limits are high because every test shares one IP; their behaviour is tested in the API tests.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STRIPE_SECRET_KEY: '',
    // A developer's own language-model settings must not reach the browser tests.
    LLM_BASE_URL: '',
    PORT: '3000',
    CONTACT_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    FORGOT_RATE_LIMIT: '1000',
  });
  const database = await openDatabase({ dataDir: null });
  const clock = new ManualClock();
  const app = await buildApp({ config, database, clock });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const control = await startControlServer({
    db: database.db,
    clock,
    billing: { db: database.db, clock, mailer: app.mailer, config: config.publicConfig, provider: app.paymentProvider },
  });
  project.provide('baseUrl', address);
  project.provide('controlUrl', control.url);
  return async () => {
    await control.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
