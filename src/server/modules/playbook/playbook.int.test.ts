import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaybookJson, RuleEffectsJson, RuleJson } from '../../../contracts/playbook';
import type {
  AccountJson,
  AddExecutionsJson,
  StrategyJson,
  TradeDetailJson,
  TradeListJson,
} from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

/** The playbook over HTTP (issue #33): strategies and rules, rule checks on trades, what each is worth. */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;
let bob: TestClient;
let accountId: string;

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

let nextDay = 0;

/** Closed AAPL round trips with these net P&Ls (one share, no fees), a day apart after the last ones; their ids in order. */
async function addTrades(pnls: readonly number[]): Promise<string[]> {
  const start = Date.UTC(2025, 0, 6, 15) + nextDay * 86_400_000;
  nextDay += pnls.length;
  const fills = pnls.flatMap((pnl, i) => [
    {
      executedAt: new Date(start + i * 86_400_000).toISOString(),
      symbol: 'AAPL',
      side: 'buy',
      quantity: '1',
      price: '100',
    },
    {
      executedAt: new Date(start + i * 86_400_000 + 600_000).toISOString(),
      symbol: 'AAPL',
      side: 'sell',
      quantity: '1',
      price: String(100 + pnl),
    },
  ]);
  const added = await c.json<AddExecutionsJson>(c.post('/api/executions', { accountId, executions: fills }));
  const list = await c.json<TradeListJson>(c.get('/api/trades?sort=openedAt&order=asc&limit=500'));
  expect(added.trades.length).toBeGreaterThan(0);
  return list.trades.slice(-pnls.length).map((trade) => trade.id);
}

const createStrategy = (body: Record<string, unknown>) => c.json<StrategyJson>(c.post('/api/strategies', body));
const addRule = (strategyId: string, phase: string, text: string) =>
  c.json<RuleJson>(c.post(`/api/strategies/${strategyId}/rules`, { phase, text }));
const check = (tradeId: string, checks: { ruleId: string; state: string | null }[]) =>
  c.request('PUT', `/api/trades/${tradeId}/rule-checks`, checks);
const listIds = async (filter: unknown) =>
  (
    await c.json<TradeListJson>(
      c.get(`/api/trades?sort=openedAt&order=asc&filter=${encodeURIComponent(JSON.stringify(filter))}`),
    )
  ).trades.map((trade) => trade.id);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  c = await signIn('trader@example.com');
  bob = await signIn('bob@example.com');
  accountId = (await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }))).id;
}, 120_000);
afterAll(() => t.close());

describe('strategies', () => {
  it('keeps every field, archives, duplicates with its rules, and deletes only once its trade count is confirmed', async () => {
    const created = await createStrategy({
      name: 'Opening range breakout',
      description: '**First 15 minutes** range',
      assetClasses: ['stock', 'future'],
      timeframe: '5m',
      entryCriteria: 'Close above the range',
      exitCriteria: '2R or the close',
      riskRules: 'Stop under the range; 1 % risk',
      color: '#16A34A',
    });
    expect(created).toMatchObject({
      assetClasses: ['stock', 'future'],
      color: '#16a34a',
      archived: false,
      tradeCount: 0,
    });
    await addRule(created.id, 'setup', 'Range under 1 ATR');
    await addRule(created.id, 'entry', 'Volume above average');

    const archived = await c.json<StrategyJson>(
      c.request('PATCH', `/api/strategies/${created.id}`, { archived: true }),
    );
    expect(archived.archived).toBe(true);
    expect((await c.request('PATCH', `/api/strategies/${created.id}`, { color: 'green' })).status).toBe(400);

    const copy = await c.json<StrategyJson>(c.post(`/api/strategies/${created.id}/duplicate`));
    expect(copy).toMatchObject({ name: 'Opening range breakout (copy)', timeframe: '5m', archived: false });
    const copied = await c.json<{ rules: RuleJson[] }>(c.get(`/api/strategies/${copy.id}`));
    expect(copied.rules.map((rule) => [rule.phase, rule.text])).toEqual([
      ['setup', 'Range under 1 ATR'],
      ['entry', 'Volume above average'],
    ]);
    expect((await c.json<StrategyJson>(c.post(`/api/strategies/${created.id}/duplicate`))).name).toBe(
      'Opening range breakout (copy 2)',
    );

    const [tradeId] = await addTrades([5]);
    await c.request('PATCH', `/api/trades/${tradeId}`, { strategyId: copy.id });
    const refused = await c.request('DELETE', `/api/strategies/${copy.id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain('has 1 trade');
    expect((await c.request('DELETE', `/api/strategies/${copy.id}?confirmTrades=2`)).status).toBe(409);
    expect((await c.request('DELETE', `/api/strategies/${copy.id}?confirmTrades=1`)).status).toBe(204);
    expect((await c.json<TradeDetailJson>(c.get(`/api/trades/${tradeId}`))).strategyId).toBeNull();
    expect((await c.get(`/api/strategies/${copy.id}`)).status).toBe(404);
  });
});

describe('rules', () => {
  it('adds, reorders, edits in place with its history, and removes a rule', async () => {
    const strategy = await createStrategy({ name: 'Pullback' });
    const a = await addRule(strategy.id, 'entry', 'Buy at the 20 EMA');
    const b = await addRule(strategy.id, 'risk', 'Risk 1 %');
    const d = await addRule(strategy.id, 'exit', 'Sell at 2R');
    const ordered = await c.json<{ rules: RuleJson[] }>(
      c.request('PUT', `/api/strategies/${strategy.id}/rules`, { ruleIds: [d.id, a.id, b.id] }),
    );
    expect(ordered.rules.map((rule) => rule.id)).toEqual([d.id, a.id, b.id]);
    expect((await c.request('PUT', `/api/strategies/${strategy.id}/rules`, { ruleIds: [d.id, a.id] })).status).toBe(
      400,
    );

    const edited = await c.json<RuleJson>(
      c.request('PATCH', `/api/strategies/${strategy.id}/rules/${a.id}`, { text: 'Buy at the 21 EMA' }),
    );
    expect(edited).toMatchObject({ id: a.id, text: 'Buy at the 21 EMA', revisions: [{ text: 'Buy at the 20 EMA' }] });

    expect((await c.request('DELETE', `/api/strategies/${strategy.id}/rules/${b.id}`)).status).toBe(204);
    const listed = await c.json<{ rules: RuleJson[] }>(c.get(`/api/strategies/${strategy.id}/rules`));
    expect(listed.rules.map((rule) => rule.id)).toEqual([d.id, a.id]);
    expect((await c.request('PATCH', `/api/strategies/${strategy.id}/rules/${b.id}`, { text: 'x' })).status).toBe(404);
  });
});

describe('rule checks', () => {
  it('answers rules on a trade, gives its adherence, and filters trades by them', async () => {
    const strategy = await createStrategy({ name: 'Gap fill' });
    const other = await createStrategy({ name: 'Other' });
    const [r1, r2, r3] = [
      await addRule(strategy.id, 'setup', 'Gap over 2 %'),
      await addRule(strategy.id, 'entry', 'Wait for the first red candle'),
      await addRule(strategy.id, 'exit', 'Out at the fill'),
    ];
    const foreign = await addRule(other.id, 'setup', 'Not this one');
    const [tradeA, tradeB, tradeC] = await addTrades([10, -4, 3]);
    for (const id of [tradeA!, tradeB!, tradeC!])
      await c.request('PATCH', `/api/trades/${id}`, { strategyId: strategy.id });

    const res = await check(tradeA!, [
      { ruleId: r1!.id, state: 'followed' },
      { ruleId: r2!.id, state: 'broken' },
      { ruleId: r3!.id, state: 'na' },
    ]);
    expect(res.status, await res.clone().text()).toBe(200);
    const detail = (await res.json()) as TradeDetailJson;
    expect(detail.ruleChecks).toHaveLength(3);
    expect(detail.adherencePct).toBe(50);
    await check(tradeB!, [{ ruleId: r1!.id, state: 'followed' }]);
    // Saved as you go: one answer at a time, and null clears one.
    const cleared = await c.json<TradeDetailJson>(check(tradeA!, [{ ruleId: r3!.id, state: null }]));
    expect(cleared.ruleChecks.map((answer) => answer.ruleId)).toEqual([r1!.id, r2!.id]);
    expect((await check(tradeA!, [{ ruleId: foreign.id, state: 'followed' }])).status).toBe(404);

    expect(await listIds({ ruleAdherencePct: { min: '100' } })).toEqual([tradeB]);
    expect(await listIds({ ruleAdherencePct: { max: '50' } })).toEqual([tradeA]);
    expect(await listIds({ rulesBroken: [r2!.id] })).toEqual([tradeA]);
    expect(await listIds({ rulesFollowed: [r1!.id] })).toEqual([tradeA, tradeB]);

    // A removed rule's answers leave adherence: trade A is then 1 of 1 followed.
    await c.request('DELETE', `/api/strategies/${strategy.id}/rules/${r2!.id}`);
    expect((await c.json<TradeDetailJson>(c.get(`/api/trades/${tradeA}`))).adherencePct).toBe(100);
    expect(await listIds({ ruleAdherencePct: { min: '100' } })).toEqual([tradeA, tradeB]);
    // …but stay in the rule's own history.
    const effects = await c.json<RuleEffectsJson>(c.get(`/api/playbook/${strategy.id}/rules`));
    expect(effects.rules.find((rule) => rule.id === r2!.id)).toMatchObject({
      broken: { count: 1 },
      removedAt: expect.any(String),
    });

    // A trade without a strategy has no rules to answer.
    expect((await check(tradeC!, [])).status).toBe(200);
    await c.request('PATCH', `/api/trades/${tradeC}`, { strategyId: null });
    expect((await check(tradeC!, [{ ruleId: r1!.id, state: 'followed' }])).status).toBe(400);
  });
});

describe('bulk rule checks', () => {
  it('marks a rule on the selected trades that carry its strategy, and clears it', async () => {
    const strategy = await createStrategy({ name: 'Bulk marked' });
    const rule = await addRule(strategy.id, 'exit', 'Out before the close');
    const [a, b, other] = await addTrades([2, -1, 3]);
    for (const id of [a!, b!]) await c.request('PATCH', `/api/trades/${id}`, { strategyId: strategy.id });
    const bulk = (state: string | null, ruleId = rule.id) =>
      c.post('/api/trades/bulk', { action: 'setRuleCheck', ids: [a, b, other], ruleId, state });
    expect(await c.json(bulk('broken'))).toEqual({ count: 2 });
    for (const id of [a!, b!])
      expect(await c.json<TradeDetailJson>(c.get(`/api/trades/${id}`))).toMatchObject({
        ruleChecks: [{ ruleId: rule.id, state: 'broken' }],
        adherencePct: 0,
      });
    expect((await c.json<TradeDetailJson>(c.get(`/api/trades/${other}`))).ruleChecks).toEqual([]);
    expect(await c.json(bulk(null))).toEqual({ count: 2 });
    expect((await c.json<TradeDetailJson>(c.get(`/api/trades/${a}`))).adherencePct).toBeNull();
    const foreign = await bob.json<StrategyJson>(bob.post('/api/strategies', { name: 'Bob’s' }));
    const bobRule = await bob.json<RuleJson>(
      bob.post(`/api/strategies/${foreign.id}/rules`, { phase: 'setup', text: 'x' }),
    );
    expect((await bulk('followed', bobRule.id)).status).toBe(404);
  });
});

describe('what each strategy and rule is worth', () => {
  it('sums a strategy’s trades with intervals and compares each rule followed against broken', async () => {
    const strategy = await createStrategy({ name: 'Trend day', color: '#dc2626' });
    const stop = await addRule(strategy.id, 'risk', 'Stop in at entry');
    const size = await addRule(strategy.id, 'risk', 'Size under 2 %');
    // 24 trades: the stop followed on the 12 winners (+8), broken on the 12 losers (−6); size always followed.
    const pnls = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? 8 : -6));
    const ids = await addTrades(pnls);
    for (const [i, id] of ids.entries()) {
      await c.request('PATCH', `/api/trades/${id}`, { strategyId: strategy.id });
      await check(id, [
        { ruleId: stop.id, state: pnls[i]! > 0 ? 'followed' : 'broken' },
        { ruleId: size.id, state: 'followed' },
      ]);
    }
    const playbook = await c.json<PlaybookJson>(c.get('/api/playbook'));
    const card = playbook.strategies.find((s) => s.id === strategy.id)!;
    expect(card).toMatchObject({ name: 'Trend day', color: '#dc2626', trades: 24, netPnl: 24, winRate: 0.5 });
    expect(card.expectancy).toBeCloseTo(1, 10);
    expect(card.profitFactor).toBeCloseTo(96 / 72, 10);
    expect(card.adherencePct).toBeCloseTo(75, 10);
    expect(card.winRateCi95![0]).toBeLessThan(0.5);
    expect(card.expectancyCi95![1]).toBeGreaterThan(1);
    expect(card.equity.at(-1)!.value).toBeCloseTo(24, 10);

    const effects = await c.json<RuleEffectsJson>(c.get(`/api/playbook/${strategy.id}/rules`));
    const stopEffect = effects.rules.find((rule) => rule.id === stop.id)!;
    expect(stopEffect).toMatchObject({
      phase: 'risk',
      followed: { count: 12, winRate: 1, expectancy: 8 },
      broken: { count: 12, winRate: 0, expectancy: -6 },
      difference: { expectancy: 14 },
      lowSample: true,
      costRank: 1,
    });
    const sizeEffect = effects.rules.find((rule) => rule.id === size.id)!;
    expect(sizeEffect).toMatchObject({
      followed: { count: 24 },
      broken: { count: 0 },
      significant: false,
      costRank: null,
    });
    expect(effects.adherence.full).toMatchObject({ count: 12, expectancy: 8 });
    expect(effects.adherence.partial).toMatchObject({ count: 12, expectancy: -6 });
  });
});

describe('another user', () => {
  it('answers 404 for another user’s strategy, rule and trade ids', async () => {
    const strategy = await createStrategy({ name: 'Private' });
    const rule = await addRule(strategy.id, 'setup', 'Mine');
    const [tradeId] = await addTrades([1]);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/strategies/${strategy.id}`],
      ['PATCH', `/api/strategies/${strategy.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/strategies/${strategy.id}`],
      ['POST', `/api/strategies/${strategy.id}/duplicate`],
      ['GET', `/api/strategies/${strategy.id}/rules`],
      ['POST', `/api/strategies/${strategy.id}/rules`, { phase: 'setup', text: 'x' }],
      ['PUT', `/api/strategies/${strategy.id}/rules`, { ruleIds: [rule.id] }],
      ['PATCH', `/api/strategies/${strategy.id}/rules/${rule.id}`, { text: 'x' }],
      ['DELETE', `/api/strategies/${strategy.id}/rules/${rule.id}`],
      ['PUT', `/api/trades/${tradeId}/rule-checks`, [{ ruleId: rule.id, state: 'followed' }]],
      ['GET', `/api/playbook/${strategy.id}/rules`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await bob.request(method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    const bobs = await bob.json<PlaybookJson>(bob.get('/api/playbook'));
    expect(bobs.strategies.map((s) => s.name)).toEqual(['Bob’s']);
  });
});
