import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitJson, ImportPreviewJson } from '../contracts/imports';
import type { AccountJson, TagJson, TradeJson, TradeListJson } from '../contracts/trades';
import type { ErrorBody } from './errors';
import { createUser } from './modules/users';
import { TestClient } from '../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

// Issue 41 item 2: each of these answered 500 INTERNAL before the contracts' input policy.

const PASSWORD = 'long-enough-password';
// The policy's upper bound is a year after the moment of the request (the wall clock).
const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
let t: TestApp;
let importsDir: string;
let c: TestClient;
let accountId: string;
let trade: TradeJson;

const NUL = '\u0000';
const digits = (n: number) => '9'.repeat(n);

beforeAll(async () => {
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-policy-imports-'));
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000', IMPORTS_DIR: importsDir } });
  await createUser(t.database.db, {
    email: 'policy@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('policy@example.com', PASSWORD);
  accountId = (await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }))).id;
  const created = await c.post('/api/trades', {
    accountId,
    symbol: 'AAPL',
    direction: 'long',
    quantity: '10',
    entryPrice: '100',
    entryAt: '2025-03-03T14:30:00Z',
    exitPrice: '101',
    exitAt: '2025-03-03T15:30:00Z',
  });
  expect(created.status).toBe(201);
  trade = (await created.json()) as TradeJson;
});
afterAll(async () => {
  await t.close();
  await rm(importsDir, { recursive: true, force: true });
});

/** Expects a 400 VALIDATION_ERROR whose `fields` names `field`. */
async function expectFieldError(res: Response, field: string): Promise<void> {
  const body = (await res.json()) as ErrorBody;
  expect({ status: res.status, error: body.error }).toEqual({ status: 400, error: 'VALIDATION_ERROR' });
  expect(Object.keys(body.fields ?? {})).toContain(field);
}

const manualTrade = (overrides: Record<string, unknown>) => ({
  accountId,
  symbol: 'MSFT',
  direction: 'long',
  quantity: '1',
  entryPrice: '10',
  entryAt: '2025-03-04T14:30:00Z',
  ...overrides,
});

/** A cursor for the symbol sort whose value carries `value`. */
const symbolCursor = (value: string) =>
  Buffer.from(JSON.stringify({ s: 'symbol', o: 'asc', v: value, k: trade.id })).toString('base64url');

describe('the input policy', () => {
  it.each([
    ['trade notes', () => c.request('PATCH', `/api/trades/${trade.id}`, { notes: `a${NUL}b` }), 'notes'],
    ['an account name', () => c.post('/api/accounts', { name: `A${NUL}` }), 'name'],
    ['an account rename', () => c.request('PATCH', `/api/accounts/${accountId}`, { name: `A${NUL}` }), 'name'],
    ['a tag name', () => c.post('/api/tags', { name: `t${NUL}` }), 'name'],
    ['a journal plan', () => c.request('PUT', '/api/journal/days/2025-03-03', { plan: `p${NUL}` }), 'plan'],
    ['the symbol query', () => c.get('/api/trades?symbol=A%00B'), 'symbol'],
    ['a cursor', () => c.get(`/api/trades?sort=symbol&order=asc&cursor=${symbolCursor(`A${NUL}`)}`), 'cursor'],
  ])('refuses a NUL character in %s with a 400 naming the field', async (_what, send, field) => {
    await expectFieldError(await send(), field);
  });

  it.each([
    ['stopPrice', () => c.request('PATCH', `/api/trades/${trade.id}`, { stopPrice: digits(50) }), 'stopPrice'],
    ['initialRisk', () => c.request('PATCH', `/api/trades/${trade.id}`, { initialRisk: digits(50) }), 'initialRisk'],
    ['startingBalance', () => c.post('/api/accounts', { name: 'Big', startingBalance: digits(60) }), 'startingBalance'],
    [
      'defaultRiskAmount',
      () => c.request('PATCH', '/api/auth/user', { defaultRiskAmount: digits(60) }),
      'defaultRiskAmount',
    ],
    ['a manual stopPrice', () => c.post('/api/trades', manualTrade({ stopPrice: digits(50) })), 'stopPrice'],
    ['a fill price', () => c.post('/api/trades', manualTrade({ entryPrice: digits(30) })), 'entryPrice'],
  ])('refuses a decimal too large for its column (%s) with a 400 naming the field', async (_what, send, field) => {
    await expectFieldError(await send(), field);
  });

  it('refuses a decimal with more places than its column keeps', async () => {
    await expectFieldError(await c.post('/api/trades', manualTrade({ entryPrice: '1.123456789' })), 'entryPrice');
  });

  it.each(['0000-01-01', '1969-12-31', dayFromNow(368)])(
    'refuses the journal day %s with a 400 naming date',
    async (day) => {
      await expectFieldError(await c.request('PUT', `/api/journal/days/${day}`, { plan: 'x' }), 'date');
    },
  );

  it.each(['0001-03-04T14:30:00Z', '1900-03-04T14:30:00Z', '2100-03-04T14:30:00Z', '9999-12-31T00:00:00Z'])(
    'refuses a manual trade entered at %s',
    async (entryAt) => {
      await expectFieldError(await c.post('/api/trades', manualTrade({ entryAt })), 'entryAt');
    },
  );

  it('refuses a fill dated before 1970 through /api/executions, naming its place', async () => {
    const res = await c.post('/api/executions', {
      accountId,
      executions: [{ executedAt: '0001-03-04T14:30:00Z', symbol: 'X', side: 'buy', quantity: '1', price: '1' }],
    });
    await expectFieldError(res, 'executions.0.executedAt');
  });

  it('refuses a fill more than a year ahead', async () => {
    const entryAt = `${dayFromNow(368)}T00:00:00Z`;
    await expectFieldError(await c.post('/api/trades', manualTrade({ entryAt })), 'entryAt');
  });

  it('accepts the bounds: 1970, and a year from now', async () => {
    const early = await c.post('/api/trades', manualTrade({ entryAt: '1970-01-02T00:00:00Z' }));
    expect(early.status).toBe(201);
    const late = await c.post('/api/trades', manualTrade({ symbol: 'IBM', entryAt: `${dayFromNow(360)}T00:00:00Z` }));
    expect(late.status).toBe(201);
    expect((await c.request('PUT', `/api/journal/days/${dayFromNow(360)}`, { plan: 'ahead' })).status).toBe(200);
  });

  it('keeps line breaks and tabs in notes', async () => {
    const res = await c.request('PATCH', `/api/trades/${trade.id}`, { notes: 'one\n\ttwo\r\nthree' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TradeJson).notes).toBe('one\n\ttwo\r\nthree');
  });

  it('leaves nothing stored by a refused write', async () => {
    const tags = await c.json<{ tags: TagJson[] }>(c.get('/api/tags'));
    expect(tags.tags.map((tag) => tag.name)).toEqual([]);
  });
});

describe('the import under the input policy', () => {
  const header =
    'trade_id,account,executed_at,symbol,asset_class,side,quantity,price,commission,fees,multiplier,currency,' +
    'broker_exec_id,fingerprint,stop_price,target_price,risk_amount,strategy,tags,mistakes,emotions,rating,notes';
  const fill = (when: string, symbol: string, journal: string) =>
    `t-${symbol},Main,${when},${symbol},stock,buy,10,100,0,0,1,USD,,,${journal}`;

  it('shows a 60-digit stop price and a fill dated 1900 as row problems at preview, and adds the rest', async () => {
    const csv = [
      header,
      fill('2025-03-03T14:30:00.000Z', 'AAPL', `${digits(60)},,,,,,,,`),
      fill('2025-03-04T14:30:00.000Z', 'MSFT', ',,,,,,,,"fine notes"'),
      fill('1900-03-05T14:30:00.000Z', 'IBM', ',,,,,,,,'),
      fill('2025-03-06T14:30:00.000Z', 'ORCL', ',,,,"[""a\\u0000b""]",,,,'),
    ].join('\n');
    const importAccount = (await c.json<AccountJson>(c.post('/api/accounts', { name: 'Imported', timezone: 'UTC' })))
      .id;
    const form = new FormData();
    form.append('file', new Blob([csv]), 'edgebook.csv');
    const uploaded = await fetch(t.url('/api/imports'), {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: c.cookie ?? '' },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const preview = (await uploaded.json()) as ImportPreviewJson;
    expect(preview.detected.broker).toBe('Edgebook');
    const problems = preview.preview.problems;
    expect(problems.map((p) => p.row)).toEqual([2, 4, 5]);
    expect(problems[0]?.message).toContain('stop_price');
    expect(problems[1]?.message).toContain('1900-03-05');
    expect(problems[2]?.message).toContain('tags holds a control character');

    const committed = await c.post(`/api/imports/${preview.id}/commit`, { accountId: importAccount });
    expect(committed.status, await committed.clone().text()).toBe(200);
    const result = (await committed.json()) as ImportCommitJson;
    expect(result).toMatchObject({ status: 'done', executionsAdded: 1 });
    expect(result.errors.map((e) => e.row)).toEqual([2, 4, 5]);
    const list = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${importAccount}`));
    expect(list.trades.map((trade) => [trade.symbol, trade.notes])).toEqual([['MSFT', 'fine notes']]);
  });
});
