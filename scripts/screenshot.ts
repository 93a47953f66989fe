/**
 * Takes full-page screenshots of paths at desktop (1280) and phone (390) width with Debian's Chromium.
 * Usage: npx tsx scripts/screenshot.ts <baseUrl> <outDir> <path> [path…] [--dark] [--top]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/browser';

const args = process.argv.slice(2);
const isDark = args.includes('--dark');
const isTopOnly = args.includes('--top'); // the first screenful only, for a closer look
const [baseUrl, outDir, ...paths] = args.filter((a) => !a.startsWith('--'));
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('Usage: npx tsx scripts/screenshot.ts <baseUrl> <outDir> <path> [path…] [--dark] [--top]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [1280, 390]) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    colorScheme: isDark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const name = `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')}-${width}${isDark ? '-dark' : ''}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: !isTopOnly });
    console.log(join(outDir, name));
  }
  await context.close();
}
await browser.close();
