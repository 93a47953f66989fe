/** The Help Center's categories and article ids (seed §2). Article bodies live in the web app. */
export type HelpArticleRef = { id: string; title: string };
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
    description: 'Filter every trade by 60+ parameters, save reports and export them as PDF or CSV.',
    articles: [
      { id: 'advanced-reports', title: 'Building your first advanced report' },
      { id: 'condition-filters', title: 'Condition filters explained' },
      { id: 'behavioral-analysis', title: 'Behavioral analysis with reports' },
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
    description: 'Bring in executions from broker files and connections, or through the API.',
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
    description: 'Write your playbook, check your rules on every trade and see what each rule is worth.',
    articles: [
      { id: 'strategy-setup', title: 'Setting up a strategy' },
      { id: 'strategy-rules', title: 'Writing strategy rules' },
      { id: 'rule-tracking', title: 'Tracking rule adherence' },
      { id: 'strategy-performance', title: 'Measuring strategy performance' },
    ],
  },
  {
    id: 'smart-goals',
    title: 'Smart Goals',
    icon: 'target',
    description: 'Goals that track themselves from your trades: progress, status and streaks.',
    articles: [
      { id: 'goal-creation', title: 'Creating a smart goal' },
      { id: 'goal-types', title: 'Goal types and periods' },
      { id: 'goal-tracking', title: 'How goals track themselves' },
      { id: 'goal-analytics', title: 'Goal analytics and streaks' },
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
    description: 'Ask questions about your own trades in plain language and get numbers back.',
    articles: [
      { id: 'ai-analysis', title: 'Analysing trades with the AI assistant' },
      { id: 'ai-questions', title: 'Questions you can ask' },
      { id: 'ai-patterns', title: 'Pattern detection' },
      { id: 'ai-insights', title: 'Insights and how they are tested' },
    ],
  },
];

export const HELP_ARTICLE_IDS: string[] = HELP_CATEGORIES.flatMap((c) => c.articles.map((a) => a.id));

export const POPULAR_ARTICLE_IDS = ['csv-import', 'r-multiple', 'monte-carlo', 'goal-creation'] as const;

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
