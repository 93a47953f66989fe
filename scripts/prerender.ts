/**
 * Build step: renders every public page to static HTML with its head tags (title, description,
 * canonical, structured data) so crawlers and first paint need no JavaScript.
 * Writes dist/pages/<path>.html, 404.html, share-not-found.html and app-shell.html. The public URL in
 * them is a placeholder the server replaces with its own (site-pages.ts), so the build does not
 * depend on PORT or PUBLIC_URL.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_PAGES } from '../src/core/site/public-pages';
import { loadPublicConfig } from '../src/server/config';
import {
  APP_SHELL_FILE,
  NOT_FOUND_FILE,
  PAGES_DIR_NAME,
  PUBLIC_URL_PLACEHOLDER,
  SHARE_NOT_FOUND_FILE,
  toPageFile,
  toServedPage,
} from '../src/server/modules/site';
import { toStructuredDataHtml } from '../src/web/lib/structured-data';

const root = resolve(import.meta.dirname, '..');
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const template = readFileSync(join(dist, 'web', 'index.html'), 'utf8');
type ServerEntry = typeof import('../src/web/entry-server');
const entry = (await import(pathToFileURL(join(dist, 'ssr', 'entry-server.js')).href)) as ServerEntry;
const config = { ...loadPublicConfig(), baseUrl: PUBLIC_URL_PLACEHOLDER };

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const configBlock = `<script type="application/json" id="edgebook-config">${escapeJson(config)}</script>`;

function toDocument(params: { head: string; body: string }): string {
  return template
    .replace('<!--app-head-->', params.head)
    .replace('<!--app-html-->', params.body)
    .replace('<!--app-data-->', configBlock);
}

const outDir = join(dist, PAGES_DIR_NAME);
rmSync(outDir, { recursive: true, force: true });
const write = (file: string, html: string) => {
  const target = join(outDir, file);
  mkdirSync(dirname(target), { recursive: true });
  toServedPage(html, PUBLIC_URL_PLACEHOLDER); // throws if the server could not put its public URL in
  writeFileSync(target, html);
};

const started = performance.now();
const targets = [
  ...PUBLIC_PAGES.map((p) => ({ path: p.path, file: toPageFile(p.path) })),
  { path: '/__edgebook_not_found__', file: NOT_FOUND_FILE },
  { path: '/share/__missing__', file: SHARE_NOT_FOUND_FILE },
];
for (const target of targets) {
  const head = entry.resolvePageHead(target.path, config);
  const body = await entry.renderPage(target.path, config);
  write(target.file, toDocument({ head: entry.toHeadHtml(head, toStructuredDataHtml(target.path, config)), body }));
}
// Protected routes render in the browser after the auth check: an empty root, never indexed.
const shellHead = entry.toHeadHtml({ ...entry.resolvePageHead('/dashboard', config), title: config.brand });
write(APP_SHELL_FILE, toDocument({ head: shellHead, body: '' }));
console.log(`Prerendered ${targets.length + 1} pages in ${Math.round(performance.now() - started)} ms`);
