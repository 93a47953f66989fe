import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../../core/config/operator';
import { findPlaceholderMentions, PLACEHOLDER_FEATURES } from '../../core/site/feature-availability';
import { findHelpArticle, isComingSoonArticle } from '../../core/site/help-catalogue';
import { PUBLIC_PAGES } from '../../core/site/public-pages';
import { renderPage } from '../entry-server';
import { NEXT_STEPS } from '../pages/auth/onboarding-page';

const BLOCK_TAGS =
  /<\/?(h[1-6]|p|li|ul|ol|div|section|header|footer|nav|main|article|aside|table|tr|td|th|dt|dd|dl|figure|figcaption|blockquote|pre|button|label|summary|details|br)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', apos: "'" };

/** The visible prose of a page, one block a line. */
function toText(html: string): string {
  return html
    .replace(/<(script|style|head|template)\b[\s\S]*?<\/\1>/gi, '')
    .replace(BLOCK_TAGS, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#x')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (ENTITIES[e] ?? m),
    )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const PLACEHOLDER_ROUTES = PLACEHOLDER_FEATURES.flatMap((f) => f.route ?? []);

/** The placeholder feature a coming-soon article is about: its page says so at the top. */
function ownFeatureOf(path: string): string | undefined {
  const article = path.startsWith('/help/') ? findHelpArticle(path.slice('/help/'.length))?.article : undefined;
  return article && isComingSoonArticle(article) ? article.feature : undefined;
}

/** Every public page as a visitor gets it: the marketing pages, the Help Center and each article. */
const PAGES = [...PUBLIC_PAGES.map((p) => p.path), '/share/some-slug'];

describe('what the public site says', () => {
  it.each(PAGES)('%s names a feature not built yet only to say it is coming', async (path) => {
    const html = await renderPage(path, DEFAULT_PUBLIC_CONFIG);
    const text = toText(html);
    expect(text.length).toBeGreaterThan(0);
    // A coming-soon article's page says at the top that its feature is not available yet: its title,
    // breadcrumb and sibling list may name that feature (and only that one).
    const ownFeature = ownFeatureOf(path);
    if (ownFeature) expect(text).toMatch(/ not available yet/);
    expect(findPlaceholderMentions(text).filter((m) => m.featureId !== ownFeature)).toEqual([]);
  });

  it.each(PUBLIC_PAGES.map((p) => [p.path, p] as const))(
    '%s has a title and description that promise nothing absent',
    (path, page) => {
      const ownFeature = ownFeatureOf(path);
      const mentions = findPlaceholderMentions(`${page.title}\n${page.description}`);
      expect(mentions.filter((m) => m.featureId !== ownFeature)).toEqual([]);
    },
  );

  it.each(PAGES)('%s links to no placeholder page', async (path) => {
    const html = await renderPage(path, DEFAULT_PUBLIC_CONFIG);
    const targets = [...html.matchAll(/href="([^"#?]+)/g)].map((m) => m[1] ?? '');
    const placeholders = targets.filter((t) => PLACEHOLDER_ROUTES.some((r) => t === r || t.startsWith(`${r}/`)));
    expect(placeholders).toEqual([]);
  });

  // After checkout the page shows its next steps only once hydrated (it reads the query string): read them here.
  it('/onboarding?success=true names a feature not built yet only to say it is coming', () => {
    expect(findPlaceholderMentions(NEXT_STEPS.map((s) => `${s.title}\n${s.text}`).join('\n'))).toEqual([]);
  });
});
