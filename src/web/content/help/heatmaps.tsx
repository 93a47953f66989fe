import { HelpLink, type HelpArticleBody } from './article-parts';

function HeatmapsArticle() {
  return (
    <>
      <p>
        The <strong>Time of day × weekday</strong> heatmap on the Analytics page is a table of weekdays against the
        hours of the day. Each cell collects the closed trades you entered in that hour on that weekday and is tinted by
        their result, so you can see at a glance when you trade well and when you give money back.
      </p>

      <h2>How the cells are filled</h2>
      <ul>
        <li>
          A closed trade belongs to the cell of the weekday and hour in which it was <em>opened</em> (its first
          execution), not the one in which it closed.
        </li>
        <li>
          Choose what the cells show with the switch above the table: <strong>Net P&amp;L</strong>,{' '}
          <strong>Win rate</strong> or <strong>Trades</strong> (how many). Net P&amp;L and win rate are tinted in the
          gain colour above the middle and the loss colour below it; the number of trades uses one colour.
        </li>
        <li>
          Every cell with trades shows its figure; point at it (or read it with a screen reader) for the full line:
          number of trades, net P&amp;L and win rate.
        </li>
        <li>
          Only the hours that hold at least one trade are shown. On a phone the grid is turned on its side: hours run
          down and weekdays across, so it fits the screen.
        </li>
        <li>
          The heatmap follows the filters at the top of the page (on a phone, behind the <strong>Filters</strong>{' '}
          button): dates, account, symbols, side, strategies, tags and outcome. Draw it for one strategy or one account
          by filtering first.
        </li>
      </ul>

      <h2>Time zones</h2>
      <p>
        Each account records the time zone of its files, so executions are stored at the right instant. The heatmap then
        shows hours in the time zone of your profile, with daylight saving time handled; the line under the title names
        the zone. If you live in Berlin and trade the New York open, your 09:30 entries appear at 15:30. To see market
        hours instead, change your time zone in <strong>Settings</strong>.
      </p>

      <h2>Read it honestly</h2>
      <p>
        A heatmap slices your trades into as many as 168 small groups, and small groups are noisy. Three losing trades
        make a cell deep red without proving anything. Before acting on a cell:
      </p>
      <ul>
        <li>
          switch to <strong>Trades</strong> to see how many trades each cell holds;
        </li>
        <li>look for the same pattern across neighbouring hours, or in several date ranges;</li>
        <li>
          compare with the <strong>Breakdown</strong> by <strong>Hour of entry</strong> or <strong>Weekday</strong>{' '}
          further down the page, which adds profit factor, expectancy and average R for each group.
        </li>
      </ul>

      <h2>Turn a pattern into action</h2>
      <ol>
        <li>
          Filter the Trades page to the same dates and look at the trades of that window: what do they have in common?
        </li>
        <li>
          Tag them (see <HelpLink to="tags-guide">Organising trades with tags</HelpLink>) and compare the tag in the
          breakdown.
        </li>
        <li>
          If the window really costs you money, write a rule for it in your day’s plan in the{' '}
          <HelpLink to="daily-journal">daily journal</HelpLink> and review it after the session.
        </li>
      </ol>
      <p>
        Looking for results by calendar day instead? The P&amp;L calendar on the Dashboard shows each day’s net P&amp;L
        and opens the day’s trades and journal.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: HeatmapsArticle,
} satisfies HelpArticleBody;
