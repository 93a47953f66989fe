import { HELP_ARTICLES_UPDATED, HelpLink, type HelpArticleBody } from './article-parts';

function AiQuestionsArticle() {
  return (
    <>
      <p>
        The assistant understands questions about your trades that combine a metric, a set of trades and, optionally, a
        grouping. Here are examples to get you started; change the symbols, dates and metrics to your own.
      </p>

      <h2>Performance</h2>
      <ul>
        <li>“What is my win rate this month?”</li>
        <li>“What is my expectancy in R over the last 100 trades?”</li>
        <li>“What is my profit factor since January?”</li>
        <li>“How much did I pay in fees last quarter?”</li>
      </ul>

      <h2>Time</h2>
      <ul>
        <li>“What is my win rate on Mondays?”</li>
        <li>“Which hour of the day is my worst?”</li>
        <li>“Show my net P&amp;L by month this year.”</li>
        <li>“How do I do on trades held overnight?”</li>
      </ul>

      <h2>Strategies, tags and symbols</h2>
      <ul>
        <li>“Which strategy has the best expectancy since March?”</li>
        <li>“Show my biggest TSLA losers.”</li>
        <li>“Compare my long and short trades on futures.”</li>
        <li>“What is my average R on trades tagged news?”</li>
      </ul>

      <h2>Discipline and behaviour</h2>
      <ul>
        <li>“What is my rule adherence on the breakout strategy?”</li>
        <li>“How do my trades after a loss compare with the rest?”</li>
        <li>“How do I do after my fourth trade of the day?”</li>
        <li>“Do I hold losers longer than winners?”</li>
      </ul>

      <h2>Risk</h2>
      <ul>
        <li>“What is my maximum drawdown this year?”</li>
        <li>“What is my Sharpe ratio?”</li>
        <li>“What is my 95% VaR?”</li>
      </ul>

      <h2>Tips for precise answers</h2>
      <ul>
        <li>
          <strong>Name the period.</strong> “Since March” or “last 50 trades” beats “recently”. Without a period, the
          assistant uses all your trades and says so.
        </li>
        <li>
          <strong>Name the metric.</strong> “How am I doing?” is vague; “expectancy in R” is not.
        </li>
        <li>
          <strong>Use your own names.</strong> Strategy and tag names are recognised as you wrote them in the playbook
          and on your trades.
        </li>
        <li>
          <strong>Follow up.</strong> After an answer, “and by strategy?” or “only long trades” refines the same
          question.
        </li>
        <li>
          <strong>Open the report.</strong> Every answer links to the report behind it; save it if you will ask again.
        </li>
      </ul>

      <h2>Questions it cannot answer</h2>
      <p>
        The assistant knows your journal, not the market. It cannot predict prices, recommend trades, or comment on
        news. It answers from the trades you imported, so a question about an account or period without data gets a
        clear “no matching trades”, never an invented figure. Metric definitions are in{' '}
        <HelpLink to="risk-metrics">Risk metrics</HelpLink> and{' '}
        <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink>.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: AiQuestionsArticle,
} satisfies HelpArticleBody;
