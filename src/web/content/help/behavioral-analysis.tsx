import { HelpLink, type HelpArticleBody } from './article-parts';

function BehavioralAnalysisArticle() {
  return (
    <>
      <p>
        Your behaviour leaves a trace in your results. Record it on each trade, then let{' '}
        <HelpLink to="advanced-reports">Advanced Reports</HelpLink> show what each habit costs or earns you, with an
        interval that says how sure the figure is.
      </p>

      <h2>Record it</h2>
      <ul>
        <li>
          In a trade’s dialog, write your <strong>Mistakes</strong> (late entry, moved stop, oversized…), your{' '}
          <strong>Emotions</strong> (fear, greed, boredom…) and a <strong>Rating</strong> from 1 to 5.
        </li>
        <li>
          Tags work too: a tag such as “FOMO” or “revenge” can be set on many trades at once from the Trades table (see{' '}
          <HelpLink to="tags-guide">Organising trades with tags</HelpLink>).
        </li>
      </ul>

      <h2>Report on it</h2>
      <ul>
        <li>
          On Advanced Reports, set <strong>Group by</strong> to <strong>Mistake</strong>, <strong>Emotion</strong>,{' '}
          <strong>Rating</strong> or <strong>Tag</strong>. Each value gets a row with its trades, net P&amp;L, win rate
          and expectancy; trades without one are grouped as “No mistake”, “No emotion”, “Unrated” or “Untagged”. A trade
          with two mistakes counts in both rows.
        </li>
        <li>
          Read the 95% intervals before the figures: if the expectancy interval of “chased” runs from −$40 to +$15, the
          data cannot yet tell whether chasing costs you. Rows of fewer than 30 trades are marked{' '}
          <strong>Low sample</strong>.
        </li>
        <li>
          Use <strong>Compare with…</strong> to set two filters side by side, for example trades tagged “revenge”
          against all the others, and read the difference in net P&amp;L, win rate and expectancy.
        </li>
        <li>
          Save the view under a name and pin it, so it is one click away after your next import; export it as PDF to
          keep a dated record.
        </li>
      </ul>

      <h2>What it cannot tell you</h2>
      <p>
        The figures show association, not cause: a mistake you note more often on volatile days may look costly because
        of the days. Narrow the filter (same symbols, same hours) before drawing a conclusion, and come back when the
        low-sample marks are gone.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: BehavioralAnalysisArticle,
} satisfies HelpArticleBody;
