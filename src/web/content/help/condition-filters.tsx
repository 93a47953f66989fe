import type { HelpArticleBody } from './article-parts';

function ConditionFiltersArticle() {
  return (
    <p>
      Planned with the report builder: conditions on size, price, R, holding time and journal fields, combined as you
      choose. The filters of the Trades and Analytics pages are kept in the address, so a filtered view can already be
      bookmarked.
    </p>
  );
}

export default {
  status: 'coming-soon',
  updated: '2026-12-02',
  notice:
    'Condition filters for reports are not available yet: today, the filter bar on Trades and Analytics filters by dates, account, symbols, side, outcome, strategies and tags.',
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
