import { Formula, Table, type HelpArticleBody } from './article-parts';

function MonteCarloArticle() {
  return (
    <>
      <p>
        Your equity curve is one ordering of one sample of trades. Luck decided which trades came first and which losses
        clustered together. Monte Carlo simulation replays your own trades thousands of times in random order to show
        the range of results the same edge could have produced, above all how deep the drawdowns can get.
      </p>

      <h2>How the simulation works</h2>
      <p>
        The <strong>Monte Carlo</strong> section of the Analytics page takes the closed trades that match the filters at
        the top of the page and builds alternative paths from their results.
      </p>
      <ul>
        <li>
          <strong>Method:</strong> <em>Bootstrap (with replacement)</em> draws trades at random, so a trade can appear
          several times on a path or not at all; <em>Shuffle (reorder history)</em> keeps exactly your trades and
          changes only their order.
        </li>
        <li>
          <strong>Runs:</strong> 10,000 paths by default, anything from 1,000 to 100,000. Select{' '}
          <strong>Run simulation</strong>; it runs in your browser with a progress bar and a <strong>Cancel</strong>{' '}
          button, so the page stays responsive.
        </li>
        <li>
          <strong>Seed:</strong> the same trades, settings and seed always give exactly the same result;{' '}
          <strong>New seed</strong> draws another.
        </li>
      </ul>

      <h2>Settings</h2>
      <Table
        head={['Setting', 'What it means']}
        rows={[
          [
            'Horizon (trades)',
            'How many trades each path contains, from 1 to 10,000; empty means as many as your sample.',
          ],
          [
            'Starting equity ($)',
            'Where every path starts, in the currency of your analytics ($ for dollar accounts, € for euro ones): your accounts’ starting balance, or 10,000 when none is set.',
          ],
          [
            'Position sizing',
            'Fixed dollar (replay $ P&L) replays each trade’s dollar result. Fixed fraction (risk % of equity) risks a percentage of current equity on each trade and compounds.',
          ],
          ['Ruin at drawdown (%)', 'A drop below the starting equity that would end your trading, 50% by default.'],
        ]}
      />
      <p>Fixed fraction uses your R-multiples, so it only includes trades that have a stop:</p>
      <Formula>{`fixed dollar:   Eₖ₊₁ = Eₖ + pₖ
fixed fraction: Eₖ₊₁ = Eₖ × (1 + f × Rₖ)      f = fraction risked, e.g. 1%`}</Formula>

      <h2>Reading the results</h2>
      <ul>
        <li>
          <strong>Equity fan:</strong> the 5th, 25th, 50th, 75th and 95th percentile of equity at each step. Each band
          is a percentile at that step, not a path anyone traded. The 5th percentile is a realistic bad case.
        </li>
        <li>
          <strong>Maximum drawdown per path:</strong> a histogram, with the median and “95% of paths stay above”. If
          your real drawdown is within that range, it is consistent with your edge.
        </li>
        <li>
          <strong>Probability of ruin:</strong> the share of paths whose equity <em>touches</em> the ruin level at any
          step, not only at the end.
        </li>
        <li>
          <strong>Final equity per path:</strong> a histogram, the median, the 5th–95th percentile range and the share
          of paths that end below the start, with the longest losing streak beside them.
        </li>
      </ul>
      <p>
        A useful sanity check: with fixed-dollar sizing and a horizon of H trades, the average final equity is close to
      </p>
      <Formula>{`E₀ + H × mean(p)      with a spread (standard deviation) of √H × σ(p)`}</Formula>
      <p>
        With an average of $35 per trade, 100 trades add about $3,500 on average; a per-trade standard deviation of $400
        gives a spread of about $4,000.
      </p>

      <h2>Conventions</h2>
      <p>
        Drawdowns are measured trade by trade, and the running peak includes the starting equity. Ruin counts on touch.
        Compounding applies only to fixed-fraction sizing. The settings and the seed stay on screen beside the result.
      </p>

      <h2>Limits</h2>
      <p>
        The bootstrap assumes your trades are independent and that the future resembles your sample. It breaks up
        streaks that cluster in reality, and with only a few dozen trades the result says little about your edge. Use
        the simulation to choose a risk per trade that survives bad luck, not to forecast profits.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: MonteCarloArticle,
} satisfies HelpArticleBody;
