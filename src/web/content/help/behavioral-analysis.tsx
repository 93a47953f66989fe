import { HELP_ARTICLES_UPDATED, HelpLink, type HelpArticleBody } from './article-parts';

function BehavioralAnalysisArticle() {
  return (
    <>
      <p>
        Most trading mistakes are behavioural: the trade after a loss, the tenth trade of a long day, the loser held a
        little too long. The timing and journal filters in Advanced Reports describe the circumstances in which each
        trade was taken, so you can measure those habits instead of guessing.
      </p>

      <h2>The method</h2>
      <ol>
        <li>Build the report for the situation you suspect, for example trades taken right after a loss.</li>
        <li>Build the same report for the opposite situation, or use all trades as the baseline.</li>
        <li>
          Compare expectancy in R, win rate and average size, and look at the sample size and confidence interval of
          each.
        </li>
        <li>If the difference holds up, write a rule or a goal that prevents the situation.</li>
      </ol>

      <h2>Revenge trading</h2>
      <p>
        Filter <em>previous trade’s outcome is loss</em> and <em>minutes since the previous trade at most 10</em>.
        Compare the expectancy and the initial risk with your baseline. A bigger risk and a worse expectancy in the
        minutes after a loss is the classic signature.
      </p>

      <h2>Tilt after a losing streak</h2>
      <p>
        Use <em>losses in a row before at least 2</em> (or 3). If results after a streak are clearly worse, a daily stop
        such as “stop after three losses” is worth more than any new setup. A{' '}
        <HelpLink to="goal-types">maximum trades per day goal</HelpLink> or a daily max loss in your{' '}
        <HelpLink to="daily-journal">daily plan</HelpLink> enforces it.
      </p>

      <h2>Overtrading</h2>
      <p>
        Group by <em>nth trade of the day</em>. Many traders find that their first three trades carry the edge and the
        rest give it back. The report shows where your own curve turns.
      </p>

      <h2>Holding losers, cutting winners</h2>
      <p>
        Group by outcome and compare holding time: losers held much longer than winners points to hope rather than plan.
        When your data includes MFE (the best price reached during the trade), compare it with the exit to see how much
        of each move you kept.
      </p>

      <h2>Plan versus execution</h2>
      <p>
        The journal filters connect behaviour with preparation: <em>day had a plan</em>, <em>day’s plan followed</em>,{' '}
        <em>a given rule broken</em>, <em>emotion</em> and <em>rating</em>. Comparing planned with unplanned days is
        often the most persuasive report a trader can run on themselves.
      </p>

      <h2>Read differences fairly</h2>
      <ul>
        <li>Check the number of trades in each group; small groups are marked.</li>
        <li>Overlapping confidence intervals mean the difference may be noise.</li>
        <li>
          The more slices you try, the more likely one looks special by chance. The{' '}
          <HelpLink to="ai-insights">insights</HelpLink> correct for this automatically; when you explore by hand,
          confirm a finding on a later period before acting on it.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: BehavioralAnalysisArticle,
} satisfies HelpArticleBody;
