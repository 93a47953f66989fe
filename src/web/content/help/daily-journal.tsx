import { HelpLink, type HelpArticleBody } from './article-parts';

function DailyJournalArticle() {
  return (
    <>
      <p>
        The P&amp;L calendar shows your trading month at a glance, and the daily journal holds your thinking: a plan
        before the session and a review after it. Together they turn a list of trades into a record of decisions you can
        learn from.
      </p>

      <h2>The P&amp;L calendar</h2>
      <p>
        The calendar sits on the Dashboard: a month grid starting on Monday, with the arrows beside the month’s name to
        go back and forward. Each day shows its net P&amp;L, coloured by gain or loss, and its number of trades; a mark
        shows the days with a journal note, and each week’s total ends its row. The account menu at the top of the
        Dashboard limits it to one account.
      </p>
      <p>
        Days follow the time zone in your profile, so a late-evening trade lands on the day you traded it. With a
        keyboard, the arrow keys move between days, Page Up and Page Down change month, and Enter opens the day.
      </p>

      <h2>A day’s trades and journal</h2>
      <p>
        Select a day to open it. The window lists the trades that closed that day (each one opens in the Trades page)
        and holds the day’s journal:
      </p>
      <ul>
        <li>
          <strong>Plan before the session:</strong> market context, what you expect, what you will and will not trade,
          your levels and the loss at which you stop for the day.
        </li>
        <li>
          <strong>Review after the session:</strong> what went well, what did not, and one thing to do differently
          tomorrow.
        </li>
        <li>
          <strong>Mood:</strong> one of Awful, Off, Neutral, Good and Great.
        </li>
      </ul>
      <p>
        <strong>Save journal</strong> keeps it; clearing every field and saving removes the entry.{' '}
        <strong>Open this day’s page</strong> shows the same day at its own address, /journal/ followed by the date,
        with buttons to the previous and next day.
      </p>

      <h2>The Journal page</h2>
      <p>
        <strong>Journal</strong> in the menu lists every day you wrote a plan or a review, or noted a trade, newest
        first, with the start of each plan and review. The search box finds words in plans, reviews and trade notes;{' '}
        <strong>Show older days</strong> loads more.
      </p>

      <h2>Trade by trade</h2>
      <p>
        Each trade’s dialog has its own journal fields: stop, target and risk, strategy, tags, mistakes, emotions, a
        rating from 1 to 5, Notes in Markdown (with a preview) and up to 30 screenshots. Write there what belongs to one
        trade, and in the day’s review what belongs to the session.
      </p>

      <h2>Make it a habit</h2>
      <ul>
        <li>
          <strong>Keep it short.</strong> Five minutes before and ten after beat an hour you skip.
        </li>
        <li>
          <strong>Tag on the day,</strong> while you still remember why you took each trade; see{' '}
          <HelpLink to="tags-guide">Organising trades with tags</HelpLink>.
        </li>
        <li>
          <strong>Reread last week’s reviews every weekend.</strong> The same lesson written three times is a rule you
          should write into tomorrow’s plan.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: DailyJournalArticle,
} satisfies HelpArticleBody;
