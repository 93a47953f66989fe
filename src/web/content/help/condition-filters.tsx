import { HelpLink, type HelpArticleBody } from './article-parts';

function ConditionFiltersArticle() {
  return (
    <>
      <p>
        A condition filter keeps the trades that meet every condition you set. The same filter runs everywhere: the
        Trades list, its CSV export, every Analytics figure and{' '}
        <HelpLink to="advanced-reports">Advanced Reports</HelpLink>. On Advanced Reports every parameter of the filter
        can be added from one list; the Trades and Analytics pages show the most used ones.
      </p>

      <h2>The parameters</h2>
      <ul>
        <li>
          <strong>Dates</strong>: from and to (the day a trade closed, in your time zone; open trades by the day they
          opened), opened from and opened to.
        </li>
        <li>
          <strong>Instrument</strong>: symbol search (a ticker also finds its options and futures), symbols, not these
          symbols, asset classes, accounts.
        </li>
        <li>
          <strong>Direction and outcome</strong>: side, status (open or closed), outcome (win, loss or breakeven by net
          P&amp;L).
        </li>
        <li>
          <strong>Size, results and timing</strong>: quantity, net P&amp;L, R-multiple and holding time in seconds, each
          a range.
        </li>
        <li>
          <strong>Journal</strong>: strategies, not these strategies, has a strategy, any / all / none of the tags, has
          notes.
        </li>
      </ul>
      <p>More parameters are being added to the same list; each appears in the builder as soon as it exists.</p>

      <h2>How values are written</h2>
      <ul>
        <li>
          A range is <code>min..max</code>, both ends included, either end left out: <code>-50..</code> is “at least
          −50”, <code>..3600</code> “at most 3,600”. A min above the max is refused.
        </li>
        <li>
          Lists match any of their values: symbols <code>AAPL, MSFT</code> keeps both.
        </li>
        <li>Ids of strategies, tags or accounts that are not yours match nothing; they never show anyone’s trades.</li>
      </ul>

      <h2>Filters in links</h2>
      <p>
        Every condition is kept in the page’s address, one parameter per field (<code>symbols=AAPL,MSFT</code>,{' '}
        <code>netPnl=-50..</code>), so a filtered view is a link you can bookmark or send to yourself. A link whose
        condition is no longer valid opens without it, and the page names what it left out. The API takes the same
        filter as JSON in its <code>filter</code> parameter and answers a 400 naming the parameter that is wrong.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
