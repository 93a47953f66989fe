import type { HelpArticleBody } from './article-parts';

function GoalTrackingArticle() {
  return (
    <p>
      Planned: each goal’s progress updated from your imported trades, with no manual ticking. This article will explain
      how progress is counted once goals are in the app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice: 'Smart goals are not available yet: today, the P&L calendar on the Dashboard shows each day’s result.',
  body: GoalTrackingArticle,
} satisfies HelpArticleBody;
