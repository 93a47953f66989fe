import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson, SavedReportJson } from '../../../contracts/reports';
import type { AccountJson, ExecutionInput, TradeListJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { toFilterChips, type TradeFilter } from '../../../core/query';
import { isPdfFontEmbedded, toExpectancyText, toPdfMoney, toWinRateText } from './report-pdf';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let account: AccountJson;
let strategyId: string;
let bobStrategyId: string;
let tagId: string;

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

/** A one-share round trip: bought at 100, sold at 100 + move, with a commission on each fill. */
function roundTrip(symbol: string, closedAt: string, move: string, commission = '0.35'): ExecutionInput[] {
  const close = Date.parse(closedAt);
  return [
    {
      executedAt: new Date(close - 30 * 60_000).toISOString(),
      symbol,
      side: 'buy',
      quantity: '1',
      price: '100',
      commission,
    },
    {
      executedAt: closedAt,
      symbol,
      side: 'sell',
      quantity: '1',
      price: new Big(100).plus(move).toString(),
      commission,
    },
  ];
}

const run = (c: TestClient, body: unknown) => c.post('/api/reports/run', body);
const runJson = async (c: TestClient, body: unknown) => {
  const res = await run(c, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ReportJson;
};

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  alice = await signIn('reports-alice@example.com');
  bob = await signIn('reports-bob@example.com');
  account = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main', startingBalance: '10000' }));
  const executions = [
    ...roundTrip('AAPL', '2025-01-06T15:00:00Z', '2.10'),
    ...roundTrip('AAPL', '2025-01-07T15:00:00Z', '-1.25'),
    ...roundTrip('MSFT', '2025-01-08T15:00:00Z', '0.70'),
    ...roundTrip('MSFT', '2025-01-14T15:00:00Z', '3.333'),
    ...roundTrip('TSLA', '2025-02-03T15:00:00Z', '-4.01'),
  ];
  const res = await alice.post('/api/executions', { accountId: account.id, executions });
  expect(res.status, await res.clone().text()).toBe(200);
  strategyId = (await alice.json<{ id: string }>(alice.post('/api/strategies', { name: 'Breakout' }))).id;
  bobStrategyId = (await bob.json<{ id: string }>(bob.post('/api/strategies', { name: 'Breakout' }))).id;
  tagId = (await alice.json<{ id: string }>(alice.post('/api/tags', { name: 'A+' }))).id;
  const list = await alice.json<TradeListJson>(alice.get('/api/trades?sort=closedAt&order=asc'));
  const [first, second] = list.trades;
  await alice.request('PATCH', `/api/trades/${first!.id}`, {
    strategyId,
    tags: [tagId],
    mistakes: ['chased'],
    emotions: ['fear', 'greed'],
    rating: 4,
  });
  await alice.request('PATCH', `/api/trades/${second!.id}`, { strategyId, emotions: ['fear'] });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/reports/run', () => {
  it('answers the total of the filter with exact money and every field of a row', async () => {
    const report = await runJson(alice, { filter: {}, groupBy: 'none' });
    const list = await alice.json<TradeListJson>(alice.get('/api/trades'));
    const net = list.trades.reduce((sum, trade) => sum.plus(trade.netPnl), new Big(0));
    expect(report.total.count).toBe(5);
    expect(report.total.netPnl).toBe(net.toString());
    expect(report.total.netPnl).toBe('-2.627'); // moves 0.873 − 0.70 commission on each of 5 trades
    expect(report.total.fees).toBe('3.5');
    expect(report.total).toMatchObject({ wins: 2, losses: 2, winRate: 0.4, lowSample: true }); // MSFT +0.70 − 0.70 is breakeven;
    expect(Object.keys(report.total).sort()).toEqual(
      [
        'key',
        'label',
        'count',
        'wins',
        'losses',
        'netPnl',
        'grossPnl',
        'fees',
        'winRate',
        'winRateCi95',
        'expectancy',
        'expectancyCi95',
        'expectancyR',
        'expectancyRCi95',
        'profitFactor',
        'avgWin',
        'avgLoss',
        'avgR',
        'maxDrawdownAbs',
        'lowSample',
      ].sort(),
    );
    expect(report.groups).toHaveLength(1);
  });

  it('groups by symbol, week and month; the groups add up to the total', async () => {
    const bySymbol = await runJson(alice, { groupBy: 'symbol' });
    expect(bySymbol.groups.map((g) => [g.key, g.count, g.netPnl])).toEqual([
      ['MSFT', 2, '2.633'],
      ['AAPL', 2, '-0.55'],
      ['TSLA', 1, '-4.71'],
    ]);
    const byWeek = await runJson(alice, { groupBy: 'week' });
    expect(byWeek.groups.map((g) => [g.key, g.count])).toEqual([
      ['2025-01-06', 3],
      ['2025-01-13', 1],
      ['2025-02-03', 1],
    ]);
    const byMonth = await runJson(alice, { groupBy: 'month', tz: 'Asia/Tokyo' });
    expect(byMonth.timeZone).toBe('Asia/Tokyo');
    expect(byMonth.groups.map((g) => g.count).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('groups by the journal (read by SQL) with the same totals as the cache', async () => {
    const cached = await runJson(alice, { groupBy: 'none' });
    for (const groupBy of ['mistake', 'emotion', 'rating', 'strategy', 'tag', 'account']) {
      const report = await runJson(alice, { groupBy });
      expect(report.total, groupBy).toEqual(cached.total);
    }
    const byEmotion = await runJson(alice, { groupBy: 'emotion' });
    expect(byEmotion.groups.map((g) => [g.key, g.count])).toEqual(
      expect.arrayContaining([
        ['fear', 2],
        ['greed', 1],
        ['none', 3],
      ]),
    );
    const byRating = await runJson(alice, { groupBy: 'rating' });
    expect(byRating.groups.map((g) => [g.key, g.count])).toEqual([
      ['4', 1],
      ['none', 4],
    ]);
    const byAccount = await runJson(alice, { groupBy: 'account' });
    expect(byAccount.groups.map((g) => [g.key, g.label])).toEqual([[account.id, 'Main']]);
  });

  it('compares two filters and answers the difference', async () => {
    const report = await runJson(alice, {
      filter: { symbols: ['AAPL'] },
      compareWith: { symbols: ['MSFT'] },
      groupBy: 'side',
    });
    expect(report.total.netPnl).toBe('-0.55');
    expect(report.compare!.total.netPnl).toBe('2.633');
    expect(report.difference!.total).toMatchObject({ count: 0, netPnl: '3.183' });
    expect(report.difference!.groups.map((g) => g.key)).toEqual(['long']);
  });

  it('selects nothing for an id of another user, and never their trades', async () => {
    const report = await runJson(alice, { filter: { strategyIds: [bobStrategyId] } });
    expect(report.total.count).toBe(0);
    const own = await runJson(alice, { filter: { strategyIds: [strategyId] } });
    expect(own.total.count).toBe(2);
    const bobs = await runJson(bob, { filter: { strategyIds: [strategyId] } });
    expect(bobs.total.count).toBe(0);
    expect((await runJson(bob, {})).total.count).toBe(0);
  });

  it.each([
    [{ filter: { nope: 1 } }, 'filter'],
    [{ filter: { symbols: 'AAPL' } }, 'filter.symbols'],
    [{ filter: { netPnl: { min: 5, max: 1 } } }, 'filter.netPnl'],
    [{ filter: { from: 'yesterday' } }, 'filter.from'],
    [{ groupBy: 'planet' }, 'groupBy'],
    [{ compareWith: { side: 'up' } }, 'compareWith.side'],
    [{ tz: 'Mars/Olympus' }, 'tz'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await run(alice, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(json.fields)).toContain(field);
  });

  it('names an unknown parameter of the body and of the filter', async () => {
    const res = await run(alice, { filter: { nope: 1 }, colour: 'red' });
    const json = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(res.status).toBe(400);
    expect(JSON.stringify(json.fields)).toContain('nope');
    expect(JSON.stringify(json.fields)).toContain('colour');
  });
});

describe('saved reports', () => {
  it('saves, lists, renames, pins and deletes a report of the user only', async () => {
    const created = await alice.json<SavedReportJson>(
      alice.post('/api/reports/saved', { name: 'AAPL by week', filter: { symbols: ['AAPL'] }, groupBy: 'week' }),
    );
    expect(created).toMatchObject({ name: 'AAPL by week', groupBy: 'week', chart: 'netPnl', pinned: false });
    const list = await alice.json<{ reports: SavedReportJson[] }>(alice.get('/api/reports/saved'));
    expect(list.reports.map((r) => r.id)).toContain(created.id);

    const renamed = await alice.request('PATCH', `/api/reports/saved/${created.id}`, { name: 'Apple', pinned: true });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Apple', pinned: true, filter: { symbols: ['AAPL'] } });

    // Bob sees none of it: every way in is a 404.
    expect((await bob.json<{ reports: unknown[] }>(bob.get('/api/reports/saved'))).reports).toEqual([]);
    expect((await bob.get(`/api/reports/saved/${created.id}`)).status).toBe(404);
    expect((await bob.request('PATCH', `/api/reports/saved/${created.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await bob.delete(`/api/reports/saved/${created.id}`)).status).toBe(404);
    expect((await alice.get('/api/reports/saved/not-an-id')).status).toBe(404);

    expect((await alice.delete(`/api/reports/saved/${created.id}`)).status).toBe(204);
    expect((await alice.get(`/api/reports/saved/${created.id}`)).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x', groupBy: 'planet' }, 'groupBy'],
    [{ name: 'x', chart: 'pie' }, 'chart'],
    [{ name: 'x', filter: { quantity: { min: 'many' } } }, 'filter.quantity.min'],
    [{ name: 'x', pinned: 'yes' }, 'pinned'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await alice.post('/api/reports/saved', body);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toContain(field);
  });
});

describe('report exports', () => {
  const exportUrl = (kind: 'csv' | 'pdf', filter: unknown, groupBy: string) =>
    `/api/reports/export.${kind}?filter=${encodeURIComponent(JSON.stringify(filter))}&groupBy=${groupBy}`;

  it('writes the grouped table and the trade list as CSV, no cell a formula', async () => {
    const formula = (await alice.json<{ id: string }>(alice.post('/api/strategies', { name: '=HYPERLINK("x")' }))).id;
    const list = await alice.json<TradeListJson>(alice.get('/api/trades?sort=closedAt&order=desc'));
    await alice.request('PATCH', `/api/trades/${list.trades[0]!.id}`, { strategyId: formula });
    const res = await alice.get(exportUrl('csv', {}, 'strategy'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const report = await runJson(alice, { groupBy: 'strategy' });
    const lines = text.split('\r\n');
    expect(lines[1]).toContain('Group,Trades,Wins,Losses,"Net P&L (USD)"');
    for (const group of [...report.groups, report.total]) {
      const line = lines.find((l) => l.includes(`,${group.count},${group.wins},${group.losses},${group.netPnl},`));
      expect(line, group.label).toBeDefined();
    }
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    // The trade list follows: a header and the five closed trades.
    const listStart = lines.findIndex((l) => l.includes('Closed trades of the report'));
    expect(listStart).toBeGreaterThan(0);
    expect(lines.slice(listStart + 2).filter((l) => l !== '')).toHaveLength(5);
  });

  it('refuses a filter that does not validate, naming it', async () => {
    const res = await alice.get('/api/reports/export.csv?filter=%7B%22nope%22%3A1%7D');
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toContain('filter');
    const bad = await alice.get('/api/reports/export.pdf?groupBy=planet');
    expect(bad.status).toBe(400);
  });

  it('lists every condition of the filter in words on the PDF cover, signs such as − ≥ € drawn as they are', async () => {
    // A tag whose name has signs outside the standard PDF font's encoding.
    const special = await alice.json<{ id: string }>(alice.post('/api/tags', { name: 'Fade ≥ 2 € − late' }));
    const filter: TradeFilter = {
      from: '2025-01-01',
      to: '2025-01-31',
      weekdays: [1, 2, 3],
      entryHours: [14],
      symbols: ['AAPL', 'MSFT'],
      currencies: ['EUR', 'USD'],
      side: 'long',
      outcomes: ['win', 'breakeven'],
      netPnl: { min: '-5', max: '3' },
      holdingSeconds: { max: 7200 },
      tagsNone: [special.id],
    };
    const chips = toFilterChips(filter, {
      choices: {
        accounts: [[account.id, 'Main']],
        strategies: [[strategyId, 'Breakout']],
        tags: [
          [tagId, 'A+'],
          [special.id, 'Fade ≥ 2 € − late'],
        ],
      },
    });
    expect(chips.length).toBe(Object.keys(filter).length);
    expect(chips.map((chip) => chip.text).join(' ')).toContain('Fade ≥ 2 € − late');
    const res = await alice.get(exportUrl('pdf', filter, 'none'));
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-cover-'));
    try {
      const file = join(dir, 'report.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
      expect(isPdfFontEmbedded()).toBe(true);
      for (const chip of chips) expect(text).toContain(chip.text.replace(/\s+/g, ' '));
      expect(text).toContain('Period: 2025-01-06 to 2025-01-14');
      expect(text).not.toContain('?');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders a PDF whose text says the filter and the run API’s numbers', async () => {
    const filter = { symbols: ['AAPL', 'MSFT'] };
    const res = await alice.get(exportUrl('pdf', filter, 'symbol'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const report = await runJson(alice, { filter, groupBy: 'symbol' });
    expect(text).toContain('Edgebook report');
    expect(text).toContain('Symbols: AAPL, MSFT');
    expect(text).toContain('Period: 2025-01-06 to 2025-01-14');
    expect(text).toContain(`${report.total.count} closed trades`);
    for (const row of [...report.groups, report.total]) {
      expect(text).toContain(toPdfMoney(row.netPnl));
      expect(text).toContain(toWinRateText(row));
    }
    expect(text).toContain(toExpectancyText(report.total));
    expect(text).toContain('All 4 trades, by close time.');
    // Every page renders.
    execFileSync('pdftoppm', ['-png', '-r', '50', file, join(dir, 'page')]);
    expect(readdirSync(dir).filter((name) => name.endsWith('.png')).length).toBeGreaterThanOrEqual(2);
    if (process.env.REPORT_PDF_KEEP) writeFileSync(process.env.REPORT_PDF_KEEP, bytes);
    rmSync(dir, { recursive: true, force: true });
  });
});
