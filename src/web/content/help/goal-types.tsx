import type { HelpArticleBody } from './article-parts';

function GoalTypesArticle() {
  return (
    <p>
      Planned: goals on net P&L, win rate, profit factor, average R, maximum daily loss and trade counts, per day, week
      or month. This article will list each type once goals are in the app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Smart goals are not available yet, so there are no goal types to choose from: today, Analytics shows net P&L, win rate, profit factor, expectancy and average R for any date range you filter.',
  body: GoalTypesArticle,
} satisfies HelpArticleBody;
