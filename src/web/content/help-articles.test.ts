import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { FEATURES } from '../../core/site/feature-availability';
import { HELP_ARTICLE_IDS, findHelpArticle, isComingSoonArticle } from '../../core/site/help-catalogue';
import { HELP_ARTICLE_LOADERS, loadHelpArticle, type HelpArticleBody } from './help-articles';

const articles = new Map<string, HelpArticleBody>();
beforeAll(async () => {
  for (const id of HELP_ARTICLE_IDS) {
    const article = await loadHelpArticle(id);
    if (article) articles.set(id, article);
  }
});

const isComingSoon = (id: string) => {
  const ref = findHelpArticle(id)?.article;
  return ref !== undefined && isComingSoonArticle(ref);
};
const AVAILABLE_IDS = HELP_ARTICLE_IDS.filter((id) => !isComingSoon(id));
const COMING_SOON_IDS = HELP_ARTICLE_IDS.filter(isComingSoon);

function renderBody(id: string): string {
  const entry = articles.get(id);
  if (!entry) throw new Error(`no body for ${id}`);
  return renderToStaticMarkup(createElement(Router, { ssrPath: `/help/${id}`, children: createElement(entry.body) }));
}

function countWords(html: string): number {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

describe('HELP_ARTICLE_LOADERS', () => {
  it('has a loader for every catalogue article and no other', () => {
    expect(Object.keys(HELP_ARTICLE_LOADERS).sort()).toEqual([...HELP_ARTICLE_IDS].sort());
    expect([...articles.keys()].sort()).toEqual([...HELP_ARTICLE_IDS].sort());
  });

  it.each(HELP_ARTICLE_IDS)('%s names its status and an ISO update date', (id) => {
    const entry = articles.get(id);
    expect(['available', 'coming-soon']).toContain(entry?.status);
    expect(entry?.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(entry?.updated ?? ''))).toBe(false);
  });

  it.each(HELP_ARTICLE_IDS)('%s is coming soon exactly when its feature is a placeholder', (id) => {
    const ref = findHelpArticle(id)?.article;
    if (ref?.feature) expect(FEATURES.map((f) => f.id)).toContain(ref.feature);
    expect(articles.get(id)?.status).toBe(ref && isComingSoonArticle(ref) ? 'coming-soon' : 'available');
  });

  it.each(AVAILABLE_IDS)('%s, available, renders a substantial body with sections', (id) => {
    const html = renderBody(id);
    const words = countWords(html);
    expect(words).toBeGreaterThanOrEqual(250);
    expect(words).toBeLessThanOrEqual(650);
    expect(html.match(/<h2[\s>]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // The article page owns the only h1.
    expect(html).not.toMatch(/<h1[\s>]/);
  });

  // An article about a feature not built yet says so in one line, then at most a short paragraph on
  // what is planned: no full description of something a trader cannot use.
  it.each(COMING_SOON_IDS)('%s, coming soon, has a one-line notice and one short paragraph', (id) => {
    const entry = articles.get(id);
    if (entry?.status !== 'coming-soon') throw new Error(`${id} is not coming soon`);
    expect(entry.notice).toMatch(/ not available yet/);
    expect(entry.notice).not.toMatch(/\n/);
    expect(entry.notice.length).toBeLessThanOrEqual(220);
    const html = renderBody(id);
    expect(html.match(/<p[\s>]/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(html).not.toMatch(/<(h[1-6]|ul|ol|table|pre)[\s>]/);
    expect(countWords(html)).toBeLessThanOrEqual(80);
  });

  it.each(HELP_ARTICLE_IDS)('%s links only to existing help articles', (id) => {
    const targets = [...renderBody(id).matchAll(/href="\/help\/([^"#?]+)"/g)].map((m) => m[1]);
    for (const target of targets) expect(HELP_ARTICLE_IDS).toContain(target);
  });
});

describe('loadHelpArticle', () => {
  it('loads each article once', () => {
    expect(loadHelpArticle('monte-carlo')).toBe(loadHelpArticle('monte-carlo'));
  });

  it.each(['xyz', 'constructor', 'toString', ''])(
    'resolves to undefined for %j, which is not an article',
    async (id) => {
      expect(await loadHelpArticle(id)).toBeUndefined();
    },
  );
});
