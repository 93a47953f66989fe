import type { HelpArticleBody } from './article-parts';

function AiPatternsArticle() {
  return (
    <p>
      Planned: automatic detection of patterns such as trading more after a loss or holding losers longer than winners.
      This article will describe each one once detection is in the app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Pattern detection is not available yet: today, the Analytics breakdown by Hour of entry, Weekday and Holding time, and the heatmap, show where your results differ.',
  body: AiPatternsArticle,
} satisfies HelpArticleBody;
