import { HelpLink, type HelpArticleBody } from './article-parts';

function BehavioralAnalysisArticle() {
  return (
    <p>
      Planned with the report builder: reports on the Mistakes, Emotions and Rating you record in each trade’s dialog.
      Read <HelpLink to="tags-guide">Organising trades with tags</HelpLink> to start recording your behaviour in a form
      the Analytics breakdown can already compare.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Behavioral analysis reports are not available yet: today, tag trades with labels such as “FOMO” or “revenge” and compare them in Analytics, Breakdown by Tag.',
  body: BehavioralAnalysisArticle,
} satisfies HelpArticleBody;
