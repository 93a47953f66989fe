import { FEATURES } from './feature-availability';

/** The Help Center's categories and article ids (seed §2). Article bodies live in the web app. */
export type HelpArticleRef = {
  id: string;
  title: string;
  /** The feature the article is about, when that feature has an entry in FEATURES. */
  feature?: string;
};
export type HelpCategory = {
  id: string;
  title: string;
  icon: 'file-bar-chart' | 'line-chart' | 'upload' | 'book-open' | 'target' | 'calendar' | 'bot';
  description: string;
  articles: HelpArticleRef[];
};

export const HELP_CATEGORIES: HelpCategory[] = [
  {
    id: 'advanced-reports',
    title: 'Advanced Reports',
    icon: 'file-bar-chart',
    description:
      'Coming soon: a report builder with saved reports. Today, filter and export trades on the Trades page.',
    articles: [
      { id: 'advanced-reports', title: 'Building your first advanced report', feature: 'advanced-reports' },
      { id: 'condition-filters', title: 'Condition filters explained', feature: 'advanced-reports' },
      { id: 'behavioral-analysis', title: 'Behavioral analysis with reports', feature: 'advanced-reports' },
    ],
  },
  {
    id: 'advanced-analytics',
    title: 'Advanced Analytics',
    icon: 'line-chart',
    description: 'R-multiples, equity curve and drawdown, heatmaps, Monte Carlo and risk metrics.',
    articles: [
      { id: 'r-multiple', title: 'Understanding R-multiples' },
      { id: 'equity-curve', title: 'Reading your equity curve and drawdown' },
      { id: 'heatmaps', title: 'Time-of-day heatmaps' },
      { id: 'monte-carlo', title: 'Monte Carlo simulation' },
      { id: 'risk-metrics', title: 'Risk metrics: Sharpe, Sortino, VaR and CVaR' },
    ],
  },
  {
    id: 'trade-import',
    title: 'Trade Import',
    icon: 'upload',
    description: 'Bring in executions from broker files or through the API, and organise trades with tags.',
    articles: [
      { id: 'csv-import', title: 'Importing CSV, Excel and TSV files' },
      { id: 'api-automation', title: 'Automating with the API' },
      { id: 'tags-guide', title: 'Organising trades with tags' },
    ],
  },
  {
    id: 'strategies-rules',
    title: 'Strategies & Rules',
    icon: 'book-open',
    description:
      'Your playbook: strategies with written rules, rule checks on every trade, and what each rule is worth.',
    articles: [
      { id: 'strategy-setup', title: 'Setting up a strategy', feature: 'playbook' },
      { id: 'strategy-rules', title: 'Writing strategy rules', feature: 'playbook' },
      { id: 'rule-tracking', title: 'Tracking rule adherence', feature: 'playbook' },
      { id: 'strategy-performance', title: 'Measuring strategy performance' },
    ],
  },
  {
    id: 'smart-goals',
    title: 'Smart Goals',
    icon: 'target',
    description: 'Coming soon: goals that track themselves from your trades.',
    articles: [
      { id: 'goal-creation', title: 'Creating a smart goal', feature: 'goals' },
      { id: 'goal-types', title: 'Goal types and periods', feature: 'goals' },
      { id: 'goal-tracking', title: 'How goals track themselves', feature: 'goals' },
      { id: 'goal-analytics', title: 'Goal analytics and streaks', feature: 'goals' },
    ],
  },
  {
    id: 'pnl-calendar-journal',
    title: 'P&L Calendar & Journal',
    icon: 'calendar',
    description: 'Your days at a glance, with a plan before the session and a review after it.',
    articles: [{ id: 'daily-journal', title: 'Keeping a daily journal' }],
  },
  {
    id: 'ai-assistant',
    title: 'AI Assistant',
    icon: 'bot',
    description: 'Coming soon: questions about your own trades in plain language, answered with numbers.',
    articles: [
      { id: 'ai-analysis', title: 'Analysing trades with the AI assistant', feature: 'ai-assistant' },
      { id: 'ai-questions', title: 'Questions you can ask', feature: 'ai-assistant' },
      { id: 'ai-patterns', title: 'Pattern detection', feature: 'ai-assistant' },
      { id: 'ai-insights', title: 'Insights and how they are tested', feature: 'ai-assistant' },
    ],
  },
];

export const HELP_ARTICLE_IDS: string[] = HELP_CATEGORIES.flatMap((c) => c.articles.map((a) => a.id));

export const POPULAR_ARTICLE_IDS = ['csv-import', 'r-multiple', 'monte-carlo', 'daily-journal'] as const;

/** True when the article is about a feature that is not built yet (FEATURES says so). */
export function isComingSoonArticle(article: HelpArticleRef): boolean {
  return FEATURES.some((f) => f.id === article.feature && f.status === 'placeholder');
}

export function findHelpArticle(id: string): { category: HelpCategory; article: HelpArticleRef } | undefined {
  for (const category of HELP_CATEGORIES) {
    const article = category.articles.find((a) => a.id === id);
    if (article) return { category, article };
  }
  return undefined;
}

/**
 * The Help Center search (seed §2): keeps the categories whose title, description or any article
 * title contains the query, case-insensitively. An empty query keeps everything.
 */
export function filterHelpCategories(categories: readonly HelpCategory[], query: string): HelpCategory[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...categories];
  return categories.filter(
    (c) =>
      c.title.toLowerCase().includes(needle) ||
      c.description.toLowerCase().includes(needle) ||
      c.articles.some((a) => a.title.toLowerCase().includes(needle)),
  );
}
