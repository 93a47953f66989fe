import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as analyticsContracts from '../contracts/analytics';
import * as authContracts from '../contracts/auth';
import * as contactContracts from '../contracts/contact';
import * as importContracts from '../contracts/imports';
import * as journalContracts from '../contracts/journal';
import * as tradeContracts from '../contracts/trades';
import type { ImportPreviewJson } from '../contracts/imports';
import type { AccountJson, TagJson, TradeJson } from '../contracts/trades';
import { createUser } from './modules/users';
import { TestClient } from '../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

// Issue 41 item 2: no input, however wrong, is answered with a 5xx. Every write route the app
// registers (found from the app, not listed here) gets random strings, numbers and dates.

const PASSWORD = 'long-enough-password';
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let c: TestClient;
let importsDir: string;
/** Ids of the signed-in user's own things, so that a route gets past its look-up now and then. */
const ids: string[] = [];
let fixture: { accountId: string; tradeId: string };

type Route = { method: string; url: string };

/**
 * The routes of `printRoutes({ commonPrefix: false })`: a tree whose lines are `├── /segment
 * (METHODS)`, each indented four characters per level under its parent.
 */
function toRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** An object schema's fields: its keys, and which of them a body must have. */
type KeySet = { keys: string[]; required: string[] };

/** The object schemas the contracts export (nested ones included), as key sets. */
function collectKeySets(modules: readonly Record<string, unknown>[]): KeySet[] {
  const sets = new Map<string, KeySet>();
  const seen = new Set<unknown>();
  const defOf = (schema: unknown) => (schema as z.ZodType)._zod.def as unknown as Record<string, unknown>; // every zod schema has a def
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    const shape = def.shape as Record<string, unknown> | undefined;
    if (shape) {
      const keys = Object.keys(shape);
      const required = keys.filter((key) => !['optional', 'default'].includes(String(defOf(shape[key]).type)));
      sets.set(keys.join(','), { keys, required });
      Object.values(shape).forEach(visit);
    }
    for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'schema']) visit(def[key]);
    if (Array.isArray(def.options)) def.options.forEach(visit);
  };
  for (const module of modules) Object.values(module).forEach(visit);
  return [...sets.values()];
}

const KEY_SETS = collectKeySets([
  analyticsContracts,
  authContracts,
  contactContracts,
  importContracts,
  journalContracts,
  tradeContracts,
]);
const FIELD_NAMES = [...new Set(KEY_SETS.flatMap((set) => set.keys))].sort();

const nasty = fc.constantFrom(
  '\u0000',
  'A\u0000B',
  '\u0007bell',
  '\u001b[31mred',
  '\u0085',
  '\ud800',
  '\u202egnp.exe',
  '',
  '   ',
  '🙂',
  "'; drop table trades; --",
  '%00',
  '../../etc/passwd',
  'x'.repeat(5000),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  nasty,
);
const decimalText = fc.oneof(
  fc.integer({ min: 1, max: 90 }).map((n) => '9'.repeat(n)),
  fc.tuple(fc.nat({ max: 40 }), fc.nat({ max: 40 })).map(([a, b]) => `${'1'.repeat(a + 1)}.${'5'.repeat(b + 1)}`),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc.constantFrom('-0', '0', '0.000000001', '1e400', '-1', 'NaN', 'Infinity', '1_000', '0x10', '١٢٣'),
);
const year = fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, '0'));
const dateText = fc.oneof(
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
  year.map((y) => `${y}-01-01`),
  year.map((y) => `${y}-12-31T23:59:59Z`),
  year.map((y) => `${y}-02-29T00:00:00+14:00`),
  fc.constantFrom('0000-00-00', '2025-13-45', '+275760-09-13T00:00:00.000Z', '2025-03-03T24:00:00Z'),
);
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 53, -0, 0.1));
const idValue = fc.oneof(
  fc.uuid(),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.nat({ max: 3 }).map((i) => ids[i] ?? 'none'),
);
const scalar = fc.oneof(text, decimalText, dateText, number, fc.boolean(), fc.constant(null), idValue);
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 3 }) },
);

const FILL = { executedAt: '2025-03-03T14:30:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' };

/** A plausible value by field name, so that a body gets past the fields not under test. */
function plausible(key: string): unknown {
  const values: Record<string, unknown> = {
    accountId: fixture.accountId,
    symbol: 'MSFT',
    direction: 'long',
    side: 'buy',
    quantity: '1',
    price: '10',
    entryPrice: '10',
    exitPrice: '11',
    entryAt: '2025-03-04T14:30:00Z',
    exitAt: '2025-03-04T15:30:00Z',
    executedAt: '2025-03-04T14:30:00Z',
    executions: [FILL],
    name: 'Fuzz',
    notes: 'A note',
    plan: 'A plan',
    review: 'A review',
    mood: 3,
    rating: 4,
    startingBalance: '1000',
    defaultRiskAmount: '100',
    stopPrice: '9',
    targetPrice: '12',
    initialRisk: '5',
    timezone: 'UTC',
    currency: 'USD',
    email: 'someone@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    subject: 'Hello',
    message: 'A message',
    brokerName: 'Broker',
    tags: [],
    mistakes: ['late'],
    emotions: ['calm'],
    ids: [fixture.tradeId],
    action: 'delete',
    color: '#64748b',
  };
  return key in values ? values[key] : undefined;
}

/**
 * A body for one of the contracts' object schemas: its required fields and some optional ones,
 * each plausible but for one or two that get a random value (a nested fill's field too).
 */
const schemaBody = fc
  .record({
    set: fc.constantFrom(...KEY_SETS),
    optional: fc.func(fc.boolean()),
    randomKeys: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
    randomValues: fc.array(value, { minLength: 2, maxLength: 2 }),
    fillKey: fc.constantFrom(...Object.keys(FILL), 'commission', 'fees', 'multiplier', 'brokerExecId', 'currency'),
    fillValue: value,
  })
  .map(({ set, optional, randomKeys, randomValues, fillKey, fillValue }) => {
    const keys = set.keys.filter((key) => set.required.includes(key) || optional(key));
    const body: Record<string, unknown> = {};
    for (const key of keys) body[key] = plausible(key);
    randomKeys.forEach((n, i) => {
      const key = keys[n % Math.max(keys.length, 1)];
      if (key !== undefined) body[key] = key === 'executions' ? [{ ...FILL, [fillKey]: fillValue }] : randomValues[i];
    });
    return body;
  });

/** Any fields of any contract with random values. */
const looseBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 4 });
const body = fc.oneof({ weight: 4, arbitrary: schemaBody }, { weight: 1, arbitrary: looseBody });

const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 3 }).map((i) => ids[i] ?? 'none') },
  idValue,
  text,
  dateText.map((d) => d.slice(0, 10)),
  fc.constantFrom('2025-03-03'),
);

/** The route's URL with each `:param` replaced by a value (a uuid, one of the user's ids, any text). */
const toUrl = (route: Route, values: string[]) => {
  let i = 0;
  // A lone surrogate cannot be written in a URL (encodeURIComponent throws): it is sent as U+FFFD.
  return route.url.replace(/:[A-Za-z]+/g, () =>
    encodeURIComponent((values[i++] ?? '').replace(/[\ud800-\udfff]/gu, '\ufffd')),
  );
};

beforeAll(async () => {
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-fuzz-imports-'));
  t = await startTestApp({
    env: {
      IMPORTS_DIR: importsDir,
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT: '100000',
      CONTACT_RATE_LIMIT: '100000',
      SIGNUP_RATE_LIMIT: '100000',
      FORGOT_RATE_LIMIT: '100000',
    },
  });
  await createUser(t.database.db, { email: 'fuzz@example.com', password: PASSWORD, isVerified: true, now: new Date() });
  c = new TestClient(t.url(''));
  await c.login('fuzz@example.com', PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  const trade = await c.json<TradeJson>(
    c.post('/api/trades', {
      accountId: account.id,
      symbol: 'MSFT',
      direction: 'long',
      quantity: '1',
      entryPrice: '10',
      entryAt: '2025-03-04T14:30:00Z',
      exitPrice: '11',
      exitAt: '2025-03-04T15:30:00Z',
    }),
  );
  const tag = await c.json<TagJson>(c.post('/api/tags', { name: 'setup' }));
  const form = new FormData();
  form.append('file', new Blob(['Date,Symbol,Side,Quantity,Price\n2025-03-05 10:00,AAPL,buy,1,10\n']), 'fills.csv');
  const uploaded = await fetch(t.url('/api/imports'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie: c.cookie ?? '' },
    body: form,
  });
  const preview = (await uploaded.json()) as ImportPreviewJson;
  fixture = { accountId: account.id, tradeId: trade.id };
  ids.push(trade.id, account.id, tag.id, preview.id);
});
afterAll(async () => {
  await t.close();
  await rm(importsDir, { recursive: true, force: true });
});

describe('every write route', () => {
  it('finds the write routes from the app', () => {
    const routes = toRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContainEqual({ method: 'POST', url: '/api/trades' });
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/journal/days/:date' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/trades/:id' });
    expect(FIELD_NAMES).toEqual(expect.arrayContaining(['notes', 'startingBalance', 'entryAt', 'executions']));
  });

  it('answers random strings, numbers and dates without a 5xx', { timeout: 600_000 }, async () => {
    // Deletions and the subscription's changes last: they take away what the others write to.
    const lateness = (route: Route) =>
      route.url.startsWith('/api/subscription') ? 2 : route.method === 'DELETE' ? 1 : 0;
    const routes = toRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => WRITE_METHODS.has(route.method) && route.url.startsWith('/api/'))
      .sort((a, b) => lateness(a) - lateness(b));
    const failures: string[] = [];
    for (const route of routes) {
      const params = (route.url.match(/:[A-Za-z]+/g) ?? []).length;
      const values = fc.array(pathValue, { minLength: params, maxLength: params });
      const result = await fc.check(
        fc.asyncProperty(values, body, async (pathValues, payload) => {
          const url = toUrl(route, pathValues);
          const res = await fetch(t.url(url), {
            method: route.method,
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: c.cookie ?? '' },
            body: JSON.stringify(payload),
          });
          const answer = await res.text();
          if (res.status >= 500) throw new Error(`${url} → ${res.status} ${answer.slice(0, 200)}`);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        const example = fc.stringify(result.counterexample);
        failures.push(`${route.method} ${route.url}: ${String(result.errorInstance)} for ${example.slice(0, 500)}`);
      }
    }
    expect(routes.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
