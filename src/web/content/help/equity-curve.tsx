import { Formula, HelpLink, type HelpArticleBody } from './article-parts';

function EquityCurveArticle() {
  return (
    <>
      <p>
        The <strong>Equity curve</strong> on the Dashboard shows your account value trade after trade: the starting
        balance plus the cumulative net P&amp;L of your closed trades. Underneath it, the drawdown chart shows how far
        you were below your best point at each moment. Together they tell you more about your trading than any single
        number.
      </p>

      <h2>How the curve is built</h2>
      <Formula>{`E₀ = starting balance of the account
Eₖ = E₀ + (net P&L of trades 1 … k)`}</Formula>
      <ul>
        <li>
          Trades are ordered by the time they closed. Trades that closed at the same instant keep the order of your
          file.
        </li>
        <li>Every figure is net of commissions and fees.</li>
        <li>Only closed trades move the curve; an open position appears once it is closed.</li>
        <li>The account menu at the top of the Dashboard shows one account or all of them together.</li>
      </ul>

      <h2>Drawdown</h2>
      <p>
        The running peak is the highest equity reached so far, counting the starting balance itself, so a loss on your
        very first trade is already a drawdown.
      </p>
      <Formula>{`peak Mₖ          = max(E₀, E₁, …, Eₖ)
drawdown ($)     = Mₖ − Eₖ
drawdown (%)     = (Mₖ − Eₖ) ÷ Mₖ
max drawdown     = the largest drawdown over the period`}</Formula>
      <p>
        The largest dollar drawdown and the largest percentage drawdown are found separately and can happen at different
        times. After a strong run, a dollar drawdown can be bigger while being a smaller percentage of a larger peak.
      </p>

      <h3>Example</h3>
      <p>
        Start at $10,000, then four trades: +$500, −$300, −$400, +$900. Equity goes 10,500 → 10,200 → 9,800 → 10,700.
        The peak is $10,500, the lowest point after it $9,800, so the maximum drawdown is $700, or 700 ÷ 10,500 = 6.67%.
        The fourth trade makes a new high and ends the drawdown.
      </p>

      <h2>Per trade or per day</h2>
      <p>
        The chart moves trade by trade; the table under it lists each trading day with its Day P&amp;L, Cumulative
        P&amp;L and Drawdown, newest first. The <strong>Max drawdown</strong> card gives the deepest drop in dollars
        and, when the account has a starting balance (set it in <strong>Settings</strong>), as a percentage from the
        high. Risk metrics such as Calmar on the Analytics page use end-of-day equity instead, which cannot see dips
        inside a day, so a daily maximum drawdown is never larger than the trade-by-trade one.
      </p>

      <h2>Which currency</h2>
      <p>
        A trade in another currency than its account’s also has its P&amp;L in the account’s currency: each fill
        converted at the broker file’s rate, else at the latest rate on or before its day in{' '}
        <strong>Settings → Exchange rates</strong> (a CSV of date, from, to and rate, or fetched from a provider), to
        the cent. The trade’s window shows both amounts and each rate used, the file’s or the rate table’s with its day,
        or says that a fill has none.
      </p>
      <p>
        The dashboard and analytics show one account, or accounts that share a currency, in that currency. Accounts in
        different currencies are shown in your base currency (<strong>Settings → Profile</strong>), each trade converted
        at your rate table’s rate (or the opposite pair’s inverse) of the day it closed. A trade no rate converts is
        never added in: it is listed apart per currency with its own net P&amp;L, as in “1 trade in GBP could not be
        converted: add a GBP→EUR rate in Settings → Exchange rates”. A starting balance no rate converts is left out of
        the starting balance too, and a note beside returns and drawdown % names it.
      </p>

      <h2>What to look for</h2>
      <ul>
        <li>
          <strong>Slope:</strong> a steady rise means a repeatable edge; a few spikes carrying the whole result mean you
          depend on rare outliers.
        </li>
        <li>
          <strong>Time under water:</strong> how long it takes to recover from a drawdown matters as much as its depth.
        </li>
        <li>
          <strong>Changes of behaviour:</strong> a curve that turns when you changed strategy, size or schedule is worth
          comparing before and after, with the date filters of the Analytics page.
        </li>
        <li>
          <strong>Is this drawdown normal?</strong> <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> shows
          the range of drawdowns your own trades can produce by chance.
        </li>
      </ul>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-02',
  body: EquityCurveArticle,
} satisfies HelpArticleBody;
