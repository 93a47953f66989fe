import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function GoalTypesArticle() {
  return (
    <>
      <p>
        Every smart goal combines a <strong>type</strong> (what is measured), a <strong>target</strong> and a{' '}
        <strong>period</strong>. All of them are computed from your trades and journal with the same formulas as the
        analytics.
      </p>

      <h2>Goal types</h2>
      <Table
        head={['Type', 'What it measures', 'Example']}
        rows={[
          ['Net P&L target', 'Sum of net P&L (after fees) in the period', 'Make $2,000 this month'],
          [
            'Maximum loss per day',
            'The day’s net loss, in $ or R; breached when exceeded',
            'Lose no more than 3R a day',
          ],
          ['Maximum loss per trade', 'Each trade’s net loss, in $ or R', 'No trade worse than −1.2R'],
          ['Win rate', 'Wins ÷ all closed trades, at least x%', 'Win rate at least 50% this week'],
          ['Profit factor', 'Gross profit ÷ |gross loss|, at least x', 'Profit factor at least 1.5 this quarter'],
          ['Average R', 'Mean R-multiple of trades with a stop, at least x', 'Average R at least +0.3R'],
          ['Maximum trades per day', 'Number of trades opened each day', 'At most 4 trades a day'],
          ['Rule adherence', 'Followed ÷ (followed + broken) rule checks, at least x%', 'Adherence at least 90%'],
          ['Journal every trading day', 'A journal entry on every day you traded', 'Review every trading day'],
          ['Custom metric', 'Any analytics metric against a threshold', 'Expectancy at least $40 per trade'],
        ]}
      />

      <h2>Two kinds of goal</h2>
      <ul>
        <li>
          <strong>Targets</strong> (net P&amp;L, win rate, profit factor, average R, adherence, journal) are reached
          when the measure meets the target over the period.
        </li>
        <li>
          <strong>Limits</strong> (maximum loss per day or per trade, maximum trades per day) hold as long as the limit
          is never exceeded. A single breach misses the period.
        </li>
      </ul>

      <h2>Periods</h2>
      <ul>
        <li>
          <strong>Daily, weekly, monthly, quarterly, yearly:</strong> the goal restarts each period and keeps a record
          of every past one.
        </li>
        <li>
          <strong>Custom:</strong> a start and end date of your choice, for a challenge or an evaluation account.
        </li>
      </ul>
      <p>
        Days and weeks follow the time zone in your profile. A limit such as “maximum loss per day” is checked on each
        day of the period, whatever the period’s length: a weekly goal of “never lose more than 3R in a day” is achieved
        only if every day of the week respects it.
      </p>

      <h2>Ratio goals need a sample</h2>
      <p>
        Win rate, profit factor and average R swing wildly over a few trades. One trade on a Monday gives a win rate of
        0% or 100%. For these, prefer weekly or longer periods, and the goal shows how many trades the figure is based
        on.
      </p>

      <h2>Dollars or R?</h2>
      <p>
        Loss limits can be set in dollars or in R. R limits depend on an initial stop: trades without one count toward
        dollar limits only (or use your default risk per trade, if you set one; see{' '}
        <HelpLink to="r-multiple">Understanding R-multiples</HelpLink>).
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: GoalTypesArticle,
} satisfies HelpArticleBody;
