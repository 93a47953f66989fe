import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEFAULT_PUBLIC_CONFIG, PRIVACY_LAST_UPDATED, TERMS_LAST_UPDATED } from '../src/core/config/operator';
import { PLANS } from '../src/core/config/plans';
import { SUPPORTED_BROKERS } from '../src/core/site/brokers';
import { findPublicPage, toCanonicalUrl, withBrand } from '../src/core/site/public-pages';
import { findSeriousViolations } from './helpers/axe';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from './helpers/pages';

/** The six marketing pages (seed §2 "Public page contents"), served prerendered by the real server. */

const ROUTES = ['/about', '/features', '/brokers', '/pricing', '/education', '/terms-of-service', '/privacy'] as const;
const brand = DEFAULT_PUBLIC_CONFIG.brand;

let browser: Browser;
let context: BrowserContext | undefined;
let outside: string[] = [];
let pageErrors: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  // Every test checks the same two things on the way out: no outside request, no script error.
  expect(outside).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context?.close();
  context = undefined;
});

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const opened = await openPage(browser, viewport);
  context = opened.context;
  outside = opened.outsideRequests;
  pageErrors = opened.errors;
  const res = await opened.page.goto(path, { waitUntil: 'networkidle' });
  expect(res?.status(), path).toBe(200);
  return opened.page;
}

async function serverHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

const main = (page: Page) => page.locator('main');

describe.each(ROUTES)('%s', (path) => {
  const meta = findPublicPage(path);

  it('is prerendered with its own title and canonical link', async () => {
    expect(meta).toBeDefined();
    const html = await serverHtml(path);
    expect(html).toContain(`<title>${withBrand(meta!.title, brand).replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${toCanonicalUrl(DEFAULT_PUBLIC_CONFIG.baseUrl, path)}" />`);
    expect(html).toMatch(/<main id="main"[^>]*>.*<h1/s);
  });

  it('has its title, exactly one h1 and h2 sections in the browser', async () => {
    const page = await open(path);
    expect(await page.title()).toBe(withBrand(meta!.title, brand));
    expect(await page.locator('h1').count()).toBe(1);
    expect(await main(page).locator('h2').count()).toBeGreaterThan(1);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('has no serious or critical axe violations on %s', async (_name, viewport) => {
    const page = await open(path, viewport);
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await open(path, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('/about', () => {
  it('links to the home page and to the features', async () => {
    const page = await open('/about');
    await expect.poll(() => main(page).locator('a[href="/"]').count()).toBeGreaterThan(0);
    await expect.poll(() => main(page).locator('a[href="/features"]').count()).toBeGreaterThan(0);
    await main(page).getByRole('link', { name: 'Explore features' }).click();
    await page.waitForURL('**/features');
    await expect.poll(() => page.locator('h1').textContent()).toContain('Everything');
  });

  it('sends Organization structured data without a founder, and tells the story as “we”', async () => {
    const html = await serverHtml('/about');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data['@type']).toBe('Organization');
    expect(data.name).toBe(brand);
    expect(data).not.toHaveProperty('founder');
    const page = await open('/about');
    expect(await page.locator('[data-testid="founder"]').count()).toBe(0);
    expect(await main(page).textContent()).toContain('We are a small team of traders and software engineers');
  });
});

/**
 * Opens `path` with extra operator settings merged into the page's embedded config, as an operator
 * who set them would serve it. The prerendered HTML was built with the defaults, so React's
 * hydration mismatch is expected here and its console errors are ignored; outside requests too
 * (the video host is answered locally, and the server's CSP was built without it).
 */
async function openWithConfig(path: string, extra: Record<string, string>): Promise<Page> {
  const opened = await openPage(browser, DESKTOP);
  context = opened.context;
  await opened.page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /(<script type="application\/json" id="edgebook-config">\{)/,
      `$1${Object.entries(extra)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`)
        .join('')}`,
    );
    await route.fulfill({ response, body });
  });
  await opened.page.route('https://video.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  await opened.page.goto(path, { waitUntil: 'networkidle' });
  return opened.page;
}

describe('with operator configuration', () => {
  it('/about shows the configured founder’s name and bio', async () => {
    const page = await openWithConfig('/about', {
      founderName: 'Sam Rivera',
      founderBio: 'Traded futures for ten years before writing code.',
    });
    const founder = page.locator('[data-testid="founder"]');
    await expect.poll(() => founder.count()).toBe(1);
    expect(await founder.textContent()).toContain('Sam Rivera');
    expect(await founder.textContent()).toContain('Traded futures for ten years before writing code.');
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('/privacy names the ad-conversion tag an operator configured', async () => {
    const page = await openWithConfig('/privacy', { adConversionId: 'AW-123456789' });
    await expect.poll(() => main(page).textContent()).toContain('ad-conversion tag');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain('AW-123456789');
    expect(text).not.toContain('There are no advertising or analytics cookies');
  });

  it('/features embeds the configured walkthrough video, lazily, at 16:9', async () => {
    const src = 'https://video.example.com/embed/tour';
    const page = await openWithConfig('/features', { walkthroughVideoUrl: src });
    const iframe = page.locator('iframe[title="Product walkthrough video"]');
    await expect.poll(() => iframe.count()).toBe(1);
    expect(await iframe.getAttribute('src')).toBe(src);
    expect(await iframe.getAttribute('loading')).toBe('lazy');
    const box = await iframe.boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    expect(await page.getByRole('tab').count()).toBe(0);
  });

  afterEach(() => {
    outside = [];
    pageErrors = [];
  });
});

describe('/features', () => {
  const CATEGORIES = [
    'Data Import & Management',
    'Analytics & Performance',
    'Strategy Development',
    'AI-Powered Insights',
    'Reporting & Export',
  ];

  it('presents the five categories as sections, in order', async () => {
    const page = await open('/features');
    const headings = await main(page).locator('section[id] > div h2').allTextContents();
    // A category whose features are all still being built carries a "Coming soon" badge after its name.
    expect(headings.map((h) => h.replace(/Coming soon$/, '').trim())).toEqual(CATEGORIES);
  });

  it('shows a walkthrough of app screenshots in place of the video when none is configured', async () => {
    const page = await open('/features');
    expect(await page.locator('iframe').count()).toBe(0);
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(5);
    const panel = page.getByRole('tabpanel'); // hidden panels are out of the accessibility tree
    expect(await panel.textContent()).toContain(`Step 1 of ${count}`);
    await page.getByRole('tab', { name: /Read your analytics/ }).click();
    await expect.poll(() => panel.textContent()).toMatch(/Step \d+ of/);
    const analytics = Number(/Step (\d+) of/.exec((await panel.textContent()) ?? '')?.[1]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => panel.textContent()).toContain(`Step ${analytics + 1} of ${count}`);
    expect(await tabs.nth(analytics).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect.poll(() => panel.textContent()).toContain(`Step ${analytics + 2} of ${count}`);
  });

  it('shows real screenshots that load, with alt text, sizes and lazy loading after the first', async () => {
    const page = await open('/features');
    const shots = page.getByTestId('feature-screenshot');
    const total = await shots.count();
    expect(total).toBeGreaterThanOrEqual(5);
    // Only the first loads with the page; the others wait until their step is shown.
    expect(await shots.first().getAttribute('loading')).toBe('eager');
    for (let i = 1; i < total; i++) expect(await shots.nth(i).getAttribute('loading')).toBe('lazy');
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      const visible = page.getByRole('tabpanel').getByTestId('feature-screenshot');
      expect(await visible.count()).toBeGreaterThan(0);
      for (const img of await visible.all()) {
        const src = await img.getAttribute('src');
        expect(src, 'same-origin screenshot').toMatch(/^\/features\/[a-z-]+\.jpg$/);
        expect((await img.getAttribute('alt'))?.trim().length, src!).toBeGreaterThan(20);
        expect(Number(await img.getAttribute('width')), src!).toBeGreaterThan(0);
        expect(Number(await img.getAttribute('height')), src!).toBeGreaterThan(0);
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: src! })
          .toBeGreaterThan(0);
      }
    }
  });
});

describe('/brokers', () => {
  it('lists the 25 brokers of the seed, in order', async () => {
    const page = await open('/brokers');
    const names = await page.locator('[data-testid="broker-list"] > li h3').allTextContents();
    expect(names).toEqual(SUPPORTED_BROKERS.map((b) => b.name));
    expect(names).toHaveLength(25);
  });

  it('covers asset types, file formats and how to request a broker', async () => {
    const page = await open('/brokers');
    const text = (await main(page).textContent()) ?? '';
    for (const word of [
      'Stocks & ETFs',
      'Options',
      'Futures',
      'Forex',
      'Crypto',
      'CFDs',
      'CSV',
      '.xlsx',
      '.xls',
      '.tsv',
      '10-20 rows',
      '24 hours',
    ]) {
      expect(text, word).toContain(word);
    }
    expect(await main(page).getByRole('link', { name: 'Request a broker' }).getAttribute('href')).toBe('/contact');
  });

  it('filters the list by asset type', async () => {
    const page = await open('/brokers');
    await page.getByRole('button', { name: 'Crypto', exact: true }).click();
    const expected = SUPPORTED_BROKERS.filter((b) => b.assets.includes('crypto')).map((b) => b.name);
    await expect.poll(() => page.locator('[data-testid="broker-list"] > li h3').allTextContents()).toEqual(expected);
    const names = await page.locator('[data-testid="broker-list"] > li h3').allTextContents();
    expect(names).toContain('Coinbase');
    expect(names).not.toContain('Fidelity');
  });
});

describe('/pricing', () => {
  it('shows both prices, the annual saving, and Sign Up links to /signup', async () => {
    const page = await open('/pricing');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain(`$${PLANS.premium_monthly.price}`);
    expect(text).toContain(`$${PLANS.premium_yearly.price}`);
    expect(text).toContain(`$${PLANS.premium_yearly.pricePerMonth}`);
    expect(text).toContain('Save $50');
    expect(text).toContain('17%');
    expect(text).toContain('30-day money-back guarantee');
    expect(text).toContain('AI assistant');
    const signUps = main(page).getByRole('link', { name: /Sign Up/ });
    expect(await signUps.count()).toBeGreaterThanOrEqual(2);
    for (const href of await signUps.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      expect(href).toBe('/signup');
  });

  it('switches the Premium card to annual billing', async () => {
    const page = await open('/pricing');
    await page.getByRole('button', { name: /Annual/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /Annual/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await main(page).locator('[aria-live="polite"]').textContent()).toContain(`$${PLANS.premium_yearly.price}`);
  });

  it('answers the FAQ: cancelling, trial data deletion, brokers, security and refunds', async () => {
    const page = await open('/pricing');
    const questions = await main(page).locator('details summary').allTextContents();
    for (const topic of [/cancel/i, /data.*trial/i, /broker/i, /secure/i, /money-back/i]) {
      expect(
        questions.some((q) => topic.test(q)),
        String(topic),
      ).toBe(true);
    }
    await main(page).locator('summary', { hasText: 'What happens to my data' }).click();
    expect(await main(page).locator('details[open]').textContent()).toContain(
      `deleted automatically ${DEFAULT_PUBLIC_CONFIG.trialDataRetentionDays} days after the trial ends`,
    );
  });
});

describe('/education', () => {
  it('shows the computed expectancy examples and a Start Free Trial link', async () => {
    const page = await open('/education');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain('R = net P&L ÷ initial risk');
    expect(text).toContain('initial risk = |entry − stop| × size × multiplier');
    expect(text).toContain('−0.2R');
    expect(text).toContain('+0.6R');
    expect(text).toContain('+0.2R');
    expect(text).not.toContain('−0.4R');
    expect(text).toContain('+2.3R'); // the dollar example: $690 net on $300 risk
    const trial = main(page).getByRole('link', { name: 'Start Free Trial' });
    expect(await trial.getAttribute('href')).toBe('/signup');
  });
});

/** A legal page's table of contents links to each of its sections, in order. */
async function expectContentsToLinkEach(page: Page, sections: Locator) {
  const ids = await sections.evaluateAll((els) => els.map((el) => el.id));
  const tocHrefs = await main(page)
    .getByRole('navigation', { name: 'Contents' })
    .locator('a')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(tocHrefs).toEqual(ids.map((id) => `#${id}`));
}

/** Visible elements of the page that reach past either side of the viewport. */
const findWiderThanViewport = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`),
  );

describe('/privacy', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('is where the footer’s Privacy Policy link leads on %s', async (_name, viewport) => {
    const page = await open('/', viewport);
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Privacy Policy');
    expect(await page.title()).toBe(withBrand(findPublicPage('/privacy')!.title, brand));
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(await findWiderThanViewport(page)).toEqual([]);
  });

  it('says what the app keeps, with the configured values, and links its contents', async () => {
    const page = await open('/privacy');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain('Last updated');
    expect(await main(page).locator('time').getAttribute('datetime')).toBe(PRIVACY_LAST_UPDATED);
    for (const fact of [
      'argon2id',
      'eb_session',
      'eb_device',
      'removed when the import is done or fails',
      'up to five sample values',
      'Stripe',
      'test checkout',
      `kept for ${DEFAULT_PUBLIC_CONFIG.trialDataRetentionDays} days after the trial ends`,
      'There are no advertising or analytics cookies',
      'Export downloads your trades as CSV',
      DEFAULT_PUBLIC_CONFIG.supportEmail,
      DEFAULT_PUBLIC_CONFIG.companyLegalName,
    ]) {
      expect(text, fact).toContain(fact);
    }
    const sections = main(page).locator('article > section[id]');
    await expectContentsToLinkEach(page, sections);
  });
});

describe('/terms-of-service', () => {
  it('has 18 numbered sections, the update date, and a table of contents that links to them', async () => {
    const page = await open('/terms-of-service');
    expect(await main(page).textContent()).toContain(`Last updated ${TERMS_LAST_UPDATED}`);
    expect(TERMS_LAST_UPDATED).toBe('October 21, 2025');
    const sections = main(page).locator('article > section[id]');
    expect(await sections.count()).toBe(18);
    await expectContentsToLinkEach(page, sections);
    const headings = await sections.locator('h2').allTextContents();
    headings.forEach((h, i) => expect(h.startsWith(`${i + 1}.`), h).toBe(true));
  });

  it('states the seed’s legal terms with the configured values', async () => {
    const page = await open('/terms-of-service');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain('not financial');
    expect(text).toContain('AS IS');
    expect(text).toContain('12 MONTHS');
    expect(text).toContain('US $100');
    expect(text).toContain('automatically');
    expect(text).toContain(`US $${PLANS.premium_monthly.price}`);
    expect(text).toContain('30-day money-back guarantee');
    expect(text).toContain('non-refundable');
    expect(text).toContain('30 days');
    expect(text).toContain('60 days');
    expect(text).toContain(`laws of the State of ${DEFAULT_PUBLIC_CONFIG.governingLawState}`);
    expect(text).toContain(DEFAULT_PUBLIC_CONFIG.supportEmail);
    expect(text).toContain(DEFAULT_PUBLIC_CONFIG.companyLegalName);
    for (const title of ['Termination', 'Intellectual property', 'Indemnification']) {
      expect(
        await main(page)
          .getByRole('heading', { name: new RegExp(title) })
          .count(),
        title,
      ).toBe(1);
    }
  });
});
