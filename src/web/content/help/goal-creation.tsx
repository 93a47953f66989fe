import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

function GoalCreationArticle() {
  return (
    <>
      <p>
        Smart goals track themselves. You choose what to measure and the target; the journal evaluates the goal from
        your trades after every import or edit and shows your progress. You never tick anything off by hand.
      </p>

      <h2>Create a goal</h2>
      <ol>
        <li>
          Open <strong>Goals</strong> and select <strong>New goal</strong>.
        </li>
        <li>
          Choose a type, for example <em>Maximum loss per day</em> or <em>Rule adherence</em>. All types are listed in{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          Set the target and its unit where there is a choice: dollars or R for loss limits, a percentage for win rate
          or adherence, a number for profit factor or trades per day.
        </li>
        <li>Choose the period: daily, weekly, monthly, quarterly, yearly, or custom dates.</li>
        <li>Give it a name you will recognise on the dashboard and save.</li>
      </ol>
      <p>The goal is evaluated straight away against the trades already in the current period.</p>

      <h2>Examples</h2>
      <Table
        head={['Goal', 'Type', 'Target', 'Period']}
        rows={[
          ['Protect the account', 'Maximum loss per day', '$300 (or −3R)', 'Daily'],
          ['Trade the plan', 'Rule adherence', 'at least 90%', 'Weekly'],
          ['Stop overtrading', 'Maximum trades per day', '4', 'Daily'],
          ['Quality over quantity', 'Average R', 'at least +0.3R', 'Monthly'],
          ['Do the review', 'Journal every trading day', 'every day', 'Weekly'],
        ]}
      />

      <h2>Choosing good goals</h2>
      <ul>
        <li>
          <strong>Prefer process goals.</strong> You control whether you follow your rules and respect a loss limit; you
          do not control what the market pays this month. Process goals lead, P&amp;L follows.
        </li>
        <li>
          <strong>Make them reachable.</strong> Start from your current statistics: if your adherence is 70%, aim for
          80% before 100%.
        </li>
        <li>
          <strong>Keep few.</strong> Two to four active goals stay in view; ten become noise.
        </li>
        <li>
          <strong>Express risk in R.</strong> A loss limit in R keeps working when your account grows or you change
          position size.
        </li>
      </ul>

      <h2>After you save</h2>
      <p>
        The goal appears on the Goals page and its progress on the dashboard. Its status (on track, at risk, achieved or
        missed) updates on its own; see <HelpLink to="goal-tracking">How goals track themselves</HelpLink>. Over time
        each goal builds a history and streaks, covered in{' '}
        <HelpLink to="goal-analytics">Goal analytics and streaks</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: GoalCreationArticle,
} satisfies HelpArticleBody;
