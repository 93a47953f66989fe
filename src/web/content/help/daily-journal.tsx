import { HELP_ARTICLES_UPDATED, HelpLink, type HelpArticleBody } from './article-parts';

function DailyJournalArticle() {
  return (
    <>
      <p>
        The P&amp;L calendar shows your trading month at a glance, and the daily journal holds your thinking: a plan
        before the session and a review after it. Together they turn a list of trades into a record of decisions you can
        learn from.
      </p>

      <h2>The P&amp;L calendar</h2>
      <ul>
        <li>Each day shows its net P&amp;L, coloured green or red, and the number of trades.</li>
        <li>A mark shows the days that have a journal entry.</li>
        <li>Weekly totals run down the side.</li>
        <li>Select a day to open its trades and its journal entry.</li>
      </ul>
      <p>Days follow the time zone in your profile, so a late-evening trade lands on the day you actually traded it.</p>

      <h2>Before the session: the plan</h2>
      <p>Open today’s entry from the calendar and fill in what you need:</p>
      <ul>
        <li>
          <strong>Plan:</strong> market context, what you expect, what you will and will not trade.
        </li>
        <li>
          <strong>Watchlist:</strong> the symbols you are watching and why.
        </li>
        <li>
          <strong>Price levels:</strong> for a planned trade, the entry, stop, target and maximum size.
        </li>
        <li>
          <strong>Daily max loss:</strong> the loss at which you stop for the day.
        </li>
      </ul>

      <h2>After the session: the review</h2>
      <ol>
        <li>Go through the day’s trades: check the rules, add tags and mistakes, rate each trade from 1 to 5.</li>
        <li>
          Write the review: what went well, what did not, and one thing to do differently tomorrow. Notes support
          Markdown, and trades can hold screenshots.
        </li>
        <li>Record your mood. Over weeks, mood next to P&amp;L is revealing.</li>
      </ol>

      <h2>Plan versus execution</h2>
      <p>When your plan holds price levels, the journal compares your fills with it and highlights the differences:</p>
      <ul>
        <li>
          <strong>Slippage</strong> between the planned and the actual entry;
        </li>
        <li>
          <strong>early or late entries</strong> and <strong>moved stops</strong>;
        </li>
        <li>
          <strong>size breaches</strong> above the planned maximum;
        </li>
        <li>
          <strong>unplanned trades</strong> in symbols that were not in the plan.
        </li>
      </ul>
      <p>
        In <HelpLink to="condition-filters">Advanced Reports</HelpLink>, the filters <em>day had a plan</em> and{' '}
        <em>day’s plan followed</em> let you measure what planning is worth to you.
      </p>

      <h2>Make it a habit</h2>
      <ul>
        <li>Keep it short. Five minutes before and ten after beat an hour you skip.</li>
        <li>
          Add a <em>Journal every trading day</em> goal; it tracks itself. See{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          Reread last week’s reviews every weekend. The same lesson written three times is your next{' '}
          <HelpLink to="strategy-rules">rule</HelpLink>.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: DailyJournalArticle,
} satisfies HelpArticleBody;
