import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function RiskMetricsArticle() {
  return (
    <>
      <p>
        The <strong>Risk</strong> section of the Analytics page summarises how bumpy the road to your results was, for
        the trades that match the page’s filters; each figure has a one-line explanation under it. Most are computed on{' '}
        <strong>daily returns</strong>; the trade-level scores SQN and Kelly are computed on your trades. All of them
        follow widely used definitions, so you can compare them with other tools.
      </p>

      <h2>The daily return series</h2>
      <Formula>{`r(d) = net P&L of day d ÷ equity at the start of day d`}</Formula>
      <p>
        Only days with at least one closed trade count (n days). The risk-free rate and the minimum acceptable return
        are 0, a year has 252 trading days, and standard deviations are sample standard deviations (divided by n − 1)
        unless noted.
      </p>

      <h2>Sharpe, Sortino and Calmar</h2>
      <Formula>{`Sharpe  = mean(r) ÷ stdev(r) × √252
DD      = √( Σ min(r, 0)² ÷ n )        (downside deviation, over all n days)
Sortino = mean(r) ÷ DD × √252
CAGR    = (product of (1 + r))^(252 ÷ n) − 1
Calmar  = CAGR ÷ maximum daily drawdown (%)`}</Formula>
      <p>
        Example: a mean daily return of 0.2% with a standard deviation of 1.5% gives a Sharpe of 0.002 ÷ 0.015 × 15.87 ≈
        2.12. Sortino only penalises down days; with no down day it is shown as ∞. Annualising a few weeks of data
        produces very large CAGR and Calmar values; that is arithmetic, not a promise.
      </p>

      <h2>Value at Risk (VaR) and CVaR</h2>
      <p>
        VaR and CVaR are shown at 95% and 99%, as daily returns, so a loss is negative. “VaR 95 = −1.32%” means that on
        5% of days the return was −1.32% or worse. Three VaR methods are shown side by side, with α = 5% or 1%:
      </p>
      <ul>
        <li>
          <strong>Historical:</strong> the α-quantile of your daily returns, interpolated linearly between neighbouring
          values.
        </li>
        <li>
          <strong>Gaussian:</strong> mean(r) + z × σ, with z = −1.645 at 95% and −2.326 at 99%, and σ the population
          standard deviation. With a mean of 0.2% and σ of 1.5%, VaR 95 ≈ −2.27%.
        </li>
        <li>
          <strong>Cornish–Fisher (modified):</strong> adjusts z for the skewness S and excess kurtosis K of your
          returns, so fat tails raise the estimate.
        </li>
      </ul>
      <Formula>{`h    = z + (z² − 1)·S/6 + (z³ − 3z)·K/24 − (2z³ − 5z)·S²/36
mVaR = mean(r) + h × σ`}</Formula>
      <p>
        <strong>CVaR</strong> (expected shortfall) is the average return of the days strictly worse than the historical
        VaR: what a bad day looks like once it happens. If no day is worse, CVaR equals VaR.
      </p>

      <h2>System Quality Number (SQN)</h2>
      <Formula>{`SQN = √N × mean(R) ÷ stdev(R)      N = trades with an R-multiple`}</Formula>
      <p>
        50 trades averaging +0.35R with a standard deviation of 1.5R give √50 × 0.35 ÷ 1.5 ≈ 1.65. The Risk section
        needs at least two trades with an R-multiple to show it.
      </p>

      <h2>Kelly criterion</h2>
      <Formula>{`Kelly = W − (1 − W) ÷ B
W = wins ÷ (wins + losses),  B = average win ÷ |average loss|`}</Formula>
      <p>
        With W = 45% and wins twice the size of losses, Kelly = 0.45 − 0.55 ÷ 2 = 17.5%. It is the fraction that
        maximises long-run growth <em>if your statistics were exact</em>; they never are, so treat it as a ceiling. Many
        traders risk a fraction of it, and the <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> shows what a
        chosen risk does to your drawdowns. None of this is financial advice.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: RiskMetricsArticle,
} satisfies HelpArticleBody;
