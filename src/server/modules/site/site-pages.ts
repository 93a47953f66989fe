import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PROTECTED_PATHS } from '../../../core/site/public-pages';

/** Where the build writes prerendered pages: one file per public path (see scripts/prerender.ts). */
export const PAGES_DIR_NAME = 'pages';
export const NOT_FOUND_FILE = '404.html';
export const SHARE_NOT_FOUND_FILE = 'share-not-found.html';
export const APP_SHELL_FILE = 'app-shell.html';

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

/** Loads every prerendered page into memory once, at start-up: they are small and never change while running. */
export function loadSitePages(distDir: string): SitePages | null {
  const dir = join(distDir, PAGES_DIR_NAME);
  if (!existsSync(dir)) return null;
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html')) files.set(relative(dir, full).split(sep).join('/'), readFileSync(full, 'utf8'));
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
