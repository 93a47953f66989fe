import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PROTECTED_PATHS } from '../../../core/site/public-pages';

/** Where the build writes prerendered pages: one file per public path (see scripts/prerender.ts). */
export const PAGES_DIR_NAME = 'pages';
export const NOT_FOUND_FILE = '404.html';
export const SHARE_NOT_FOUND_FILE = 'share-not-found.html';
export const APP_SHELL_FILE = 'app-shell.html';
/**
 * The public URL the pages are prerendered with: the server puts its own PUBLIC_URL in its place as
 * it loads them, so one build serves any port or public URL. Plain characters only, so it reads the
 * same in an attribute, a JSON block and text; `.invalid` can never be a real host (RFC 2606).
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.edgebook.invalid';
const PLACEHOLDER_HOST = new URL(PUBLIC_URL_PLACEHOLDER).host;

/** `/` → `index.html`, `/help/r-multiple` → `help/r-multiple.html`. */
export function toPageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

export type SitePages = {
  /** The prerendered HTML for a public path, or undefined. */
  get: (path: string) => string | undefined;
  notFound: string;
  shareNotFound: string;
  appShell: string;
};

/**
 * `baseUrl` as the pages carry it in place of the placeholder: no trailing slash (as in their canonical
 * links), and the few characters a URL may hold that would mean something in HTML or JSON
 * (`&`, `'`, `"`, `<`, `>`, `\`) percent-encoded, so the same text is right in every place.
 */
export function toPageBaseUrl(baseUrl: string): string {
  return baseUrl
    .replace(/\/+$/, '')
    .replace(/[&'"<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Puts `baseUrl` where a prerendered page has the placeholder. Throws when the page names the
 * placeholder's host otherwise (the prerender wrote the public URL in a form this cannot replace).
 */
export function toServedPage(html: string, baseUrl: string): string {
  const parts = html.split(PUBLIC_URL_PLACEHOLDER);
  if (parts.some((part) => part.includes(PLACEHOLDER_HOST)))
    throw new Error(`A prerendered page holds the public URL in a form other than ${PUBLIC_URL_PLACEHOLDER}`);
  return parts.join(toPageBaseUrl(baseUrl));
}

/**
 * Loads every prerendered page into memory once, at start-up, with the server's public URL put in:
 * they are small and never change while running.
 */
export function loadSitePages(distDir: string, baseUrl: string): SitePages | null {
  const dir = join(distDir, PAGES_DIR_NAME);
  if (!existsSync(dir)) return null;
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html'))
        files.set(relative(dir, full).split(sep).join('/'), toServedPage(readFileSync(full, 'utf8'), baseUrl));
    }
  };
  walk(dir);
  const required = (file: string) => {
    const html = files.get(file);
    if (html === undefined)
      throw new Error(`The build is incomplete: ${join(dir, file)} is missing. Run npm run build.`);
    return html;
  };
  return {
    get: (path) => files.get(toPageFile(path)),
    notFound: required(NOT_FOUND_FILE),
    shareNotFound: required(SHARE_NOT_FOUND_FILE),
    appShell: required(APP_SHELL_FILE),
  };
}

/**
 * Marks the build `distDir` as served by this process until the returned function is called, so a
 * later build's pruning keeps it (scripts/build-output.mjs reads `.in-use/<pid>`; a dead pid's mark counts
 * for nothing).
 */
export function markBuildInUse(distDir: string): () => void {
  const mark = join(distDir, '.in-use', String(process.pid));
  if (!existsSync(join(distDir, '.build-stamp'))) return () => {}; // not one of the builds there (a test's pages)
  try {
    mkdirSync(join(distDir, '.in-use'), { recursive: true });
    writeFileSync(mark, '');
  } catch {
    return () => {}; // a read-only build is never pruned by this checkout either
  }
  return () => rmSync(mark, { force: true });
}

/** Pages rendered in the browser only: the protected app, settings and the local test checkout. */
const CLIENT_RENDERED = [...PROTECTED_PATHS, '/settings', '/checkout'];

export function isProtectedPath(path: string): boolean {
  return CLIENT_RENDERED.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Normalises a request path: no query, no trailing slash (but keeps `/`), decoded. */
export function toRequestPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
