import type { HelpArticleBody } from './article-parts';

function GoalCreationArticle() {
  return (
    <p>
      Planned for the Goals page: goals on results such as net P&L, win rate or a daily loss limit, each with a period,
      that are checked against your trades as they are imported. This article will describe them once they are in the
      app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Smart goals are not available yet: today, the Dashboard shows your net P&L, win rate, profit factor, expectancy and max drawdown for any account.',
  body: GoalCreationArticle,
} satisfies HelpArticleBody;
