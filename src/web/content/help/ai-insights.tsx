import type { HelpArticleBody } from './article-parts';

function AiInsightsArticle() {
  return (
    <p>
      Planned: insights about your trading, each reported only when your sample of trades is large enough to support it.
      This article will explain how they are tested once they are in the app.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Insights are not available yet: today, read your strongest and weakest groups in the Analytics breakdown, sorted by any column.',
  body: AiInsightsArticle,
} satisfies HelpArticleBody;
