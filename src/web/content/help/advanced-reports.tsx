import { HelpLink, type HelpArticleBody } from './article-parts';

function AdvancedReportsArticle() {
  return (
    <p>
      Planned for the report builder: reports that filter every trade by many more conditions than the filter bar
      offers, group and chart the result, and are saved so you can reopen them. Until it arrives, the{' '}
      <HelpLink to="strategy-performance">Analytics breakdown</HelpLink> groups your results by symbol, strategy, tag,
      side, weekday, hour and more.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'The report builder is not available yet: today, filter your trades on the Trades page, export them as CSV from its Export menu, and break results down on the Analytics page.',
  body: AdvancedReportsArticle,
} satisfies HelpArticleBody;
