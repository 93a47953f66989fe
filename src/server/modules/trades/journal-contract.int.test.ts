import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitJson, ImportPreviewJson } from '../../../contracts/imports';
import type { ScreenshotListJson } from '../../../contracts/screenshots';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { makePng } from '../../../../test/helpers/images';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createUser } from '../users';

/**
 * The journal's contract (issue 31, item 2): what the trader wrote about a trade belongs to its
 * opening fill, so nothing that rebuilds trades from fills (a re-import of an overlapping file,
 * undoing an import, a late fill that splits the position) loses or changes a field of it.
 */
const PASSWORD = 'long-enough-password';
const ORIGIN = 'http://localhost:3000';
const HEADER = 'Trade Date,Ticker,Action,Shares,Fill Price,Commission';
const FIRST = [HEADER, '03/03/2025 09:31:05,AAPL,Buy,100,230.10,1.00', '03/03/2025 10:02:00,AAPL,Sell,100,232.35,1.00'];
// The first file's fills and two more of the same trade: a scale-in and a later exit.
const OVERLAPPING = [
  ...FIRST,
  '03/03/2025 09:45:00,AAPL,Buy,50,231.00,1.00',
  '03/03/2025 10:30:00,AAPL,Sell,50,233.00,1.00',
];

let t: TestApp;
let importsDir: string;
let c: TestClient;
let accountId: string;
let tradeId: string;
let journal: Record<string, unknown>;

function postForm(path: string, form: FormData): Promise<Response> {
  return fetch(t.url(path), { method: 'POST', headers: { origin: ORIGIN, cookie: c.cookie ?? '' }, body: form });
}

async function importFile(name: string, lines: readonly string[]): Promise<ImportCommitJson> {
  const form = new FormData();
  form.append('accountId', accountId);
  form.append('file', new Blob([lines.join('\n')]), name);
  const res = await postForm('/api/imports', form);
  if (res.status !== 201) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
  const preview = (await res.json()) as ImportPreviewJson;
  return c.json<ImportCommitJson>(c.post(`/api/imports/${preview.id}/commit`, { accountId }));
}

const detail = () => c.json<TradeDetailJson>(c.get(`/api/trades/${tradeId}`));
const screenshots = () => c.json<ScreenshotListJson>(c.get(`/api/trades/${tradeId}/screenshots`));

/** Every journal field as the API answers it, and the screenshots' captions. */
async function readJournal(): Promise<Record<string, unknown>> {
  const trade = await detail();
  return {
    stopPrice: trade.stopPrice,
    targetPrice: trade.targetPrice,
    riskAmount: trade.riskAmount,
    strategyId: trade.strategyId,
    tags: trade.tags.map((tag) => tag.name),
    mistakes: trade.mistakes,
    emotions: trade.emotions,
    rating: trade.rating,
    notes: trade.notes,
    screenshots: (await screenshots()).screenshots.map((shot) => shot.caption),
  };
}

beforeAll(async () => {
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-journal-contract-'));
  t = await startTestApp({ env: { IMPORTS_DIR: importsDir, LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'journal@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('journal@example.com', PASSWORD);
  accountId = (await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }))).id;
  await importFile('first.csv', FIRST);
  const list = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}`));
  tradeId = list.trades[0]!.id;

  const strategy = await c.json<{ id: string }>(c.post('/api/strategies', { name: 'Opening range' }));
  const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: 'A+ setup' }));
  const patched = await c.request('PATCH', `/api/trades/${tradeId}`, {
    stopPrice: '229.5',
    targetPrice: '235',
    initialRisk: '60',
    strategyId: strategy.id,
    tags: [tag.id],
    mistakes: ['Moved the stop'],
    emotions: ['Calm'],
    rating: 4,
    notes: '## Plan\nBuy the *retest*.',
  });
  expect(patched.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng(40, 30))], { type: 'image/png' }), 'chart.png');
  form.append('caption', 'Entry on the retest');
  expect((await postForm(`/api/trades/${tradeId}/screenshots`, form)).status).toBe(201);
  journal = await readJournal();
  expect(journal).toEqual({
    stopPrice: '229.5',
    targetPrice: '235',
    riskAmount: '60',
    strategyId: strategy.id,
    tags: ['A+ setup'],
    mistakes: ['Moved the stop'],
    emotions: ['Calm'],
    rating: 4,
    notes: '## Plan\nBuy the *retest*.',
    screenshots: ['Entry on the retest'],
  });
});

afterAll(async () => {
  await t.close();
  await rm(importsDir, { recursive: true, force: true });
});

describe('the journal of a trade', () => {
  let overlapping: ImportCommitJson;

  it('survives the re-import of an overlapping file that adds fills to the trade', async () => {
    overlapping = await importFile('overlapping.csv', OVERLAPPING);
    expect(overlapping.executionsAdded).toBe(2);
    const trade = await detail();
    expect(trade.executions).toHaveLength(4);
    expect(await readJournal()).toEqual(journal);
    // R follows the trade's new P&L on the trader's own risk.
    expect(trade.initialRisk).toBe('60');
    expect(trade.rMultiple).not.toBeNull();
  });

  it('survives undoing that import', async () => {
    expect((await c.delete(`/api/imports/${overlapping.id}`)).status).toBe(200);
    expect((await detail()).executions).toHaveLength(2);
    expect(await readJournal()).toEqual(journal);
  });

  it('stays with the opening fill when a late fill splits the position', async () => {
    // Flat at 09:50: the trade closes there, and the 10:02 sell opens a short of its own.
    const res = await c.post('/api/executions', {
      accountId,
      executions: [
        { executedAt: '2025-03-03T14:50:00.000Z', symbol: 'AAPL', side: 'sell', quantity: '100', price: '231.5' },
      ],
    });
    expect(res.status).toBe(200);
    const trade = await detail();
    expect(trade.closedAt).toBe('2025-03-03T14:50:00.000Z');
    expect(await readJournal()).toEqual(journal);
    // R of the split trade: its own P&L over the trader's risk.
    expect(Number(trade.rMultiple)).toBeCloseTo(Number(trade.netPnl) / 60, 6);
    const list = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}`));
    const other = list.trades.find((tr) => tr.id !== tradeId)!;
    expect([other.direction, other.notes, other.tags, other.strategyId]).toEqual(['short', '', [], null]);
  });
});
