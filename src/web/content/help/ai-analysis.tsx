import { HelpLink, type HelpArticleBody } from './article-parts';

function AiAnalysisArticle() {
  return (
    <p>
      Planned for the AI assistant: questions about your own trades in plain language, answered with the figures the
      Analytics page computes. The only part of the app that uses a language model today is import, which may suggest a
      column’s role when the detector is unsure; see{' '}
      <HelpLink to="csv-import">Importing CSV, Excel and TSV files</HelpLink>.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'The AI assistant is not available yet: today, the Analytics page answers the same questions with filters, breakdowns, heatmaps and risk metrics.',
  body: AiAnalysisArticle,
} satisfies HelpArticleBody;
