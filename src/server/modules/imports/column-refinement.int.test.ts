import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportCommitJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startLlmStandIn, type LlmReply, type LlmStandIn } from '../../../../test/helpers/llm-stand-in';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

/**
 * The optional language model over real HTTP: a loopback stand-in for an OpenAI-compatible API
 * refines the columns the detector is unsure of; any failure leaves the detector's answer.
 */

const PASSWORD = 'long-enough-password';
const API_KEY = 'sk-test-refinement-key';
/** The model's time limit: one no answer meets on a slow machine, and the least, against one that never answers. */
const TIMEOUT_MS = 60_000;
const HASTY_TIMEOUT_MS = 500;
/** Longer than any test runs (the stand-in's timers end at its close). */
const HANG_MS = 600_000;

/**
 * "When" (a date, 0.55) and "Blorp" (taken for an amount, 0.44) are unsure; "Zed" is an unsure
 * ignore holding an account-like number. Ticker, Side, Qty and Price are sure.
 */
const FILE = [
  'When,Ticker,Side,Qty,Price,Blorp,Zed',
  '2025-03-03 09:31:05,AAPL,Buy,100,230.10,1.00,U1234567',
  '2025-03-03 10:02:00,AAPL,Sell,100,231.50,1.25,U1234567',
].join('\n');

const MODEL_ANSWER = JSON.stringify({
  columns: [
    { index: 0, role: 'date', confidence: 0.95 },
    { index: 5, role: 'commission', confidence: 0.9 },
    { index: 6, role: 'account', confidence: 0.8 },
  ],
});

let standIn: LlmStandIn;
let withModel: TestApp;
let withHastyModel: TestApp;
let withoutModel: TestApp;
let importsDir: string;
let users = 0;

async function startApp(env: Record<string, string>): Promise<TestApp> {
  return startTestApp({
    clock: new ManualClock(),
    env: {
      IMPORTS_DIR: importsDir,
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      ...env,
    },
  });
}

beforeAll(async () => {
  standIn = await startLlmStandIn();
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-refine-'));
  withModel = await startApp({
    LLM_BASE_URL: standIn.baseUrl,
    LLM_API_KEY: API_KEY,
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  withHastyModel = await startApp({
    LLM_BASE_URL: standIn.baseUrl,
    LLM_API_KEY: API_KEY,
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: String(HASTY_TIMEOUT_MS),
  });
  // A key and model without a base URL: no provider.
  withoutModel = await startApp({ LLM_BASE_URL: '', LLM_API_KEY: API_KEY, LLM_MODEL: 'test-model' });
});
afterAll(async () => {
  await withModel.close();
  await withHastyModel.close();
  await withoutModel.close();
  await standIn.close();
  await rm(importsDir, { recursive: true, force: true });
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.setReply({ kind: 'answer', content: MODEL_ANSWER });
});

type Session = { c: TestClient; t: TestApp; accountId: string };

async function signIn(t: TestApp): Promise<Session> {
  users += 1;
  const email = `refiner${users}@example.com`;
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main', timezone: 'America/New_York' }));
  return { c, t, accountId: account.id };
}

async function upload(s: Session, content = FILE): Promise<ImportPreviewJson> {
  const form = new FormData();
  form.append('accountId', s.accountId);
  form.append('file', new Blob([content]), 'trades.csv');
  const res = await fetch(s.t.url('/api/imports'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...(s.c.cookie ? { cookie: s.c.cookie } : {}) },
    body: form,
  });
  if (res.status !== 201) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportPreviewJson;
}

async function commit(s: Session, id: string): Promise<ImportCommitJson> {
  const res = await s.c.post(`/api/imports/${id}/commit`, { accountId: s.accountId });
  if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportCommitJson;
}

const columnOf = (preview: ImportPreviewJson, header: string) =>
  preview.detected.columns.find((c) => c.header === header);

/** The columns the model was shown: the user message is JSON. */
function columnsAsked(body: unknown): unknown {
  const messages = (body as { messages?: { role: string; content: string }[] }).messages ?? []; // the client's request shape
  const user = messages.find((m) => m.role === 'user');
  return user ? (JSON.parse(user.content) as { columns: unknown }).columns : undefined;
}

describe('language-model column refinement', () => {
  it("gives an unrecognisable column the model's role, and the commit uses it", async () => {
    const s = await signIn(withModel);
    const preview = await upload(s);
    expect(columnOf(preview, 'Blorp')).toMatchObject({
      role: 'commission',
      confidence: 0.9,
      needsUserChoice: false,
      source: 'language-model',
    });
    expect(columnOf(preview, 'When')).toMatchObject({ role: 'date', source: 'language-model' });
    expect(columnOf(preview, 'Zed')).toMatchObject({ role: 'account', source: 'language-model' });
    expect(columnOf(preview, 'Ticker')).toMatchObject({ role: 'symbol', source: 'detector' });
    expect(preview.preview.executions[0]).toMatchObject({ symbol: 'AAPL', commission: '1' });
    expect(standIn.requests).toHaveLength(1);

    // A later preview applies the kept suggestions without asking again.
    const remapped = await s.c.json<ImportPreviewJson>(
      s.c.post(`/api/imports/${preview.id}/preview`, { timezone: 'America/Chicago' }),
    );
    expect(columnOf(remapped, 'Blorp')).toMatchObject({ role: 'commission', source: 'language-model' });
    expect(standIn.requests).toHaveLength(1);

    expect(await commit(s, preview.id)).toMatchObject({ executionsAdded: 2, errors: [] });
    const trades = await s.c.json<TradeListJson>(s.c.get(`/api/trades?accountId=${s.accountId}`));
    expect(trades.trades).toHaveLength(1);
    expect(Number(trades.trades[0]?.commission)).toBeCloseTo(2.25);
    expect(standIn.requests).toHaveLength(1);
  });

  it("sends only the unsure columns' headers and masked samples, with the key", async () => {
    const s = await signIn(withModel);
    await upload(s);
    const [request] = standIn.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    expect(columnsAsked(request?.body)).toEqual([
      { index: 0, header: 'When', samples: ['2025-03-03 09:31:05', '2025-03-03 10:02:00'] },
      { index: 5, header: 'Blorp', samples: ['1.00', '1.25'] },
      { index: 6, header: 'Zed', samples: ['U#######'] },
    ]);
    // Nothing of the sure columns, and no account number.
    for (const text of ['Ticker', 'AAPL', '230.10', '231.50', '1234567']) expect(request?.text).not.toContain(text);
  });

  it('lets the user override a suggested role', async () => {
    const s = await signIn(withModel);
    const preview = await upload(s);
    const remapped = await s.c.json<ImportPreviewJson>(
      s.c.post(`/api/imports/${preview.id}/preview`, { mapping: { columns: [{ index: 5, role: 'fees' }] } }),
    );
    expect(columnOf(remapped, 'Blorp')).toMatchObject({ role: 'fees', source: 'user' });
    expect(columnOf(remapped, 'When')).toMatchObject({ role: 'date', source: 'language-model' });
  });

  it.each<[string, LlmReply]>([
    ['an HTTP 500', { kind: 'status', status: 500, body: '{"error":{"message":"overloaded"}}' }],
    ['an answer that is not JSON', { kind: 'answer', content: 'Blorp is probably a commission.' }],
    ['unknown roles', { kind: 'answer', content: '{"columns":[{"index":5,"role":"fee","confidence":0.99}]}' }],
    [
      'a role a sure column holds',
      { kind: 'answer', content: '{"columns":[{"index":5,"role":"price","confidence":0.99}]}' },
    ],
    [
      'unsure suggestions',
      { kind: 'answer', content: '{"columns":[{"index":5,"role":"commission","confidence":0.4}]}' },
    ],
    ['a body that is not a completion', { kind: 'raw', body: '<html>Bad gateway</html>' }],
    ['no answer in time', { kind: 'hang', ms: HANG_MS }],
  ])("keeps the detector's roles on %s, and the import still works", async (_, reply) => {
    standIn.setReply(reply);
    // Were the upload to wait for the answer that never comes, the test's timeout would report it.
    const s = await signIn(reply.kind === 'hang' ? withHastyModel : withModel);
    const preview = await upload(s);
    // A server error is tried once more (within the same time budget); every other answer is final.
    expect(standIn.requests).toHaveLength(reply.kind === 'status' ? 2 : 1);
    expect(columnOf(preview, 'Blorp')).toMatchObject({ role: 'amount', needsUserChoice: true, source: 'detector' });
    expect(preview.detected.columns.every((c) => c.source === 'detector')).toBe(true);
    expect(await commit(s, preview.id)).toMatchObject({ executionsAdded: 2 });
  });

  it('asks nothing when every column is sure', async () => {
    const s = await signIn(withModel);
    const preview = await upload(s, 'Date,Ticker,Side,Qty,Price\n2025-03-03,AAPL,Buy,100,230.10\n');
    expect(preview.detected.columns.every((c) => c.source === 'detector')).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });

  it('makes no request when no provider is configured', async () => {
    const s = await signIn(withoutModel);
    const preview = await upload(s);
    expect(standIn.requests).toHaveLength(0);
    expect(columnOf(preview, 'Blorp')).toMatchObject({ role: 'amount', needsUserChoice: true, source: 'detector' });
    expect(await commit(s, preview.id)).toMatchObject({ executionsAdded: 2 });
  });
});
