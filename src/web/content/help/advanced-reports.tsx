import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function AdvancedReportsArticle() {
  return (
    <>
      <p>
        <strong>Advanced Reports</strong> (in the menu) slices your closed trades by any condition of the trade filter,
        groups them, and shows each group’s figures with a 95% confidence interval, so you can tell an edge from luck. A
        report is a link: everything you choose is in the page’s address, so a bookmark or a reload brings back the same
        report.
      </p>

      <h2>Build the filter</h2>
      <ul>
        <li>
          Open <strong>Add a filter</strong> to see every parameter of the filter, grouped (dates, instrument, outcome,
          size, results, timing, journal). Type in <strong>Find a filter</strong> to narrow the list, then pick one: its
          control appears (a date, a list of symbols, a range written <code>min..max</code>, a choice).
        </li>
        <li>
          Each condition in use shows as a chip under the controls; the × on a chip removes it. All conditions must hold
          together. Dates are the day a trade closed, in your time zone.
        </li>
        <li>
          The line under <strong>Filters</strong> counts the closed trades that match, and follows every change.
        </li>
        <li>
          A strategy, tag or account id that is not yours matches nothing. If a link holds a condition that is no longer
          valid, the page opens without it and says which one it left out.
        </li>
      </ul>

      <h2>Group and chart</h2>
      <p>
        <strong>Group by</strong> splits the trades by day, week (from Monday), month or year of the close; weekday or
        hour of the entry; symbol, strategy, tag, side, asset class, account; holding time or R bucket; or the journal’s
        mistakes, emotions and rating. A trade with two tags (mistakes, emotions) counts in both groups; one with none
        is in “Untagged” (“No mistake”, “No emotion”). The chart draws one bar per group of net P&amp;L, expectancy, win
        rate or trade count.
      </p>

      <h2>Read the table</h2>
      <Formula>{`Win rate    = wins ÷ trades (a breakeven is a trade, not a win)
              95% interval: Wilson score
Expectancy  = mean net P&L per trade (after commissions and fees)
              95% interval: mean ± t(0.975, n−1) · s ÷ √n  (Student t)
Avg R       = mean R of the trades that have one, with the same t interval
Profit factor = gross profit ÷ |gross loss|   (∞ with no losing trade)
Max drawdown  = largest fall of cumulative net P&L from its peak, start included`}</Formula>
      <p>
        Amounts are in your accounts’ currency, or your base currency when the filter spans accounts in several (each
        trade converted at its close day’s rate); a trade with no rate is left out and listed apart. A trade within your
        breakeven band (Settings) is neither a win nor a loss. Money is added exactly, to the cent and beyond. A group
        of fewer than 30 trades is marked <strong>Low sample</strong>: its interval is wide, and a ranking built on it
        is not to be trusted. See <HelpLink to="strategy-performance">Strategy performance</HelpLink> for the same
        figures on the Analytics page.
      </p>

      <h2>Compare two filters</h2>
      <p>
        <strong>Compare with…</strong> adds a second filter (B). Both reports are shown side by side on the same
        grouping, with the difference B − A in trades, net P&amp;L, win rate and expectancy.{' '}
        <strong>Stop comparing</strong> removes B.
      </p>

      <h2>Save, pin and export</h2>
      <ul>
        <li>
          <strong>Save this report as</strong> keeps the filters, the compared filter, the grouping and the chart under
          a name. Click a saved report to open it; <strong>Rename</strong>, the pin and the bin rename, pin and delete
          it. Pinned reports are listed first, and each shows on the dashboard as a card with its trades, net P&amp;L,
          win rate and expectancy and a link that opens it here. Saved reports are yours alone.
        </li>
        <li>
          <strong>Export CSV</strong> downloads the grouped table (with the interval ends in their own columns) followed
          by the list of the filter’s closed trades. No cell of it runs as a spreadsheet formula.
        </li>
        <li>
          <strong>Export PDF</strong> downloads a report document: the filters in words and the period, the headline
          figures, the equity curve with its drawdown, the grouped table with intervals, and the first 500 trades (it
          says how many there are in all). The PDF is of the first filter; comparing is on the page only.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: AdvancedReportsArticle,
} satisfies HelpArticleBody;
