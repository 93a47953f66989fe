import { HELP_ARTICLES_UPDATED, HelpLink, type HelpArticleBody } from './article-parts';

function AiPatternsArticle() {
  return (
    <>
      <p>
        Besides answering questions, the journal scans your trades for behavioural patterns that cost traders money.
        Each pattern is measured on your own data, compared with your own baseline, and only reported when the evidence
        is strong enough.
      </p>

      <h2>The patterns</h2>
      <h3>Revenge trading</h3>
      <p>
        A larger trade taken soon after a loss. The journal compares the initial risk and results of trades opened
        shortly after a losing trade with your other trades. A typical finding: “After a loss, your next trade within 10
        minutes risks 1.6× your usual amount and averages −0.4R.”
      </p>

      <h3>Overtrading</h3>
      <p>
        Days with far more trades than usual, and the trades late in a busy day. The journal looks at results by the
        number of trades per day and by the nth trade of the day, and shows where your expectancy turns negative.
      </p>

      <h3>Holding losers longer than winners</h3>
      <p>
        The holding time of losing trades compared with winning ones. When losers are held much longer, stops are
        probably being negotiated rather than respected.
      </p>

      <h3>Cutting winners early</h3>
      <p>
        Winners closed well before the move they caught was over. When your data includes MFE (the best price reached
        during the trade), the journal compares it with your exit to see how much of the available move you kept.
        Without MFE, it compares your average winning R with your planned reward-to-risk.
      </p>

      <h2>How a pattern is reported</h2>
      <ul>
        <li>
          <strong>The evidence:</strong> the figures for the pattern group and the baseline, each with the number of
          trades.
        </li>
        <li>
          <strong>The uncertainty:</strong> a 95% confidence interval for the difference. Patterns on too few trades are
          not reported.
        </li>
        <li>
          <strong>The trades:</strong> a link to the report listing them, so you can look at the charts and your notes.
        </li>
      </ul>
      <p>
        The method behind this is described in <HelpLink to="ai-insights">Insights and how they are tested</HelpLink>.
      </p>

      <h2>From pattern to change</h2>
      <ol>
        <li>Read the trades behind the pattern. Numbers say what; your notes say why.</li>
        <li>
          Write a rule that prevents it, for example “no new trade within 15 minutes of a loss”, in your{' '}
          <HelpLink to="strategy-rules">playbook</HelpLink>.
        </li>
        <li>
          Back it with a goal such as <em>maximum trades per day</em> or <em>maximum loss per day</em>; see{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          Re-run the comparison a month later with <HelpLink to="behavioral-analysis">behavioural reports</HelpLink> to
          see whether it changed.
        </li>
      </ol>
      <p>
        Patterns describe your past trading. They are prompts for reflection, not diagnoses, and nothing here is
        financial advice.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: AiPatternsArticle,
} satisfies HelpArticleBody;
