import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCalendarJson } from '../../../contracts/analytics';
import type { JournalDayJson, JournalDayListJson } from '../../../contracts/journal';
import type { AccountJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let alice: TestClient;
let bob: TestClient;

async function signIn(email: string, timezone?: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  if (timezone) expect((await client.request('PATCH', '/api/auth/user', { timezone })).status).toBeLessThan(300);
  return client;
}

const put = (c: TestClient, date: string, body: unknown) => c.request('PUT', `/api/journal/days/${date}`, body);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  alice = await signIn('journal-alice@example.com');
  bob = await signIn('journal-bob@example.com');
});
afterAll(() => t.close());

describe('/api/journal/days', () => {
  it('runs on the engine the environment names', () => {
    expect(t.app.dbEngine).toBe(expectedEngine());
  });

  it('answers an empty entry for a day without one', async () => {
    const res = await alice.get('/api/journal/days/2025-03-03');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ date: '2025-03-03', plan: '', review: '', mood: null, updatedAt: null });
  });

  it('saves a plan, then the review and mood, as one entry per day', async () => {
    const first = await put(alice, '2025-03-04', { plan: 'Only A+ setups.\nMax 3 trades.' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      date: '2025-03-04',
      plan: 'Only A+ setups.\nMax 3 trades.',
      review: '',
      mood: null,
    });
    const second = await put(alice, '2025-03-04', {
      plan: 'Only A+ setups.\nMax 3 trades.',
      review: 'Kept to the plan.\n\n',
      mood: 4,
    });
    const saved = (await second.json()) as JournalDayJson;
    expect(saved).toMatchObject({ review: 'Kept to the plan.', mood: 4 });
    expect(Date.parse(saved.updatedAt ?? '')).not.toBeNaN();
    expect(await alice.json(alice.get('/api/journal/days/2025-03-04'))).toEqual(saved);
    const list = await alice.json<JournalDayListJson>(alice.get('/api/journal/days?from=2025-03-01&to=2025-03-31'));
    expect(list.days).toEqual([saved]);
  });

  it('lists a range in date order, both ends included', async () => {
    await put(alice, '2025-03-10', { mood: 2 });
    await put(alice, '2025-03-01', { review: 'Quiet day' });
    await put(alice, '2025-04-01', { plan: 'Next month' });
    const list = await alice.json<JournalDayListJson>(alice.get('/api/journal/days?from=2025-03-01&to=2025-03-31'));
    expect(list.days.map((d) => d.date)).toEqual(['2025-03-01', '2025-03-04', '2025-03-10']);
    const one = await alice.json<JournalDayListJson>(alice.get('/api/journal/days?from=2025-04-01&to=2025-04-01'));
    expect(one.days.map((d) => d.plan)).toEqual(['Next month']);
  });

  it('deletes the entry when everything is cleared', async () => {
    await put(alice, '2025-05-05', { plan: 'Temporary', mood: 3 });
    const cleared = await put(alice, '2025-05-05', { plan: '   ', review: '', mood: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ plan: '', review: '', mood: null, updatedAt: null });
    const list = await alice.json<JournalDayListJson>(alice.get('/api/journal/days?from=2025-05-01&to=2025-05-31'));
    expect(list.days).toEqual([]);
  });

  it('keeps each user to their own journal', async () => {
    await put(bob, '2025-03-04', { plan: "Bob's plan" });
    expect(await bob.json(bob.get('/api/journal/days/2025-03-04'))).toMatchObject({ plan: "Bob's plan" });
    expect(await alice.json(alice.get('/api/journal/days/2025-03-04'))).toMatchObject({
      plan: 'Only A+ setups.\nMax 3 trades.',
    });
    const bobs = await bob.json<JournalDayListJson>(bob.get('/api/journal/days?from=2025-01-01&to=2025-12-31'));
    expect(bobs.days.map((d) => d.plan)).toEqual(["Bob's plan"]);
    await put(bob, '2025-03-04', {});
    expect(await alice.json(alice.get('/api/journal/days/2025-03-04'))).toMatchObject({ mood: 4 });
  });

  it.each([
    ['GET', '/api/journal/days/2025-02-30', undefined],
    ['GET', '/api/journal/days/yesterday', undefined],
    ['GET', '/api/journal/days?from=2025-03-31&to=2025-03-01', undefined],
    ['GET', '/api/journal/days?from=2024-01-01&to=2025-12-31', undefined],
    ['GET', '/api/journal/days?from=2025-03-01', undefined],
    ['PUT', '/api/journal/days/2025-03-05', { mood: 6 }],
    ['PUT', '/api/journal/days/2025-03-05', { mood: 2.5 }],
    ['PUT', '/api/journal/days/2025-03-05', { plan: 'x'.repeat(20_001) }],
    ['PUT', '/api/journal/days/2025-13-01', { plan: 'x' }],
  ])('refuses %s %s with 400', async (method, path, body) => {
    const res = await alice.request(method, path, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(t.url(''));
    expect((await anonymous.get('/api/journal/days/2025-03-04')).status).toBe(401);
    expect((await put(anonymous, '2025-03-04', { plan: 'x' })).status).toBe(401);
  });

  it('marks the day on the analytics calendar, in the user time zone', async () => {
    const carol = await signIn('journal-carol@example.com', 'America/New_York');
    const account = await carol.json<AccountJson>(carol.post('/api/accounts', { name: 'Main' }));
    // Closes 2025-06-03 01:00 UTC: still June 2 in New York.
    const added = await carol.post('/api/executions', {
      accountId: account.id,
      executions: [
        { executedAt: '2025-06-03T00:30:00Z', symbol: 'AAPL', side: 'buy', quantity: '10', price: '100' },
        { executedAt: '2025-06-03T01:00:00Z', symbol: 'AAPL', side: 'sell', quantity: '10', price: '101' },
      ],
    });
    expect(added.status).toBe(200);
    await put(carol, '2025-06-02', { review: 'Late session' });
    await put(carol, '2025-06-07', { plan: 'Weekend prep' });
    const calendar = await carol.json<AnalyticsCalendarJson>(carol.get('/api/analytics/calendar?month=2025-06'));
    expect(calendar.days).toEqual([
      { date: '2025-06-02', netPnl: 10, trades: 1, wins: 1, losses: 0, hasNote: true },
      { date: '2025-06-07', netPnl: 0, trades: 0, wins: 0, losses: 0, hasNote: true },
    ]);
  });
});
