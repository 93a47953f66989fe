import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, TradeDetailJson, TradeJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv as importFileCsv, waitForImport, uploadImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import type { ImportPreviewJson } from '../../../contracts/imports';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

/**
 * Issue #45: position events stored by the import and applied when its trades are grouped, on the
 * engine the run uses (PGlite, or PostgreSQL with DATABASE_URL). A file of up to SYNC_ROW_LIMIT
 * rows commits in the request; a longer one in the background, in batches (the bulk path).
 */
const PASSWORD = 'long-enough-password';
const SYNC_ROW_LIMIT = 20;
let t: TestApp;
let c: TestClient;

beforeAll(async () => {
  const clock = new ManualClock();
  t = await startTestApp({
    clock,
    env: {
      IMPORT_SYNC_ROW_LIMIT: String(SYNC_ROW_LIMIT),
      IMPORT_BATCH_ROWS: '7',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
    },
  });
  await createUser(t.database.db, {
    email: 'events@example.com',
    password: PASSWORD,
    isVerified: true,
    now: clock.now(),
  });
  c = new TestClient(t.url(''));
  await c.login('events@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const SCHWAB_HEADER = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
const SCHWAB_FIXTURE = readFileSync(
  new URL('../../../../test/fixtures/import/position-events/charles-schwab.csv', import.meta.url),
  'utf8',
);

async function newAccount(name: string): Promise<string> {
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name, timezone: 'America/New_York' }));
  return account.id;
}

/** Imports a file; a long one commits in the background and is waited for. */
async function importFile(accountId: string, content: string) {
  const res = await uploadImport(c, (path) => t.url(path), { accountId, name: 'schwab.csv', content });
  expect(res.status).toBe(201);
  const preview = (await res.json()) as ImportPreviewJson;
  const done = await c.post(`/api/imports/${preview.id}/commit`, { accountId });
  if (done.status === 200) return { id: preview.id, preview };
  expect(done.status).toBe(202);
  const finished = await waitForImport(c, preview.id);
  expect(finished.status).toBe('done');
  return { id: preview.id, preview };
}

async function listTrades(accountId: string): Promise<TradeJson[]> {
  return (await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc&limit=100`)))
    .trades;
}

const bySymbol = (trades: TradeJson[], symbol: string) => trades.filter((trade) => trade.symbol === symbol);

describe('a Schwab history with a split, a reverse split by CUSIP, a name change, a reinvestment and a transfer', () => {
  let accountId: string;
  let importId: string;
  beforeAll(async () => {
    accountId = await newAccount('Schwab events');
    const done = await importFileCsv(c, (path) => t.url(path), {
      accountId,
      name: 'schwab.csv',
      content: SCHWAB_FIXTURE,
    });
    expect(done.errors).toEqual([]);
    importId = done.id;
  });

  it('holds the positions and P&L the broker does (worked by hand)', async () => {
    const trades = await listTrades(accountId);
    // NVDA: 10 @ 500, 10-for-1 → 100 @ 50, sold 100 @ 120.
    expect(bySymbol(trades, 'NVDA')).toMatchObject([{ status: 'closed', quantity: '100', netPnl: '7000' }]);
    // SCHD: 100 @ 75 and 0.88 reinvested @ 75, sold 100.88 @ 80.
    expect(bySymbol(trades, 'SCHD')).toMatchObject([{ status: 'closed', netPnl: '504.4' }]);
    // XYZ: 100 @ 2, 1-for-10 (its old line named by CUSIP) → 10 @ 20, sold at 25.
    expect(bySymbol(trades, 'XYZ')).toMatchObject([{ status: 'closed', quantity: '10', netPnl: '50' }]);
    // FB renamed META in the middle of the position: one trade, as if the symbol never changed.
    expect(bySymbol(trades, 'META')).toMatchObject([{ status: 'closed', quantity: '20', netPnl: '3000' }]);
    expect(bySymbol(trades, 'FB')).toEqual([]);
    // Journaled shares without a cost basis: held.
    expect(bySymbol(trades, 'AAPL')).toMatchObject([{ status: 'open', quantity: '5' }]);
  });

  it('lists each trade’s events in time order in its JSON', async () => {
    const trades = await listTrades(accountId);
    const detail = async (symbol: string) =>
      c.json<TradeDetailJson>(c.get(`/api/trades/${bySymbol(trades, symbol)[0]!.id}`));
    const nvda = await detail('NVDA');
    expect(nvda.events).toMatchObject([
      { kind: 'dividend', cashAmount: '4', quantityDelta: '0', sourceRow: 13 },
      { kind: 'split', ratio: '10', quantityDelta: '90', sourceRow: 6 },
    ]);
    // The fills as the file gave them: 10 @ 500 before the split, 100 @ 120 after.
    expect(nvda.executions.map((e) => [e.side, e.quantity, e.price])).toEqual([
      ['buy', '10', '500'],
      ['sell', '100', '120'],
    ]);
    const meta = await detail('META');
    expect(meta.events).toMatchObject([{ kind: 'symbolChange', fromSymbol: 'FB', toSymbol: 'META', ratio: '1' }]);
    const schd = await detail('SCHD');
    expect(schd.events.map((event) => event.kind)).toEqual(['dividend', 'reinvestment']);
    expect(schd.executions).toHaveLength(3);
  });

  it('finds a renamed position by its former symbol too', async () => {
    const found = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&symbol=FB`));
    expect(found.trades.map((trade) => trade.symbol)).toEqual(['META']);
    const searched = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&search=fb`));
    expect(searched.trades.map((trade) => trade.symbol)).toEqual(['META']);
  });

  it('counted the event rows in the preview as what they are', async () => {
    const other = await newAccount('Schwab preview');
    const res = await uploadImport(c, (path) => t.url(path), {
      accountId: other,
      name: 'schwab.csv',
      content: SCHWAB_FIXTURE,
    });
    const preview = (await res.json()) as ImportPreviewJson;
    expect(preview.summary?.events).toEqual({
      count: 7,
      text: '1 transfer, 2 dividends, 1 reinvestment, 2 splits, 1 symbol change',
      problems: [],
    });
    expect(preview.summary?.skipped).toBe(0);
  });

  it('adds nothing when the same file comes again', async () => {
    const before = await listTrades(accountId);
    const again = await importFileCsv(c, (path) => t.url(path), {
      accountId,
      name: 'schwab.csv',
      content: SCHWAB_FIXTURE,
    });
    expect(again).toMatchObject({ executionsAdded: 0, errors: [] });
    expect((await listTrades(accountId)).map((trade) => [trade.symbol, trade.netPnl, trade.quantity])).toEqual(
      before.map((trade) => [trade.symbol, trade.netPnl, trade.quantity]),
    );
  });

  it('takes the events and the fills they stood for out with the import’s undo', async () => {
    const other = await newAccount('Schwab undo');
    const done = await importFileCsv(c, (path) => t.url(path), {
      accountId: other,
      name: 'schwab.csv',
      content: SCHWAB_FIXTURE,
    });
    expect((await c.delete(`/api/imports/${done.id}`)).status).toBe(200);
    expect(await listTrades(other)).toEqual([]);
    // The first account keeps its own.
    expect(bySymbol(await listTrades(accountId), 'NVDA')).toHaveLength(1);
    expect(importId).toBeTruthy();
  });
});

describe('a reverse split that leaves a fraction, paid as cash in lieu', () => {
  it('sells the fraction for the cash and restates the rest', async () => {
    const accountId = await newAccount('Reverse split');
    const file = [
      SCHWAB_HEADER,
      '"03/01/2024","Sell","XYZ","XYZ CORP","25","$9.00","","$225.00"',
      '"02/01/2024","Cash In Lieu","XYZ","XYZ CORP","","","","$4.00"',
      '"02/01/2024","Reverse Split","XYZ","XYZ CORP","25.5","","",""',
      '"02/01/2024","Reverse Split","98389B100","XYZ CORP OLD","102","","",""',
      '"01/02/2024","Buy","XYZ","XYZ CORP","102","$2.00","","-$204.00"',
    ].join('\n');
    const done = await importFileCsv(c, (path) => t.url(path), { accountId, name: 'schwab.csv', content: file });
    expect(done.errors).toEqual([]);
    // 102 @ 2 → 25.5 @ 8; 0.5 sold for 4, 25 for 225; cost 204.
    expect(await listTrades(accountId)).toMatchObject([{ symbol: 'XYZ', status: 'closed', netPnl: '25' }]);
  });
});

describe('a split of a position the account does not hold', () => {
  it('is a problem of its row, and changes nothing', async () => {
    const accountId = await newAccount('Not held');
    const file = [
      SCHWAB_HEADER,
      '"03/01/2024","Stock Split","TSLA","TESLA INC","20","","",""',
      '"01/02/2024","Buy","AAPL","APPLE INC","10","$100.00","","-$1,000.00"',
    ].join('\n');
    const res = await uploadImport(c, (path) => t.url(path), { accountId, name: 'schwab.csv', content: file });
    const preview = (await res.json()) as ImportPreviewJson;
    expect(preview.summary?.events).toEqual({
      count: 1,
      text: '1 split',
      problems: [{ row: 2, message: 'a split of TSLA, a position the account does not hold.' }],
    });
    const done = await importFileCsv(c, (path) => t.url(path), { accountId, name: 'schwab.csv', content: file });
    expect(done.errors).toEqual([{ row: 2, message: 'a split of TSLA, a position the account does not hold.' }]);
    expect(await listTrades(accountId)).toMatchObject([{ symbol: 'AAPL', status: 'open', quantity: '10' }]);
  });
});

describe('40 reinvestments, in a file long enough to import in the background', () => {
  it('adds each to the position at its price, so the sale closes it', async () => {
    const accountId = await newAccount('Reinvestments');
    const rows: string[] = ['"12/20/2024","Sell","VTI","VANGUARD TOTAL","120","$60.00","","$7,200.00"'];
    // 40 quarters of 0.5 shares reinvested at 50, newest first as Schwab lists them.
    for (let i = 40; i >= 1; i -= 1) {
      const day = new Date(Date.UTC(2014, 0, 15 + i * 91));
      const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
      rows.push(`"${date}","Reinvest Shares","VTI","VANGUARD TOTAL","0.5","$50.00","","-$25.00"`);
    }
    rows.push('"01/02/2014","Buy","VTI","VANGUARD TOTAL","100","$50.00","","-$5,000.00"');
    expect(rows.length).toBeGreaterThan(SYNC_ROW_LIMIT);
    await importFile(accountId, [SCHWAB_HEADER, ...rows].join('\n'));
    // 100 + 40 × 0.5 = 120 @ 50, sold at 60.
    expect(await listTrades(accountId)).toMatchObject([
      { symbol: 'VTI', status: 'closed', quantity: '120', netPnl: '1200', executionCount: 42 },
    ]);
  });
});
