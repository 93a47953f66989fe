import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function GoalAnalyticsArticle() {
  return (
    <>
      <p>
        Every goal keeps a record of each period it covered. That history shows whether a habit is forming, and, linked
        with your trades, what the habit is worth in money.
      </p>

      <h2>Goal history</h2>
      <p>
        Open a goal to see a row for every past period (each day of a daily goal, each week of a weekly one) with its
        final value and status: achieved or missed. The current period shows its live status, on track or at risk.
      </p>
      <ul>
        <li>
          <strong>Hit rate:</strong> achieved periods ÷ completed periods. A daily loss limit kept on 18 of 20 trading
          days has a hit rate of 90%.
        </li>
        <li>
          <strong>Trend:</strong> the value per period as a chart, with the target drawn as a line, so you see whether
          you are moving toward it.
        </li>
      </ul>

      <h2>Streaks</h2>
      <ul>
        <li>
          <strong>Current streak:</strong> the number of consecutive periods achieved, up to the last completed one.
        </li>
        <li>
          <strong>Longest streak:</strong> the best run so far.
        </li>
      </ul>
      <p>
        For daily goals, only days you traded count as periods, so a weekend or a holiday neither breaks nor extends a
        streak. A “journal every trading day” goal likewise ignores days without trades.
      </p>

      <h2>What is a goal worth?</h2>
      <p>
        The most useful question about a process goal is whether keeping it improves your results. For daily goals,
        compare the days you achieved the goal with the days you missed it:
      </p>
      <Table
        head={['Days', 'Count', 'Average net P&L', 'Expectancy']}
        nowrap={[2, 3]}
        rows={[
          ['Max 4 trades: achieved', '46', '+$212', '+0.38R'],
          ['Max 4 trades: missed', '11', '−$164', '−0.21R'],
        ]}
      />
      <p>
        The numbers above are an illustration; the goal page shows yours, with sample sizes and 95% confidence
        intervals. A clear gap on a fair sample is the strongest argument for the goal, and a powerful motivator on the
        next tempting day.
      </p>

      <h2>Use the history</h2>
      <ul>
        <li>
          <strong>Raise the bar</strong> when the hit rate stays near 100% for a month: the goal has become a habit.
        </li>
        <li>
          <strong>Lower it or split it</strong> when you miss most periods: an unreachable goal trains you to ignore
          goals.
        </li>
        <li>
          <strong>Look at the misses.</strong> Open a missed day from the history to see its trades and journal entry;
          the <HelpLink to="daily-journal">daily review</HelpLink> is where you note why.
        </li>
        <li>
          <strong>Find the cause with reports:</strong>{' '}
          <HelpLink to="behavioral-analysis">behavioural filters</HelpLink> such as losses in a row before or nth trade
          of the day often explain missed limits.
        </li>
      </ul>
      <p>
        The dashboard shows progress on your active goals; new to goals? Start with{' '}
        <HelpLink to="goal-creation">Creating a smart goal</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: GoalAnalyticsArticle,
} satisfies HelpArticleBody;
