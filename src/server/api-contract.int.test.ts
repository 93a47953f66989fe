import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, PUBLIC_API_V1_PREFIX, toRouteKey, type RouteContract } from '../contracts/routes';
import { createTestDatabase } from '../../test/helpers/test-database';
import { findMismatch } from '../../test/helpers/contract-check';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { buildApp } from './app';
import { loadConfig } from './config';

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

describe('API_ROUTES', () => {
  it('declares every route the app registers, and the app registers every route it declares', async () => {
    const database = await createTestDatabase();
    const registered = new Set<string>();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      distDir: null,
      onRoute: ({ method, url }) => {
        for (const m of [method].flat()) if (m !== 'HEAD') registered.add(`${m} ${url}`);
      },
    });
    try {
      await app.ready();
      const declared = new Set(Object.keys(API_ROUTES));
      const [versioned, unversioned] = partition([...registered], (key) => key.includes(` ${PUBLIC_API_V1_PREFIX}`));
      expect(unversioned.filter((key) => !declared.has(key))).toEqual([]);
      expect([...declared].filter((key) => !registered.has(key))).toEqual([]);
      // /api/v1/… serves exactly the public routes (those with a token scope), and nothing else.
      const routes: Readonly<Record<string, RouteContract>> = API_ROUTES;
      const isPublic = (key: string) => routes[key]?.scope !== undefined;
      expect(versioned.map((key) => toRouteKey(key.split(' ')[0]!, key.split(' ')[1]!)).sort()).toEqual(
        Object.keys(API_ROUTES).filter(isPublic).sort(),
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the contract check of the integration tests (test/helpers/contract-check.ts)', () => {
  const health = API_ROUTES['GET /api/health'].responses[200];
  let t: TestApp;
  beforeAll(async () => {
    const drifted: Record<string, RouteContract> = {
      ...API_ROUTES,
      // The server sends `version` as a string.
      'GET /api/health': { responses: { 200: health.extend({ version: z.number() }) } },
    };
    t = await startTestApp({ contractRoutes: drifted });
  });
  afterAll(async () => {
    t.contractDrift.length = 0; // the drift below is this test's own doing
    await t.close();
  });

  it('fails a request whose answer does not match its declared schema', async () => {
    const res = await fetch(t.url('/api/health'));
    expect(res.status).toBe(500);
    expect(t.contractDrift).toContainEqual(expect.stringMatching(/^GET \/api\/health 200: version: /));
  });

  it('passes the routes that match, and checks error bodies against the error schema', async () => {
    const res = await fetch(t.url('/api/tags'));
    expect(res.status).toBe(401);
    expect(t.contractDrift.filter((line) => line.includes('/api/tags'))).toEqual([]);
  });
});

describe('findMismatch', () => {
  const schema = z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })) });

  it('accepts an answer the schema names in full', () => {
    expect(findMismatch(schema, { id: 'a', items: [{ n: 1 }] })).toBeNull();
  });

  it('names a key the schema does not, at any depth', () => {
    expect(findMismatch(schema, { id: 'a', items: [{ n: 1, extra: true }] })).toBe(
      'keys not in the contract: .items[0].extra',
    );
  });

  it('names a value of the wrong type', () => {
    expect(findMismatch(schema, { id: 1, items: [] })).toMatch(/^id: /);
  });
});
