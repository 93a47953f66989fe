import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function GoalTrackingArticle() {
  return (
    <>
      <p>
        A smart goal needs no maintenance. Whenever your trades or journal change, through an import, a broker sync, an
        edit or a deletion, every goal whose period is affected is evaluated again. Undoing an import updates your goals
        too.
      </p>

      <h2>What is evaluated</h2>
      <ol>
        <li>
          The journal collects the trades, rule checks or journal entries that fall into the goal’s current period,
          using the time zone in your profile.
        </li>
        <li>
          It computes the goal’s measure with the same formulas as the analytics: net P&amp;L after fees, win rate over
          all closed trades, adherence over followed and broken checks.
        </li>
        <li>It compares the result with the target and sets the status.</li>
      </ol>

      <h2>The four statuses</h2>
      <Table
        head={['Status', 'Meaning']}
        rows={[
          [
            'On track',
            'The period is running and, at the current pace, the target will be met; for a limit, it has not been breached.',
          ],
          ['At risk', 'The period is running and the target is behind pace, or a limit is close to being breached.'],
          ['Achieved', 'The target was met for the period, or a limit held until the period ended.'],
          ['Missed', 'The period ended below target, or a limit was breached.'],
        ]}
      />
      <p>
        A target goal can be achieved before its period ends, for example a monthly P&amp;L target reached on the 20th.
        A limit goal is only achieved when the period is over, because it could still be breached until then; once
        breached, it is missed for that period.
      </p>

      <h2>Example</h2>
      <p>Goal: “Maximum loss per day: 3R”, daily. On Tuesday you log these trades:</p>
      <ul>
        <li>−1R at 09:45: day at −1R, on track.</li>
        <li>−1R at 10:20: day at −2R, at risk.</li>
        <li>+0.5R at 11:05: day at −1.5R, back on track.</li>
      </ul>
      <p>
        If the day ends there, Tuesday is achieved. Had another −1.6R trade followed, the day would have reached −3.1R
        and the goal would be missed for Tuesday; Wednesday starts fresh.
      </p>

      <h2>Where you see it</h2>
      <ul>
        <li>The Goals page lists every goal with its progress bar, status and current value.</li>
        <li>The dashboard shows the progress of your active goals next to your headline numbers.</li>
        <li>
          Each goal keeps a history per period and its streaks; see{' '}
          <HelpLink to="goal-analytics">Goal analytics and streaks</HelpLink>.
        </li>
      </ul>

      <h2>When a figure looks wrong</h2>
      <ul>
        <li>Check the time zone in your profile: a trade just after midnight belongs to the next day.</li>
        <li>R-based goals only count trades with an initial stop (or your default risk per trade).</li>
        <li>Adherence goals only count trades whose rules you have checked.</li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: GoalTrackingArticle,
} satisfies HelpArticleBody;
