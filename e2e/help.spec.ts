import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  HELP_ARTICLE_IDS,
  HELP_CATEGORIES,
  POPULAR_ARTICLE_IDS,
  filterHelpCategories,
  findHelpArticle,
} from '../src/core/site/help-catalogue';
import { DEFAULT_PUBLIC_CONFIG } from '../src/core/config/operator';
import { DESKTOP, PHONE, baseUrl, launchBrowser, openPage, visit } from './helpers/pages';

const AXE_PATH = resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function categoryHeadings(page: Page) {
  return page.locator('section[aria-labelledby="help-categories-heading"] [role="region"] h3');
}

async function shownCategoryTitles(page: Page): Promise<string[]> {
  // A category whose articles are all about features not built yet carries a "Coming soon" badge after its title.
  return (await categoryHeadings(page).allTextContents()).map((t) => t.replace(/Coming soon$/, '').trim());
}

async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    // axe-core is injected above as a global script; its result is plain JSON.
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('help center page', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser));
  });
  beforeEach(() => {
    errors.length = 0;
  });
  afterAll(async () => {
    await context.close();
  });

  it('lists the seven categories, each linking its articles', async () => {
    const res = await visit(page, '/help');
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await shownCategoryTitles(page)).toEqual(HELP_CATEGORIES.map((c) => c.title));
    expect(errors, errors.join('\n')).toEqual([]);
    for (const category of HELP_CATEGORIES) {
      for (const article of category.articles) {
        const link = page.locator(`#${category.id} a[href="/help/${article.id}"]`);
        expect(await link.textContent()).toContain(article.title);
      }
    }
  });

  it('shows the quick start, four popular articles, the header links and the support box', async () => {
    await visit(page, '/help');
    const steps = page.locator('section[aria-labelledby="help-quick-start-heading"] ol > li');
    expect(await steps.count()).toBe(4);
    const stepText = (await steps.allTextContents()).join(' ').toLowerCase();
    for (const words of ['import', 'strateg', 'analy', 'goal']) expect(stepText).toContain(words);

    const popular = page.locator('section[aria-labelledby="help-popular-heading"] li a');
    expect(await popular.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      POPULAR_ARTICLE_IDS.map((id) => `/help/${id}`),
    );

    const explore = page.getByRole('navigation', { name: 'Explore' });
    expect(await explore.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/features',
      '/pricing',
      '/brokers',
      '/contact',
    ]);

    const support = page.locator('section[aria-labelledby="help-contact-heading"]');
    expect(await support.locator(`a[href="mailto:${DEFAULT_PUBLIC_CONFIG.supportEmail}"]`).count()).toBe(1);
    expect((await support.textContent())?.toLowerCase()).toContain('usually responds within 24 hours');
  });

  it.each([
    ['MONTE', ['Advanced Analytics']],
    ['smart GOALS', ['Smart Goals']],
    ['PlayBook', ['Strategies & Rules']],
    ['import', filterHelpCategories(HELP_CATEGORIES, 'import').map((c) => c.title)],
  ])('filters categories case-insensitively for “%s”', async (query, expected) => {
    await visit(page, '/help');
    await page.getByLabel('Search help articles').fill(query);
    await expect.poll(() => shownCategoryTitles(page)).toEqual(expected);
    expect(expected).toEqual(filterHelpCategories(HELP_CATEGORIES, query).map((c) => c.title));
  });

  it('shows a no-results state whose button clears the search', async () => {
    await visit(page, '/help');
    const search = page.getByLabel('Search help articles');
    await search.fill('xyzzy-nothing-here');
    await page.getByText('No results for').waitFor();
    expect(await categoryHeadings(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => categoryHeadings(page).count()).toBe(HELP_CATEGORIES.length);
    expect(await search.inputValue()).toBe('');
  });

  it('does not load the article bodies', async () => {
    const scripts: Promise<string>[] = [];
    const collect = (res: Response) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text());
    };
    page.on('response', collect);
    await visit(page, '/help');
    page.off('response', collect);
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(0);
    // A phrase that only an article body contains.
    expect(code.filter((text) => text.includes('initial risk = |entry price'))).toEqual([]);
  });
});

describe('help articles', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser));
  });
  beforeEach(() => {
    errors.length = 0;
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(HELP_ARTICLE_IDS)('/help/%s answers 200 with its canonical link and title', async (id) => {
    const title = findHelpArticle(id)?.article.title ?? '';
    const res = await page.request.get(`/help/${id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/help/${id}"`));

    await visit(page, `/help/${id}`);
    const h1 = page.locator('h1');
    expect(await h1.count()).toBe(1);
    expect((await h1.textContent())?.trim()).toBe(title);
    // An available article's body has sections; one of a feature not built yet, a single paragraph.
    await page.locator('.prose-eb > *').first().waitFor();
    // The prerendered article hydrates without a mismatch, although its body is a chunk of its own.
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('shows breadcrumb, status notice, related articles, a way back and support', async () => {
    // An available article has no status notice; one of a feature not built yet says so in one line.
    await visit(page, '/help/monte-carlo');
    await page.locator('.prose-eb h2').first().waitFor();
    expect(await page.getByRole('note', { name: 'Feature status' }).count()).toBe(0);

    await visit(page, '/help/goal-creation');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/help',
      '/help#smart-goals',
    ]);
    expect(await page.getByRole('note', { name: 'Feature status' }).textContent()).toContain(
      'Smart goals are not available yet',
    );

    const aside = page.getByRole('complementary', { name: 'More help' });
    const related = await aside
      .locator('a[href^="/help/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const siblings = findHelpArticle('goal-creation')?.category.articles.filter((a) => a.id !== 'goal-creation') ?? [];
    expect(related).toEqual(siblings.map((a) => `/help/${a.id}`));
    expect(await aside.locator(`a[href="mailto:${DEFAULT_PUBLIC_CONFIG.supportEmail}"]`).count()).toBe(1);
    expect(await aside.locator('a[href="/contact"]').count()).toBe(1);

    await page.getByRole('link', { name: 'Back to the Help Center' }).click();
    await page.waitForURL('**/help');
    await categoryHeadings(page).first().waitFor();
  });

  it('answers 404 for an unknown article and says so', async () => {
    const res = await visit(page, '/help/xyz');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    expect(await page.locator('main a[href="/help"]').count()).toBeGreaterThan(0);
    // The 404 body the server sent is the one the app renders: hydration finds no mismatch.
    expect(
      errors.filter((e) => !e.includes('404')),
      errors.join('\n'),
    ).toEqual([]);
  });
});

describe('help article code', () => {
  // A fresh context per test, so every script comes over the network rather than from the cache.
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeEach(async () => {
    ({ context, page, errors } = await openPage(browser));
  });
  afterEach(async () => {
    await context.close();
  });

  it('loads only its own article body, in a chunk of its own', async () => {
    const scripts: { path: string; text: Promise<string> }[] = [];
    const collect = (res: Response) => {
      if (res.request().resourceType() === 'script')
        scripts.push({ path: new URL(res.url()).pathname, text: res.text() });
    };
    page.on('response', collect);
    await visit(page, '/help/monte-carlo');
    page.off('response', collect);
    await page.locator('.prose-eb h2').first().waitFor();
    // Vite names each article's chunk after its module, src/web/content/help/<id>.tsx.
    const articleChunks = HELP_ARTICLE_IDS.filter((id) =>
      scripts.some((s) => new RegExp(`^/assets/${id}-[\\w-]{8}\\.js$`).test(s.path)),
    );
    expect(articleChunks).toEqual(['monte-carlo']);
    const code = await Promise.all(scripts.map((s) => s.text));
    // Phrases that only the Monte Carlo and the R-multiple article contain.
    expect(code.filter((text) => text.includes('replays your own trades thousands of times'))).toHaveLength(1);
    expect(code.filter((text) => text.includes('initial risk = |entry price'))).toEqual([]);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('navigates from the Help Center to an article and between articles without reloading', async () => {
    await visit(page, '/help');
    // Survives client-side navigation only: a full page load would start a fresh window.
    await page.evaluate(() => Object.assign(window, { helpNavigationMarker: true }));
    const requested: string[] = [];
    const collect = (res: Response) => {
      if (res.request().resourceType() === 'script') requested.push(new URL(res.url()).pathname);
    };
    page.on('response', collect);

    const first = findHelpArticle('monte-carlo')?.article.title ?? '';
    await page.locator('#advanced-analytics a[href="/help/monte-carlo"]').click();
    await page.waitForURL('**/help/monte-carlo');
    await expect.poll(async () => (await page.locator('h1').textContent())?.trim()).toBe(first);
    await expect.poll(() => page.locator('.prose-eb').textContent()).toContain('thousands of times');

    // Hold the next article's code back: meanwhile the current article stays, with no spinner in its place.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/risk-metrics-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const next = findHelpArticle('risk-metrics')?.article.title ?? '';
    await page.getByRole('complementary', { name: 'More help' }).getByRole('link', { name: next }).click();
    await page.waitForURL('**/help/risk-metrics');
    await page.waitForTimeout(300);
    expect((await page.locator('h1').textContent())?.trim()).toBe(first);
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
    release();
    await expect.poll(async () => (await page.locator('h1').textContent())?.trim()).toBe(next);
    await expect.poll(() => page.locator('.prose-eb').textContent()).toContain('Sortino');
    expect(await page.locator('.prose-eb').textContent()).not.toContain('thousands of times');
    page.off('response', collect);

    expect(requested.filter((path) => /^\/assets\/(monte-carlo|risk-metrics)-/.test(path))).toHaveLength(2);
    expect(await page.evaluate(() => 'helpNavigationMarker' in window)).toBe(true);
    expect(errors, errors.join('\n')).toEqual([]);
  });
});

describe('help accessibility', () => {
  it.each([
    ['/help', DESKTOP],
    ['/help', PHONE],
    ['/help/monte-carlo', DESKTOP],
    ['/help/strategy-performance', PHONE],
  ] as const)('%s has no serious or critical axe violations (%o)', async (path, viewport) => {
    // The site's Content-Security-Policy forbids inline scripts; bypass it only to inject axe.
    const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
    const page = await context.newPage();
    await visit(page, path);
    if (path !== '/help') await page.locator('.prose-eb h2').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
