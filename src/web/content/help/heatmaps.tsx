import { HELP_ARTICLES_UPDATED, HelpLink, type HelpArticleBody } from './article-parts';

function HeatmapsArticle() {
  return (
    <>
      <p>
        The time-of-day heatmap is a grid of weekdays against hours of the day. Each cell collects the trades you
        entered in that hour on that weekday and colours them by result, so you can see at a glance when you trade well
        and when you give money back.
      </p>

      <h2>How the cells are filled</h2>
      <ul>
        <li>A closed trade belongs to the cell of the weekday and hour in which it was opened.</li>
        <li>
          You choose the measure: net P&amp;L, expectancy in dollars or in R, win rate, or number of trades. The colour
          scale is centred on zero, with gains in green and losses in red.
        </li>
        <li>Every cell shows how many trades it holds; hover over or tap a cell for its figures.</li>
        <li>
          The heatmap respects every filter you set, so you can draw it for one strategy, one symbol or one account.
        </li>
      </ul>

      <h2>Time zones</h2>
      <p>
        Every import records the time zone of its source file, and the heatmap uses the time zone set in your profile,
        with daylight saving time handled. If you live in Berlin and trade the New York open, your 09:30 entries usually
        appear at 15:30. To see market hours instead, set your profile time zone to the market’s.
      </p>

      <h2>Read it honestly</h2>
      <p>
        A heatmap slices your trades into up to 168 small groups, and small groups are noisy. Three losing trades make a
        cell bright red without proving anything. For that reason:
      </p>
      <ul>
        <li>cells with too few trades are shown faded and marked;</li>
        <li>the details of a cell include a 95% confidence interval for win rate and expectancy;</li>
        <li>
          when the same pattern appears across neighbouring hours or several months, it is far more likely to be real.
        </li>
      </ul>

      <h2>Turn a pattern into action</h2>
      <ol>
        <li>Open the cell to see its trades and check what they have in common.</li>
        <li>
          Build a <HelpLink to="advanced-reports">report</HelpLink> with the same weekday and hour filters to compare
          strategies inside that window.
        </li>
        <li>
          If the window really costs you money, add a rule to your <HelpLink to="strategy-rules">strategy</HelpLink>{' '}
          (“no new entries after 15:00”) and track it with a <HelpLink to="goal-creation">goal</HelpLink>.
        </li>
      </ol>
      <p>
        Looking for results by calendar day instead? The <HelpLink to="daily-journal">P&amp;L calendar</HelpLink> shows
        each day’s net P&amp;L with your journal notes.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: HeatmapsArticle,
} satisfies HelpArticleBody;
