import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function StrategyPerformanceArticle() {
  return (
    <>
      <p>
        Comparing strategies shows you which setups carry your edge, so you can put more attention on them and fix or
        drop the ones that do not. Today this happens on the Analytics page; a Playbook page with written rules and rule
        tracking is coming.
      </p>

      <h2>Give each trade a strategy</h2>
      <ul>
        <li>
          In a trade’s dialog, pick it under <strong>Strategy</strong>. To set many at once, tick rows in the Trades
          table and use <strong>Set strategy…</strong> in the bar that appears.
        </li>
        <li>
          The list of strategies comes from your imports: an Edgebook CSV file’s strategy column (see{' '}
          <strong>Download the Edgebook CSV template</strong> on the Import page) adds any name it does not know. The
          API can add strategies too.
        </li>
        <li>
          The <strong>Strategies</strong> filter on the Trades and Analytics pages keeps the trades of the strategies
          you choose.
        </li>
      </ul>

      <h2>The figures per strategy</h2>
      <p>
        In Analytics, choose <strong>Breakdown</strong> by <strong>Strategy</strong>. Each strategy gets a row, and
        trades without one are grouped as <strong>No strategy</strong>. Select a column heading to sort by it; on a
        phone each strategy is a card, ordered with <strong>Sort by</strong>.
      </p>
      <Formula>{`Trades        = closed trades with the strategy
Win rate      = wins ÷ all trades   (a breakeven counts as a trade, not a win)
Net P&L       = sum of net P&L, after commissions and fees
Avg R         = mean R-multiple of the trades that have one
Profit factor = gross profit ÷ |gross loss|   (∞ with no losing trade)
Expectancy    = mean net P&L per trade
Avg win, Avg loss = mean net P&L of the winners and of the losers`}</Formula>

      <h2>Expectancy first</h2>
      <p>
        Average R is the best single figure to compare strategies: it says how much each trade earns per unit of risk,
        whatever its size. A high win rate with small winners can still lose money; see{' '}
        <HelpLink to="r-multiple">Understanding R-multiples</HelpLink>. Average R needs a stop, a risk amount or a
        default risk per trade; a strategy whose trades have none shows no R.
      </p>

      <h2>Sample size</h2>
      <p>
        Always read the Trades column before the others. A strategy that looks three times better on 12 trades may
        simply have been lucky: the spread of its R-multiples, divided by the square root of the number of trades, is
        still large. Roughly, the true expectancy lies within
      </p>
      <Formula>{`mean R ± 2 × stdev(R) ÷ √n`}</Formula>
      <p>
        so with a spread of 1.5R, 12 trades leave an uncertainty of about ±0.87R and 100 trades about ±0.3R. Move size
        to a strategy only when the difference is larger than that.
      </p>

      <h2>Go deeper</h2>
      <ul>
        <li>
          Filter Analytics on one strategy, then break it down by <strong>Hour of entry</strong>,{' '}
          <strong>Weekday</strong> or <strong>Symbol</strong> to find where it works.
        </li>
        <li>
          With the same filter, run the <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> to see the
          drawdowns that strategy alone can produce.
        </li>
        <li>
          Compare its <HelpLink to="heatmaps">time-of-day heatmap</HelpLink> with your overall one.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: StrategyPerformanceArticle,
} satisfies HelpArticleBody;
