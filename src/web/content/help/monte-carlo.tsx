import { HELP_ARTICLES_UPDATED, Formula, Table, type HelpArticleBody } from './article-parts';

function MonteCarloArticle() {
  return (
    <>
      <p>
        Your equity curve is one ordering of one sample of trades. Luck decided which trades came first and which losses
        clustered together. Monte Carlo simulation replays your own trades thousands of times in random order to show
        the range of results the same edge could have produced, above all how deep the drawdowns can get.
      </p>

      <h2>How the simulation works</h2>
      <ul>
        <li>
          <strong>Bootstrap:</strong> each simulated path draws trades at random, with replacement, from the trades you
          select. A trade can appear several times on a path or not at all.
        </li>
        <li>
          <strong>Paths:</strong> 10,000 by default, and you can raise it to 100,000 or more. The simulation runs in the
          background, so the page stays responsive.
        </li>
        <li>
          <strong>Reproducible:</strong> every run has a seed. The same trades, settings and seed always give exactly
          the same result.
        </li>
      </ul>

      <h2>Settings</h2>
      <Table
        head={['Setting', 'What it means']}
        rows={[
          ['Trades', 'Any filter from Advanced Reports: one strategy, one account, the last 6 months…'],
          [
            'Horizon',
            'How many trades each path contains: as many as your sample, or a number such as “the next 100 trades”.',
          ],
          ['Starting equity', 'Where every path starts.'],
          [
            'Sizing',
            'Fixed dollar replays each trade’s dollar P&L. Fixed fraction risks a percentage of current equity on each trade and compounds.',
          ],
          ['Ruin level', 'A loss that would end your trading, such as −50% or a prop-firm limit.'],
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
          <strong>Maximum drawdown distribution:</strong> the median and the 95th percentile tell you “95% of paths
          stayed above this drawdown”. If your real drawdown is within that range, it is consistent with your edge.
        </li>
        <li>
          <strong>Probability of ruin:</strong> the share of paths whose equity <em>touches</em> the ruin level at any
          step, not only at the end.
        </li>
        <li>
          <strong>Final equity:</strong> its percentiles and the probability of ending below where you started.
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
        Compounding applies only to fixed-fraction sizing. The number of paths, the horizon and the seed are shown with
        every result.
      </p>

      <h2>Limits</h2>
      <p>
        The bootstrap assumes your trades are independent and that the future resembles your sample. It breaks up
        streaks that cluster in reality, and with fewer than about 30 trades the results are marked as unreliable. Use
        the simulation to choose a risk per trade that survives bad luck, not to forecast profits.
      </p>
    </>
  );
}

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: MonteCarloArticle,
} satisfies HelpArticleBody;
