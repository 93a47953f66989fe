import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { HELP_ARTICLE_IDS } from '../../core/site/help-catalogue';
import { HELP_ARTICLE_LOADERS, loadHelpArticle, type HelpArticleBody } from './help-articles';

const articles = new Map<string, HelpArticleBody>();
beforeAll(async () => {
  for (const id of HELP_ARTICLE_IDS) {
    const article = await loadHelpArticle(id);
    if (article) articles.set(id, article);
  }
});

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

  it.each(HELP_ARTICLE_IDS)('%s renders a substantial body with sections', (id) => {
    const html = renderBody(id);
    const words = countWords(html);
    expect(words).toBeGreaterThanOrEqual(250);
    expect(words).toBeLessThanOrEqual(650);
    expect(html.match(/<h2[\s>]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // The article page owns the only h1.
    expect(html).not.toMatch(/<h1[\s>]/);
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
