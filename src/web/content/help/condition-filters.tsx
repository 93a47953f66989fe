import type { HelpArticleBody } from './article-parts';

function ConditionFiltersArticle() {
  return (
    <p>
      Planned with the report builder: the same conditions grouped into reports you can save and export. Today, on the
      Trades page, Add filter offers every condition (dates and hours, instrument, outcome, size and price, results,
      risk, timing, journal), each shown as a removable chip and kept in the address, so a filtered view can be
      bookmarked.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-03',
  notice:
    'Reports built from condition filters are not available yet: today, the Trades page’s Add filter offers every condition.',
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
