import type { PublicConfig } from '../../core/config/operator';
import {
  findPublicPage,
  NOT_FOUND_PAGE,
  PROTECTED_PATHS,
  SHARE_NOT_FOUND_PAGE,
  toCanonicalUrl,
  withBrand,
  type PublicPage,
} from '../../core/site/public-pages';

export type PageHead = { title: string; description: string; canonical: string; noindex: boolean; page: PublicPage };

function titleCase(segment: string): string {
  return segment
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The head of any path: public pages from the catalogue, app pages by name, anything else the 404. */
export function resolvePageHead(path: string, config: PublicConfig): PageHead {
  let page = findPublicPage(path);
  if (!page && path.startsWith('/share/')) page = SHARE_NOT_FOUND_PAGE;
  const appPath = [...PROTECTED_PATHS, '/settings', '/checkout'].find((p) => path === p || path.startsWith(`${p}/`));
  if (!page && appPath) {
    page = {
      path: appPath,
      title: `${titleCase(appPath.slice(1))} | {brand}`,
      description: '',
      kind: 'account',
      noindex: true,
    };
  }
  page ??= NOT_FOUND_PAGE;
  return {
    page,
    title: withBrand(page.title, config.brand),
    description: withBrand(page.description, config.brand),
    canonical: toCanonicalUrl(config.baseUrl, page === NOT_FOUND_PAGE ? path : page.path),
    noindex: page.noindex === true,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags the server sends, so crawlers see them without running JavaScript. */
export function toHeadHtml(head: PageHead, extra = ''): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    '<meta property="og:type" content="website" />',
    extra,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** Keeps the live document's head in step with client-side navigation. */
export function applyPageHead(head: PageHead): void {
  document.title = head.title;
  const ensure = (selector: string, create: () => HTMLElement) => {
    let el = document.head.querySelector<HTMLElement>(selector);
    if (!el) {
      el = create();
      document.head.appendChild(el);
    }
    return el;
  };
  ensure('meta[name="description"]', () =>
    Object.assign(document.createElement('meta'), { name: 'description' }),
  ).setAttribute('content', head.description);
  ensure('link[rel="canonical"]', () =>
    Object.assign(document.createElement('link'), { rel: 'canonical' }),
  ).setAttribute('href', head.canonical);
  const robots = document.head.querySelector('meta[name="robots"]');
  if (head.noindex && !robots) {
    document.head.appendChild(
      Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex, nofollow' }),
    );
  } else if (!head.noindex && robots) {
    robots.remove();
  }
}
