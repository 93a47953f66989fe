import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterHelpCategories,
  findHelpArticle,
  HELP_ARTICLE_IDS,
  HELP_CATEGORIES,
  POPULAR_ARTICLE_IDS,
} from './help-catalogue';

const SEED_IDS =
  'r-multiple, csv-import, ai-analysis, strategy-setup, goal-creation, heatmaps, goal-tracking, strategy-rules, monte-carlo, risk-metrics, equity-curve, api-automation, rule-tracking, strategy-performance, goal-types, goal-analytics, ai-patterns, ai-insights, ai-questions, daily-journal, tags-guide, advanced-reports, condition-filters, behavioral-analysis'.split(
    ', ',
  );

describe('the help catalogue', () => {
  it('has the seed’s seven categories and exactly its 24 article ids, each once', () => {
    expect(HELP_CATEGORIES.map((c) => c.title)).toEqual([
      'Advanced Reports',
      'Advanced Analytics',
      'Trade Import',
      'Strategies & Rules',
      'Smart Goals',
      'P&L Calendar & Journal',
      'AI Assistant',
    ]);
    expect([...HELP_ARTICLE_IDS].sort()).toEqual([...SEED_IDS].sort());
    expect(new Set(HELP_ARTICLE_IDS).size).toBe(24);
  });

  it('has four popular articles that exist', () => {
    expect(POPULAR_ARTICLE_IDS).toHaveLength(4);
    for (const id of POPULAR_ARTICLE_IDS) expect(findHelpArticle(id)).toBeDefined();
  });
});

describe('filterHelpCategories', () => {
  it.each([
    ['monte', ['Advanced Analytics']],
    ['MONTE CARLO', ['Advanced Analytics']],
    ['smart goals', ['Smart Goals']],
    ['plain language', ['AI Assistant']],
    ['tags', ['Trade Import']],
    ['zzz-no-match', []],
  ])('"%s" keeps %j', (query, titles) => {
    expect(filterHelpCategories(HELP_CATEGORIES, query).map((c) => c.title)).toEqual(titles);
  });

  it('keeps everything for a blank query', () => {
    expect(filterHelpCategories(HELP_CATEGORIES, '   ')).toHaveLength(7);
  });

  it('ignores case: any casing of a query keeps the same categories', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HELP_CATEGORIES.flatMap((c) => [c.title, c.description, ...c.articles.map((a) => a.title)])),
        fc.integer({ min: 0, max: 20 }),
        (text, start) => {
          const query = text.slice(start % Math.max(1, text.length), (start % Math.max(1, text.length)) + 6);
          const lower = filterHelpCategories(HELP_CATEGORIES, query.toLowerCase()).map((c) => c.id);
          expect(filterHelpCategories(HELP_CATEGORIES, query.toUpperCase()).map((c) => c.id)).toEqual(lower);
          if (query.trim()) expect(lower.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
