import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DEPRECATION_POLICY } from '../../../contracts/api-examples';
import { PUBLIC_API_V1_PREFIX } from '../../../contracts/routes';
import type { CreatedApiTokenJson } from '../../../contracts/trades';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createUser } from '../users';
import { createTestDatabase } from '../../../../test/helpers/test-database';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

type Doc = {
  openapi: string;
  info: { description: string };
  paths: Record<
    string,
    Record<string, { security: { bearerAuth: string[] }[]; responses: Record<string, unknown>; description: string }>
  >;
};

/** "GET /api/v1/trades/{id}" for a documented operation; Fastify's ":id" form is turned into it too. */
const toDocKey = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  it('documents every registered public route, and every documented route is registered', async () => {
    const database = await createTestDatabase();
    const registered = new Set<string>();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      distDir: null,
      onRoute: ({ method, url }) => {
        for (const m of [method].flat()) if (m !== 'HEAD') registered.add(toDocKey(m, url));
      },
    });
    try {
      await app.ready();
      const doc = (await app.inject({ url: '/api/openapi.json' })).json<Doc>();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.description).toContain(API_DEPRECATION_POLICY);
      const documented = new Set(
        Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => toDocKey(m, path))),
      );
      const publicRoutes = [...registered].filter((key) => key.includes(` ${PUBLIC_API_V1_PREFIX}`));
      expect(publicRoutes.length).toBeGreaterThan(30);
      expect(publicRoutes.filter((key) => !documented.has(key))).toEqual([]);
      expect([...documented].filter((key) => !registered.has(key))).toEqual([]);
      for (const ops of Object.values(doc.paths))
        for (const op of Object.values(ops)) {
          expect(op.security[0]!.bearerAuth).toHaveLength(1);
          expect(Object.keys(op.responses).some((status) => status.startsWith('2'))).toBe(true);
          expect(op.description).toMatch(/```sh\ncurl /);
        }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the documented API, used as the docs say', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    await createUser(t.database.db, {
      email: 'docs@example.com',
      password: 'Corr3ct-horse',
      isVerified: true,
      now: new Date(),
    });
    const c = new TestClient(t.url(''));
    await c.login('docs@example.com', 'Corr3ct-horse');
    const created = await c.json<CreatedApiTokenJson>(
      c.post('/api/tokens', { name: 'docs', scopes: ['trades:read', 'trades:write'] }),
    );
    token = created.token;
  });
  afterAll(() => t.close());

  it('runs the curl example of POST /api/v1/executions, with its example body, as documented', async () => {
    const doc = (await (await fetch(t.url('/api/openapi.json'))).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: { 'application/json': { example: { accountId: string } } } } }>
      >;
    };
    const accounts = await fetch(t.url('/api/v1/accounts'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(doc.paths['/api/v1/accounts']!.post!.requestBody.content['application/json'].example),
    });
    expect(accounts.status).toBe(201);
    const { id } = (await accounts.json()) as { id: string };
    const example = doc.paths['/api/v1/executions']!.post!.requestBody.content['application/json'].example;
    const res = await fetch(t.url('/api/v1/executions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...example, accountId: id }),
    });
    expect(res.status).toBe(200);
    const list = await fetch(t.url('/api/v1/trades'), { headers: { authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { trades: { symbol: string }[] }).trades[0]).toMatchObject({ symbol: 'AAPL' });
  });

  it('serves Swagger UI at /api/docs under the strict CSP, its scripts from our origin', async () => {
    const res = await fetch(t.url('/api/docs/'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'[;]/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of html.matchAll(/<script src="([^"]+)"/g)) expect(src[1]).toMatch(/^\.\/static\//);
    const init = await (await fetch(t.url('/api/docs/static/swagger-initializer.js'))).text();
    expect(init).toContain('"validatorUrl":null'); // no call to the online validator
  });
});
