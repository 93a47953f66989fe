import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok with the storage engine in use and the version', async () => {
    const res = await fetch(t.url('/api/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: expectedEngine(), version: APP_VERSION });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(t.url('/api/nope'));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('sends strict security headers with no outside origin by default', async () => {
    const res = await fetch(t.url('/api/health'));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('redirects GET /api/login to the sign-in page', async () => {
    const res = await fetch(t.url('/api/login'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });
});

describe('security headers with an ad-conversion tag configured', () => {
  it('allows only the tag manager origins the tag needs', async () => {
    const withAds = await startTestApp({ env: { AD_CONVERSION_ID: 'AW-123' } });
    try {
      const csp = (await fetch(withAds.url('/api/health'))).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    } finally {
      await withAds.close();
    }
  });
});
