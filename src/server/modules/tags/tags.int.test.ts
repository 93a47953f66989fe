import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagUsageJson } from '../../../contracts/settings';
import type { AccountJson, AddExecutionsJson, StrategyJson, TagJson, TradeJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;
let tradeIds: string[];

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, { email: 'tags@example.com', password: PASSWORD, isVerified: true, now: new Date() });
  c = new TestClient(t.url(''));
  await c.login('tags@example.com', PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  const added = await c.json<AddExecutionsJson>(
    c.post('/api/executions', {
      accountId: account.id,
      executions: ['AAPL', 'MSFT', 'AMD'].flatMap((symbol) => [
        { executedAt: '2025-01-02T15:00:00Z', symbol, side: 'buy', quantity: '1', price: '10' },
        { executedAt: '2025-01-02T15:05:00Z', symbol, side: 'sell', quantity: '1', price: '11' },
      ]),
    }),
  );
  tradeIds = added.trades.map((tr) => tr.id);
});
afterAll(() => t.close());

const createTag = async (body: object) => c.json<TagJson>(c.post('/api/tags', body));
const tagsOf = async (id: string) => (await c.json<TradeJson>(c.get(`/api/trades/${id}`))).tags.map((tag) => tag.name);

describe('/api/tags', () => {
  it('creates tags with a colour and group, listed by name', async () => {
    const res = await c.post('/api/tags', { name: 'Revenge', color: '#ef4444', group: 'mistake' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Revenge', color: '#ef4444', group: 'mistake' });
    await createTag({ name: 'breakout' });
    const { tags } = await c.json<{ tags: TagJson[] }>(c.get('/api/tags'));
    expect(tags.map((tag) => [tag.name, tag.color, tag.group])).toEqual([
      ['breakout', '#64748b', null],
      ['Revenge', '#ef4444', 'mistake'],
    ]);
  });

  it('keeps names unique per user, case-insensitively (409)', async () => {
    await createTag({ name: 'Gap and go' });
    const res = await c.post('/api/tags', { name: 'GAP AND GO' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'CONFLICT', fields: { name: expect.any(String) } });
    const other = await createTag({ name: 'Gap fill' });
    expect((await c.request('PATCH', `/api/tags/${other.id}`, { name: 'gap AND go' })).status).toBe(409);
  });

  it('renames, recolours and regroups', async () => {
    const tag = await createTag({ name: 'Scalp' });
    const res = await c.request('PATCH', `/api/tags/${tag.id}`, { name: 'Scalps', color: '#22c55e', group: 'setup' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: tag.id, name: 'Scalps', color: '#22c55e', group: 'setup' });
    expect(await c.json(c.request('PATCH', `/api/tags/${tag.id}`, { group: null }))).toMatchObject({ group: null });
    expect((await c.request('PATCH', `/api/tags/${tag.id}`, { color: 'green' })).status).toBe(400);
  });

  it('deletes a tag and takes it off its trades', async () => {
    const tag = await createTag({ name: 'Temporary' });
    await c.request('PATCH', `/api/trades/${tradeIds[0]}`, { tags: [tag.id] });
    expect(await tagsOf(tradeIds[0]!)).toEqual(['Temporary']);
    expect((await c.delete(`/api/tags/${tag.id}`)).status).toBe(204);
    expect(await tagsOf(tradeIds[0]!)).toEqual([]);
    expect((await c.delete(`/api/tags/${tag.id}`)).status).toBe(404);
  });

  it('merges one tag into another: every trade keeps one copy', async () => {
    const from = await createTag({ name: 'FOMO entry' });
    const into = await createTag({ name: 'FOMO' });
    await c.request('PATCH', `/api/trades/${tradeIds[1]}`, { tags: [from.id, into.id] });
    await c.request('PATCH', `/api/trades/${tradeIds[2]}`, { tags: [from.id] });
    const res = await c.post(`/api/tags/${from.id}/merge`, { intoTagId: into.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: into.id, name: 'FOMO' });
    expect(await tagsOf(tradeIds[1]!)).toEqual(['FOMO']);
    expect(await tagsOf(tradeIds[2]!)).toEqual(['FOMO']);
    const { tags } = await c.json<{ tags: TagJson[] }>(c.get('/api/tags'));
    expect(tags.map((tag) => tag.id)).not.toContain(from.id);
    expect((await c.post(`/api/tags/${into.id}/merge`, { intoTagId: into.id })).status).toBe(400);
  });
});

describe('/api/strategies', () => {
  it('creates strategies, unique by name case-insensitively, and lists them by name', async () => {
    const res = await c.post('/api/strategies', { name: 'VWAP reclaim', description: 'Long above VWAP' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'VWAP reclaim', description: 'Long above VWAP' });
    expect((await c.post('/api/strategies', { name: 'vwap RECLAIM' })).status).toBe(409);
    await c.post('/api/strategies', { name: 'ABCD' });
    const { strategies } = await c.json<{ strategies: StrategyJson[] }>(c.get('/api/strategies'));
    expect(strategies.map((s) => s.name)).toEqual(['ABCD', 'VWAP reclaim']);
    expect((await c.post('/api/strategies', { name: ' ' })).status).toBe(400);
  });
});

describe('/api/tags/usage', () => {
  it('counts the trades carrying each tag, and leaves out unused tags', async () => {
    const used = await createTag({ name: 'Counted' });
    const unused = await createTag({ name: 'Never used' });
    await c.request('PATCH', `/api/trades/${tradeIds[0]}`, { tags: [used.id] });
    await c.request('PATCH', `/api/trades/${tradeIds[1]}`, { tags: [used.id] });
    const { usage } = await c.json<TagUsageJson>(c.get('/api/tags/usage'));
    expect(usage[used.id]).toBe(2);
    expect(usage).not.toHaveProperty(unused.id);
  });
});

describe('tags of another user', () => {
  it('cannot be renamed, deleted, merged from or into, nor counted (404)', async () => {
    await createUser(t.database.db, {
      email: 'tags-other@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    });
    const other = new TestClient(t.url(''));
    await other.login('tags-other@example.com', PASSWORD);
    const theirs = await other.json<TagJson>(other.post('/api/tags', { name: 'Theirs' }));
    const mine = await createTag({ name: 'Mine to merge' });
    expect((await c.request('PATCH', `/api/tags/${theirs.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await c.delete(`/api/tags/${theirs.id}`)).status).toBe(404);
    expect((await c.post(`/api/tags/${theirs.id}/merge`, { intoTagId: mine.id })).status).toBe(404);
    expect((await c.post(`/api/tags/${mine.id}/merge`, { intoTagId: theirs.id })).status).toBe(404);
    expect((await c.json<{ tags: TagJson[] }>(c.get('/api/tags'))).tags.map((tag) => tag.id)).toContain(mine.id);
    expect((await other.json<{ tags: TagJson[] }>(other.get('/api/tags'))).tags).toEqual([theirs]);
    expect((await other.json<TagUsageJson>(other.get('/api/tags/usage'))).usage).toEqual({});
  });
});
