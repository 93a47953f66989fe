import type { HelpArticleBody } from './article-parts';

function GoalAnalyticsArticle() {
  return (
    <p>
      Planned with the Goals page: how often each goal was met, and your streaks of met goals. This article will
      describe it once goals are in the app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Goal analytics are not available yet: today, Analytics shows your longest win and loss streaks, and the P&L calendar on the Dashboard each day’s result.',
  body: GoalAnalyticsArticle,
} satisfies HelpArticleBody;
