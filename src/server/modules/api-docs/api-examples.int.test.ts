import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CURL_EXAMPLES } from '../../../contracts/api-examples';
import { API_TOKEN_SCOPES, type AccountJson, type CreatedApiTokenJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const run = promisify(execFile);

/** The help article's curl lines, run by bash and curl in order, as a reader would paste them. */
describe('the curl examples of the help article api-automation', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    await createUser(t.database.db, {
      email: 'curl@example.com',
      password: 'Corr3ct-horse',
      isVerified: true,
      now: new Date(),
    });
    const c = new TestClient(t.url(''));
    await c.login('curl@example.com', 'Corr3ct-horse');
    const { token } = await c.json<CreatedApiTokenJson>(
      c.post('/api/tokens', { name: 'curl', scopes: [...API_TOKEN_SCOPES] }),
    );
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
    dir = mkdtempSync(join(tmpdir(), 'edgebook-curl-'));
    env = { PATH: process.env.PATH ?? '', EDGEBOOK_URL: t.url(''), EDGEBOOK_TOKEN: token, ACCOUNT_ID: account.id };
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const outputs = new Map<string, string>();
  it.each(API_CURL_EXAMPLES.map((example) => [example.title, example.command]))('%s', async (title, command) => {
    const { stdout } = await run('bash', ['-o', 'pipefail', '-c', command], { env, cwd: dir });
    outputs.set(title, stdout);
  });

  it('did what the article says', () => {
    expect(JSON.parse(outputs.get('Send executions')!)).toMatchObject({ inserted: 2, skipped: 0 });
    const trades = JSON.parse(outputs.get('Read the trades closed in January 2025')!) as {
      trades: { symbol: string; realizedPnl: string }[];
    };
    expect(trades.trades).toHaveLength(1);
    expect(trades.trades[0]).toMatchObject({ symbol: 'AAPL' });
    expect(outputs.get('See how many requests are left this minute')).toMatch(/^ratelimit-remaining: \d+/im);
  });
});
