import { HELP_ARTICLES_UPDATED, Formula, HelpLink, Table, type HelpArticleBody } from './article-parts';

function StrategyPerformanceArticle() {
  return (
    <>
      <p>
        The playbook shows how each strategy performs, so you can put more attention on the setups that carry your edge
        and fix or drop the ones that do not. This article explains the figures and how to compare strategies fairly.
      </p>

      <h2>The figures per strategy</h2>
      <Formula>{`trades        = closed trades linked to the strategy
net P&L       = sum of net P&L (after fees)
win rate      = wins ÷ all trades      (a breakeven counts as a trade, not a win)
profit factor = gross profit ÷ |gross loss|
expectancy    = mean net P&L per trade
expectancy R  = mean R-multiple of the trades that have a stop
adherence     = followed ÷ (followed + broken) rule checks`}</Formula>
      <p>
        Win rate excluding breakevens, wins ÷ (wins + losses), is shown alongside, because tools differ on this point. A
        strategy with no losing trade has an infinite profit factor, shown as ∞.
      </p>

      <h2>Expectancy first</h2>
      <p>
        Expectancy in R is the best single figure to compare strategies: it says how much each trade earns per unit of
        risk, regardless of size. A high win rate with small winners can still lose money; see{' '}
        <HelpLink to="r-multiple">Understanding R-multiples</HelpLink>.
      </p>

      <h2>Sample size and confidence</h2>
      <p>
        Every figure shows the number of trades and a 95% confidence interval. For expectancy the interval is roughly:
      </p>
      <Formula>{`mean R ± 1.96 × stdev(R) ÷ √n`}</Formula>
      <Table
        head={['Strategy', 'Trades', 'Expectancy', 'Standard deviation', '95% interval']}
        nowrap={[2, 3]}
        rows={[
          ['Pullback', '40', '+0.30R', '1.2R', '−0.07R to +0.67R'],
          ['Breakout', '12', '+0.90R', '1.4R', '+0.11R to +1.69R'],
        ]}
      />
      <p>
        Breakout looks three times better, but on 12 trades its interval is very wide and overlaps Pullback’s. The
        honest reading: Breakout is promising, and you need more trades before moving size to it. Strategies with too
        few trades are marked, and when the playbook ranks strategies from best to worst it corrects for the number of
        comparisons made.
      </p>

      <h2>Rules and adherence</h2>
      <p>
        Look at adherence next to results. Low adherence means the figures describe your improvisations as much as the
        strategy. The per-rule comparison shows which rules make the difference; see{' '}
        <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
      </p>

      <h2>Go deeper</h2>
      <ul>
        <li>
          Filter <HelpLink to="advanced-reports">Advanced Reports</HelpLink> on one strategy and group by hour, weekday
          or symbol to find where it works.
        </li>
        <li>
          Run a <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> on one strategy’s trades to see the
          drawdowns it can produce.
        </li>
        <li>
          Check its <HelpLink to="equity-curve">equity curve</HelpLink>: a strategy whose result depends on one outlier
          is not the same as a steady one.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: StrategyPerformanceArticle,
} satisfies HelpArticleBody;
