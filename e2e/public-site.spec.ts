import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_PUBLIC_CONFIG } from '../src/core/config/operator';
import { PUBLIC_PAGES, toCanonicalUrl, withBrand } from '../src/core/site/public-pages';
import { findSeriousViolations } from './helpers/axe';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, visit } from './helpers/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const brand = DEFAULT_PUBLIC_CONFIG.brand;
const canonicalBase = DEFAULT_PUBLIC_CONFIG.baseUrl;

describe('every public route', () => {
  it('sends its title, description and canonical link in the server HTML, before any JavaScript', async () => {
    for (const p of PUBLIC_PAGES) {
      const res = await fetch(`${baseUrl()}${p.path}`);
      expect(res.status, p.path).toBe(200);
      const html = await res.text();
      expect(html, p.path).toContain(`<title>${withBrand(p.title, brand).replace(/&/g, '&amp;')}</title>`);
      expect(html, p.path).toContain(`<link rel="canonical" href="${toCanonicalUrl(canonicalBase, p.path)}" />`);
      expect(html, p.path).toContain('<meta name="description" content="');
      expect(html, p.path).toMatch(/<div id="root"><.+<\/div>/s); // prerendered content, not an empty shell
    }
  });

  it('renders in the browser with its title and exactly one h1, making no request to any outside host', async () => {
    const { page, context, outsideRequests, errors } = await openPage(browser);
    for (const p of PUBLIC_PAGES.filter((x) => !x.path.startsWith('/help/'))) {
      const res = await page.goto(p.path, { waitUntil: 'networkidle' });
      expect(res?.status(), p.path).toBe(200);
      expect(await page.title(), p.path).toBe(withBrand(p.title, brand));
      expect(await page.locator('h1').count(), p.path).toBe(1);
    }
    expect(outsideRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the document head in step on client-side navigation', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/about'); // before it hydrates, the link would load the page afresh
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await expect
      .poll(() => page.title())
      .toBe(withBrand(PUBLIC_PAGES.find((p) => p.path === '/pricing')!.title, brand));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      toCanonicalUrl(canonicalBase, '/pricing'),
    );
    await context.close();
  });
});

describe('unknown paths', () => {
  it('answer HTTP 404 with the 404 screen, marked noindex, nofollow', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 Page Not Found');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await context.close();
  });

  it('answer a share slug that does not exist with 404 and a clear message', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto('/share/does-not-exist');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Shared page not found');
    await context.close();
  });

  it('show the 404 screen after client-side navigation too', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/about');
    await page.evaluate(() => {
      history.pushState(null, '', '/missing-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 Page Not Found');
    await context.close();
  });
});

describe('protected routes for a visitor', () => {
  it('show the landing page instead', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto('/trades');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Know your edge');
    await context.close();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('exist and list the public pages', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: ');
    expect(robots).toContain('Disallow: /api/');
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${toCanonicalUrl(canonicalBase, '/pricing')}</loc>`);
    expect(xml).toContain(`<loc>${toCanonicalUrl(canonicalBase, '/help/monte-carlo')}</loc>`);
    expect(xml).not.toContain('/reset-password');
  });
});

describe('offline app disabled', () => {
  it('clears the caches on every page load', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/about');
    await page.evaluate(async () => {
      const cache = await caches.open('stale-app');
      await cache.put('/about', new Response('old'));
    });
    expect(await page.evaluate(() => caches.keys())).toEqual(['stale-app']);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
    await context.close();
  });
});

describe('ad-conversion tag', () => {
  /** Serves the page with an operator-set tag id in its embedded configuration. */
  async function withTagId(path: string) {
    const session = await openPage(browser);
    const tagRequests: string[] = [];
    await session.page.route('https://www.googletagmanager.com/**', async (route) => {
      tagRequests.push(route.request().url());
      await route.abort();
    });
    await session.page.route(`${baseUrl()}${path}`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace('"brand":"', '"adConversionId":"AW-TEST-1","brand":"');
      // As the server does when an operator sets the id: its CSP then allows the tag's origin.
      const headers = res.headers();
      headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
        "script-src 'self'",
        "script-src 'self' https://www.googletagmanager.com",
      );
      await route.fulfill({ response: res, body: html, headers });
    });
    await session.page.goto(path, { waitUntil: 'load' });
    return { ...session, tagRequests };
  }

  it('loads after page load on marketing pages when an id is configured', async () => {
    const { context, tagRequests } = await withTagId('/pricing');
    await expect.poll(() => tagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=AW-TEST-1']);
    await context.close();
  });

  it('never loads on sign-in pages', async () => {
    const { page, context, tagRequests } = await withTagId('/login');
    await page.waitForTimeout(300);
    expect(tagRequests).toEqual([]);
    await context.close();
  });
});

describe('mobile menu at 390 px', () => {
  it('toggles open and closed on inner pages', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/about');
    const menu = page.locator('#mobile-menu');
    expect(await menu.count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    for (const label of ['About', 'Features', 'Pricing', 'Supported Brokers', 'Learn', 'Learning Center', 'Contact']) {
      expect(await menu.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    }
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');
    expect(await menu.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/signup');
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.count()).toBe(0);
    await context.close();
  });

  it('has no horizontal overflow on any public page', async () => {
    const { page, context } = await openPage(browser, PHONE);
    for (const p of PUBLIC_PAGES.filter((x) => !x.path.startsWith('/help/'))) {
      await page.goto(p.path, { waitUntil: 'networkidle' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, p.path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

describe('Sign In on inner pages', () => {
  it('navigates through /api/login to the sign-in page', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto('/features');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

const AXE_PATHS = [...PUBLIC_PAGES.filter((x) => !x.path.startsWith('/help/')).map((x) => x.path), '/no-such-page'];

describe.each(['light', 'dark'] as const)('accessibility (%s)', (colorScheme) => {
  it.each(AXE_PATHS)('%s has no serious or critical axe violations', async (path) => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), colorScheme });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await findSeriousViolations(page)).toEqual([]);
    await context.close();
  });
});
