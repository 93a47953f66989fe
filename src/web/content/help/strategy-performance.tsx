import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function StrategyPerformanceArticle() {
  return (
    <>
      <p>
        Comparing strategies shows which setups carry your edge, and comparing trades where you followed a rule with
        trades where you broke it shows what the rule is worth. Both are on the <strong>Playbook</strong> page; the
        figures use closed trades only, with net P&L summed as stored in each trade’s currency.
      </p>

      <h2>Strategy cards</h2>
      <p>Each strategy has a card with its equity curve as a sparkline and:</p>
      <Formula>{`Trades        = closed trades with the strategy
Net P&L       = sum of net P&L, after commissions and fees
Win rate      = trades with net P&L above 0 ÷ trades, with its Wilson 95 % interval
Expectancy    = mean net P&L per trade, with its Student t 95 % interval
Expectancy R  = mean R-multiple of the trades that have one
Profit factor = gross profit ÷ gross loss   (— with no losing trade)
Adherence     = mean adherence % of the trades with an answered rule`}</Formula>
      <p>
        The intervals say how far the true figure could plausibly be from the one measured: on a few trades they are
        wide, and two strategies whose intervals overlap heavily may not differ at all.
      </p>

      <h2>A strategy’s page</h2>
      <ul>
        <li>
          <strong>Equity curve</strong>: cumulative net P&L after each closed trade.
        </li>
        <li>
          <strong>What each rule is worth</strong>: for every rule, the trades where it was followed and where it was
          broken (count, expectancy, win rate, R), and the <strong>Difference</strong> in expectancy, followed minus
          broken, with a Welch 95 % interval.
        </li>
        <li>
          <strong>Rules that cost you money when broken</strong>: the rules whose broken trades earn less, ranked by
          that difference, largest first.
        </li>
        <li>
          <strong>Adherence vs results</strong>: expectancy of the trades at 100 % adherence against those below.
        </li>
        <li>
          <strong>Trades</strong>: its latest trades, and a link to all of them in the Trades table.
        </li>
      </ul>

      <h2>Chance and sample size</h2>
      <p>
        With several rules, one will look costly by luck alone. Each difference gets a p-value from Welch’s t-test, and
        a Benjamini–Hochberg correction across the strategy’s current rules keeps the share of false findings near 5 %.
        Only a rule that passes is marked <strong>Significant</strong>; others read “could be chance”. A rule with fewer
        than 20 trades followed or fewer than 20 broken is marked <strong>Low sample</strong>: read its figures as a
        hint. A removed rule is listed with its own history and left out of the correction.
      </p>

      <h2>Analytics too</h2>
      <p>
        In Analytics, a <strong>Breakdown</strong> by <strong>Strategy</strong> gives a row per strategy with trades
        without one grouped as <strong>No strategy</strong>. Filter Analytics on one strategy, then break it down by
        hour, weekday or symbol, or run the <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> on it. See{' '}
        <HelpLink to="r-multiple">Understanding R-multiples</HelpLink> for why R compares setups best.
      </p>

      <h2>Through the API</h2>
      <p>
        <code>GET /api/playbook</code> answers every strategy’s figures;{' '}
        <code>GET /api/playbook/:strategyId/rules</code> each rule’s, with <code>significant</code>,{' '}
        <code>lowSample</code> and <code>costRank</code>.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: StrategyPerformanceArticle,
} satisfies HelpArticleBody;
