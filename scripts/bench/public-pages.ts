import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PUBLIC_PAGES } from '../../src/core/site/public-pages';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';

export type PageWeight = {
  path: string;
  scripts: number;
  jsGzipKb: number;
  cssGzipKb: number;
  htmlGzipKb: number;
  loadMs: number;
};

const gzipKb = (buf: Buffer) => gzipSync(buf, { level: 9 }).length / 1024;

/**
 * Loads each public page in Chromium and adds up the gzipped size of every script and stylesheet
 * it fetched before the network went idle, i.e. everything needed before the first interaction.
 */
export async function measurePublicPages(params: { baseUrl: string; distDir: string }): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const results: PageWeight[] = [];
  const paths = [...PUBLIC_PAGES.filter((p) => !p.path.startsWith('/help/')).map((p) => p.path), '/help/monte-carlo'];
  for (const path of paths) {
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/assets/')) assets.add(url.pathname);
    });
    const t0 = performance.now();
    const res = await page.goto(new URL(path, params.baseUrl).href, { waitUntil: 'networkidle' });
    const loadMs = performance.now() - t0;
    const html = Buffer.from((await res?.text()) ?? '');
    let js = 0;
    let css = 0;
    let scripts = 0;
    for (const asset of assets) {
      const size = gzipKb(readFileSync(join(params.distDir, 'web', asset)));
      if (asset.endsWith('.js')) {
        js += size;
        scripts++;
      } else if (asset.endsWith('.css')) css += size;
    }
    results.push({ path, scripts, jsGzipKb: js, cssGzipKb: css, htmlGzipKb: gzipKb(html), loadMs });
    await page.close();
  }
  await browser.close();
  return results;
}
