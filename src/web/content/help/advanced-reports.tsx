import { HELP_ARTICLES_UPDATED, Formula, HelpLink, type HelpArticleBody } from './article-parts';

function AdvancedReportsArticle() {
  return (
    <>
      <p>
        Advanced Reports answer one precise question about your trading at a time: “How do my option trades do on
        Fridays?”, “What happens after two losses in a row?”, “Which setups lose money in the first 15 minutes?”. A
        report is three choices: a <strong>filter</strong> (which trades), a <strong>grouping</strong> (how to split
        them) and a <strong>chart</strong>.
      </p>

      <h2>Build your first report</h2>
      <ol>
        <li>
          Open <strong>Advanced Reports</strong> from the app menu.
        </li>
        <li>
          Pick a date range or a preset such as “Last 90 days”. Dates and hours are shown in the time zone set in your
          profile.
        </li>
        <li>
          Add filters. There are more than 60 parameters, for example <em>Asset class is option</em> or{' '}
          <em>Weekday is Friday</em>. See <HelpLink to="condition-filters">Condition filters explained</HelpLink> for
          the full list.
        </li>
        <li>
          Choose a grouping: symbol, strategy, tag, side, asset class, weekday, hour, month, holding time or R bucket.
        </li>
        <li>
          Choose a chart: a bar per group, the equity curve of the filtered trades, or their R-multiple distribution.
        </li>
        <li>
          Select <strong>Save</strong> and give the report a name. Saved reports are listed on the same page.
        </li>
      </ol>

      <h2>What each group shows</h2>
      <p>
        Every group lists its number of trades, win rate, net P&amp;L, profit factor, average win and loss, and
        expectancy in dollars and in R. The formulas are the same as everywhere else in the app:
      </p>
      <Formula>{`win rate      = wins ÷ all closed trades   (breakevens count as trades)
profit factor = gross profit ÷ |gross loss|
expectancy    = mean net P&L per trade
expectancy R  = mean R-multiple of the trades that have a stop`}</Formula>
      <p>
        Each figure comes with its sample size and a 95% confidence interval. A group with only a handful of trades is
        marked, because a great-looking number on eight trades is usually luck.
      </p>

      <h2>A report is a link</h2>
      <p>
        The whole report, with every filter, the grouping and the chart, is stored in the page address. Bookmark it,
        paste it into your notes, or open it again next month and it will show the same question on your newer trades.
      </p>

      <h2>Export and share</h2>
      <ul>
        <li>
          <strong>CSV</strong>: one row per trade, or one row per group, ready for a spreadsheet.
        </li>
        <li>
          <strong>PDF</strong>: the chart and the table, for your records or a mentor.
        </li>
        <li>
          <strong>Share</strong>: creates a public link. You can hide dollar amounts (only R and % are shown) and the
          account name. Notes and screenshots are never included unless you tick them. A shared link can be revoked at
          any time, and you can see how often it was viewed.
        </li>
      </ul>

      <h2>Example: are my afternoon trades worth taking?</h2>
      <ol>
        <li>Filter on hour of entry from 13:00 to 16:00.</li>
        <li>Group by strategy.</li>
        <li>
          Compare each strategy’s expectancy in R and its confidence interval with the same report for morning entries.
        </li>
      </ol>
      <p>
        If an interval lies clearly below zero on a decent sample, that strategy is costing you money in the afternoon.
        Turn the finding into a rule in your <HelpLink to="strategy-rules">playbook</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: AdvancedReportsArticle,
} satisfies HelpArticleBody;
