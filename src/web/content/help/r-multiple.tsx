import { Link } from 'wouter';
import { Formula, HelpLink, Table, type HelpArticleBody } from './article-parts';

function RMultipleArticle() {
  return (
    <>
      <p>
        An R-multiple measures a trade’s result in units of the risk you took. <strong>1R</strong> is the amount you
        stood to lose if your initial stop had been hit. A trade that made twice that amount is +2R; a trade stopped out
        exactly is −1R. Because R ignores position size, you can compare a 100-share trade with a 10-contract trade, and
        last year with this year.
      </p>

      <h2>The formulas</h2>
      <Formula>{`initial risk = |entry price − initial stop| × size × multiplier
R-multiple   = net P&L ÷ initial risk`}</Formula>
      <ul>
        <li>
          <strong>Net P&amp;L</strong> is after commissions and fees.
        </li>
        <li>
          <strong>Size</strong> is the quantity of shares, contracts or coins.
        </li>
        <li>
          <strong>Multiplier</strong> is 1 for stocks, ETFs and crypto, 100 for standard options, and the contract
          multiplier for futures (for example ES 50, MES 5, NQ 20, MNQ 2, CL 1,000, GC 100).
        </li>
        <li>
          Enter the stop you had when you opened the trade. If you change the stop later, R is worked out again from the
          new one, so keep the original if you want a widened stop to show up honestly as a loss bigger than −1R.
        </li>
      </ul>

      <h2>Worked examples</h2>
      <Table
        head={['Trade', 'Initial risk', 'Net P&L', 'R']}
        nowrap={[2, 3]}
        rows={[
          [
            'Buy 200 shares at 50.00, stop 48.50, sold at 53.60, fees $2.00',
            '1.50 × 200 × 1 = $300',
            '$718.00',
            '+2.39R',
          ],
          [
            'Short 2 MES at 5,000.00, stop 5,010.00, covered at 4,985.00, fees $2.48',
            '10 × 2 × 5 = $100',
            '$147.52',
            '+1.48R',
          ],
          [
            'Buy 3 calls at 2.40, stop 1.60, sold at 1.20 after a gap, fees $3.90',
            '0.80 × 3 × 100 = $240',
            '−$363.90',
            '−1.52R',
          ],
        ]}
      />
      <p>
        The last row is a reminder that gaps, slippage and fees can make a loss larger than 1R. The journal never rounds
        that away.
      </p>

      <h2>Expectancy in R</h2>
      <p>
        Your expectancy in R is the average R of your trades, the amount you can expect to make per trade for every unit
        you risk:
      </p>
      <Formula>{`expectancy (R) = mean R = win rate × average winning R + loss rate × average losing R`}</Formula>
      <p>The average losing R is negative. Two examples show why win rate alone tells you little:</p>
      <ul>
        <li>
          80% winners at +0.5R and 20% losers at −3R: 0.8 × 0.5 − 0.2 × 3 = −0.2R. A high win rate, and a losing system.
        </li>
        <li>
          40% winners at +3R and 60% losers at −1R: 0.4 × 3 − 0.6 × 1 = +0.6R. Mostly losing trades, and a healthy edge.
        </li>
      </ul>

      <h2>Where the risk comes from</h2>
      <p>
        A trade needs a risk to have an R. In the trade dialog, <strong>Stop</strong> gives the risk from the entry
        price, and <strong>Risk ($)</strong> overrides it with an amount. An Edgebook CSV file can carry a stop_price
        column. If you set a <strong>Default risk per trade</strong> in <strong>Settings</strong>, trades with neither a
        stop nor a risk amount use it. Trades with none of the three have no R and are left out of every R figure.
      </p>
      <h2>Where you see R</h2>
      <ul>
        <li>
          On the Dashboard, the Expectancy card shows dollars per trade and R per trade; the Trades table and each
          trade’s dialog show its R-multiple.
        </li>
        <li>Analytics shows the average R, the R-multiple distribution and a breakdown by R bucket.</li>
        <li>
          The System Quality Number is built on R; see <HelpLink to="risk-metrics">Risk metrics</HelpLink>.
        </li>
        <li>
          <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> can size each simulated trade as a fixed fraction
          of equity using your R-multiples.
        </li>
      </ul>
      <p>
        For a gentler introduction, read the <Link href="/education">trading journal guide</Link>.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: RMultipleArticle,
} satisfies HelpArticleBody;
