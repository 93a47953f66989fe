import { use } from 'react';
import type { HelpArticleBody } from './help/article-parts';

export type { HelpArticleBody, HelpArticleStatus } from './help/article-parts';

type HelpArticleModule = { default: HelpArticleBody };

/**
 * One loader per Help Center article (seed §2 lists the ids; the catalogue in core/site holds titles),
 * so each article's text is a chunk of its own and an article page loads only the article it shows.
 * The unit test keeps the keys in step with HELP_ARTICLE_IDS.
 */
export const HELP_ARTICLE_LOADERS: Record<string, () => Promise<HelpArticleModule>> = {
  'advanced-reports': () => import('./help/advanced-reports'),
  'condition-filters': () => import('./help/condition-filters'),
  'behavioral-analysis': () => import('./help/behavioral-analysis'),
  'r-multiple': () => import('./help/r-multiple'),
  'equity-curve': () => import('./help/equity-curve'),
  heatmaps: () => import('./help/heatmaps'),
  'monte-carlo': () => import('./help/monte-carlo'),
  'risk-metrics': () => import('./help/risk-metrics'),
  'csv-import': () => import('./help/csv-import'),
  'api-automation': () => import('./help/api-automation'),
  'tags-guide': () => import('./help/tags-guide'),
  'strategy-setup': () => import('./help/strategy-setup'),
  'strategy-rules': () => import('./help/strategy-rules'),
  'rule-tracking': () => import('./help/rule-tracking'),
  'strategy-performance': () => import('./help/strategy-performance'),
  'goal-creation': () => import('./help/goal-creation'),
  'goal-types': () => import('./help/goal-types'),
  'goal-tracking': () => import('./help/goal-tracking'),
  'goal-analytics': () => import('./help/goal-analytics'),
  'daily-journal': () => import('./help/daily-journal'),
  'ai-analysis': () => import('./help/ai-analysis'),
  'ai-questions': () => import('./help/ai-questions'),
  'ai-patterns': () => import('./help/ai-patterns'),
  'ai-insights': () => import('./help/ai-insights'),
};

const loaded = new Map<string, HelpArticleBody>();
const pending = new Map<string, Promise<HelpArticleBody>>();

/** Own keys only: an id such as `constructor` is not an article. */
function findLoader(id: string): (() => Promise<HelpArticleModule>) | undefined {
  return Object.hasOwn(HELP_ARTICLE_LOADERS, id) ? HELP_ARTICLE_LOADERS[id] : undefined;
}

/** The one promise per article, so `use` sees the same promise on every render. */
function loadArticleModule(id: string, load: () => Promise<HelpArticleModule>): Promise<HelpArticleBody> {
  let promise = pending.get(id);
  if (!promise) {
    promise = load().then(
      (m) => {
        loaded.set(id, m.default);
        return m.default;
      },
      (error: unknown) => {
        pending.delete(id); // a failed chunk download is tried again on the next visit
        throw error;
      },
    );
    pending.set(id, promise);
  }
  return promise;
}

/** Loads an article's module once; resolves to undefined for an id that is not an article. */
export function loadHelpArticle(id: string): Promise<HelpArticleBody | undefined> {
  const load = findLoader(id);
  return load ? loadArticleModule(id, load) : Promise.resolve(undefined);
}

/**
 * An article's body, suspending while its module loads. A prerendered article page preloads it before
 * hydration (see the page's `preloadContent`), so there it never suspends.
 */
export function useHelpArticle(id: string): HelpArticleBody | undefined {
  const load = findLoader(id);
  if (!load) return undefined;
  return loaded.get(id) ?? use(loadArticleModule(id, load));
}
