import type { ReactElement, ReactNode } from 'react';
import { Link } from 'wouter';
import { BROKER_FORMAT_TURNAROUND_HOURS, SAMPLE_FILE_ROWS } from '../../core/config/operator';
import { usePublicConfig } from '../lib/public-config';

/**
 * The Help Center's article bodies (seed §2 lists the ids; the catalogue in core/site holds titles).
 * Loaded lazily by the article page only: it is the biggest text on the site.
 *
 * `status` is honest about the product today: `coming-soon` means the feature is not in the app
 * yet and the article describes how it will work; the article page shows a notice for it.
 * Formulas follow /work/shared/analytics-definitions.md (the analytics module's reference).
 */
export type HelpArticleStatus = 'available' | 'coming-soon';

export type HelpArticleBody = {
  status: HelpArticleStatus;
  /** ISO date (YYYY-MM-DD) of the last content change. */
  updated: string;
  body: () => ReactElement;
};

const UPDATED = '2026-11-22';

/**
 * A formula block. Plain `pre`: the prose styles would box every line of a nested `code`. Lines wrap on
 * phones (no sideways scrolling) and keep their alignment from the small breakpoint up.
 */
function Formula({ children }: { children: string }) {
  return <pre className="whitespace-pre-wrap sm:whitespace-pre">{children}</pre>;
}

function HelpLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link href={`/help/${to}`}>{children}</Link>;
}

/** A table that scrolls sideways on narrow screens; `nowrap` lists columns (by index) kept on one line, such as amounts. */
function Table({ head, rows, nowrap = [] }: { head: string[]; rows: ReactNode[][]; nowrap?: number[] }) {
  return (
    // Focusable so that keyboard users can scroll it when it is wider than a phone screen.
    <div
      className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-label={`Table: ${head.join(', ')}`}
    >
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className={nowrap.includes(j) ? 'whitespace-nowrap' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Brand() {
  return <>{usePublicConfig().brand}</>;
}

function SupportEmail() {
  const { supportEmail } = usePublicConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

/* ───────────────────────────── Advanced Reports ───────────────────────────── */

function AdvancedReportsArticle() {
  return (
    <>
      <p>
        Advanced Reports answer one precise question about your trading at a time: “How do my option trades do on
        Fridays?”, “What happens after two losses in a row?”, “Which setups lose money in the first 15 minutes?”. A
        report is three choices: a <strong>filter</strong> (which trades), a <strong>grouping</strong> (how to split
        them) and a <strong>chart</strong>.
      </p>

      <h2>Build your first report</h2>
      <ol>
        <li>
          Open <strong>Advanced Reports</strong> from the app menu.
        </li>
        <li>
          Pick a date range or a preset such as “Last 90 days”. Dates and hours are shown in the time zone set in your
          profile.
        </li>
        <li>
          Add filters. There are more than 60 parameters, for example <em>Asset class is option</em> or{' '}
          <em>Weekday is Friday</em>. See <HelpLink to="condition-filters">Condition filters explained</HelpLink> for
          the full list.
        </li>
        <li>
          Choose a grouping: symbol, strategy, tag, side, asset class, weekday, hour, month, holding time or R bucket.
        </li>
        <li>
          Choose a chart: a bar per group, the equity curve of the filtered trades, or their R-multiple distribution.
        </li>
        <li>
          Select <strong>Save</strong> and give the report a name. Saved reports are listed on the same page.
        </li>
      </ol>

      <h2>What each group shows</h2>
      <p>
        Every group lists its number of trades, win rate, net P&amp;L, profit factor, average win and loss, and
        expectancy in dollars and in R. The formulas are the same as everywhere else in the app:
      </p>
      <Formula>{`win rate      = wins ÷ all closed trades   (breakevens count as trades)
profit factor = gross profit ÷ |gross loss|
expectancy    = mean net P&L per trade
expectancy R  = mean R-multiple of the trades that have a stop`}</Formula>
      <p>
        Each figure comes with its sample size and a 95% confidence interval. A group with only a handful of trades is
        marked, because a great-looking number on eight trades is usually luck.
      </p>

      <h2>A report is a link</h2>
      <p>
        The whole report, with every filter, the grouping and the chart, is stored in the page address. Bookmark it,
        paste it into your notes, or open it again next month and it will show the same question on your newer trades.
      </p>

      <h2>Export and share</h2>
      <ul>
        <li>
          <strong>CSV</strong>: one row per trade, or one row per group, ready for a spreadsheet.
        </li>
        <li>
          <strong>PDF</strong>: the chart and the table, for your records or a mentor.
        </li>
        <li>
          <strong>Share</strong>: creates a public link. You can hide dollar amounts (only R and % are shown) and the
          account name. Notes and screenshots are never included unless you tick them. A shared link can be revoked at
          any time, and you can see how often it was viewed.
        </li>
      </ul>

      <h2>Example: are my afternoon trades worth taking?</h2>
      <ol>
        <li>Filter on hour of entry from 13:00 to 16:00.</li>
        <li>Group by strategy.</li>
        <li>
          Compare each strategy’s expectancy in R and its confidence interval with the same report for morning entries.
        </li>
      </ol>
      <p>
        If an interval lies clearly below zero on a decent sample, that strategy is costing you money in the afternoon.
        Turn the finding into a rule in your <HelpLink to="strategy-rules">playbook</HelpLink>.
      </p>
    </>
  );
}

function ConditionFiltersArticle() {
  return (
    <>
      <p>
        Filters decide which trades a report, a chart or an AI answer looks at. There are more than 60 of them, and each
        one is typed and checked: a date is a date, a range has a minimum and a maximum, and a list holds values you
        pick from your own data.
      </p>

      <h2>How filters combine</h2>
      <ul>
        <li>
          <strong>Different filters narrow the set (AND).</strong> <em>Side is short</em> plus{' '}
          <em>Asset class is future</em> keeps only short futures trades.
        </li>
        <li>
          <strong>Values inside one list are alternatives (OR).</strong> <em>Symbol in AAPL, MSFT</em> keeps trades in
          either symbol. The “not in” variant excludes them instead.
        </li>
        <li>
          <strong>Tags</strong> offer three modes: <em>any</em> of the chosen tags, <em>all</em> of them, or{' '}
          <em>none</em> of them.
        </li>
        <li>
          <strong>Ranges</strong> can be open on one side, for example <em>R-multiple at most −1</em>.
        </li>
      </ul>

      <h2>The filter groups</h2>
      <Table
        head={['Group', 'Parameters']}
        rows={[
          [
            'Dates',
            'Date range or preset, opened between, closed between, weekdays, months, years, hour of entry, hour of exit, market session (pre-market, regular, after hours)',
          ],
          [
            'Instrument',
            'Symbols in / not in, asset classes, underlying, option right, expiry range, days to expiry at entry, strike range, futures root, currency, account, broker',
          ],
          ['Direction and outcome', 'Side, open or closed, win / loss / breakeven'],
          ['Size and price', 'Quantity, position value, entry price, exit price'],
          ['Results', 'Net P&L, gross P&L, fees, fees as % of gross, R-multiple, return %, MAE, MFE'],
          ['Risk', 'Has a stop, initial risk, stop distance %, planned reward:risk'],
          [
            'Timing',
            'Holding time, intraday or overnight, number of executions, scaled in, scaled out, nth trade of the day, previous trade’s outcome, losses in a row before, minutes since the previous trade',
          ],
          [
            'Journal',
            'Strategy in / not in, has a strategy, tags (any / all / none), mistakes, rating, has notes, has screenshots, emotion, rule adherence %, a given rule followed or broken, import batch, day had a plan, day’s plan followed',
          ],
        ]}
      />

      <h2>Units to keep in mind</h2>
      <ul>
        <li>
          Money filters use the trade’s net figures, after fees. Trades in other currencies are converted to your base
          currency.
        </li>
        <li>
          R-multiple filters need a stop: a trade without one has no R (see{' '}
          <HelpLink to="r-multiple">Understanding R-multiples</HelpLink>). Use <em>Has a stop is no</em> to find them.
        </li>
        <li>
          MAE and MFE (the worst and best price reached while the trade was open) are only available when your data
          includes them.
        </li>
        <li>Hours and weekdays use the time zone in your profile.</li>
      </ul>

      <h2>Recipes</h2>
      <ul>
        <li>
          <strong>Costly fees:</strong> fees as % of gross at least 20%, grouped by broker.
        </li>
        <li>
          <strong>Overnight risk:</strong> holding <em>overnight</em>, grouped by asset class.
        </li>
        <li>
          <strong>Options near expiry:</strong> days to expiry at entry at most 2, grouped by option right.
        </li>
        <li>
          <strong>Unplanned trades:</strong> <em>has a strategy is no</em>, compared with the rest.
        </li>
      </ul>
      <p>
        For behaviour-focused recipes, see{' '}
        <HelpLink to="behavioral-analysis">Behavioral analysis with reports</HelpLink>.
      </p>
    </>
  );
}

function BehavioralAnalysisArticle() {
  return (
    <>
      <p>
        Most trading mistakes are behavioural: the trade after a loss, the tenth trade of a long day, the loser held a
        little too long. The timing and journal filters in Advanced Reports describe the circumstances in which each
        trade was taken, so you can measure those habits instead of guessing.
      </p>

      <h2>The method</h2>
      <ol>
        <li>Build the report for the situation you suspect, for example trades taken right after a loss.</li>
        <li>Build the same report for the opposite situation, or use all trades as the baseline.</li>
        <li>
          Compare expectancy in R, win rate and average size, and look at the sample size and confidence interval of
          each.
        </li>
        <li>If the difference holds up, write a rule or a goal that prevents the situation.</li>
      </ol>

      <h2>Revenge trading</h2>
      <p>
        Filter <em>previous trade’s outcome is loss</em> and <em>minutes since the previous trade at most 10</em>.
        Compare the expectancy and the initial risk with your baseline. A bigger risk and a worse expectancy in the
        minutes after a loss is the classic signature.
      </p>

      <h2>Tilt after a losing streak</h2>
      <p>
        Use <em>losses in a row before at least 2</em> (or 3). If results after a streak are clearly worse, a daily stop
        such as “stop after three losses” is worth more than any new setup. A{' '}
        <HelpLink to="goal-types">maximum trades per day goal</HelpLink> or a daily max loss in your{' '}
        <HelpLink to="daily-journal">daily plan</HelpLink> enforces it.
      </p>

      <h2>Overtrading</h2>
      <p>
        Group by <em>nth trade of the day</em>. Many traders find that their first three trades carry the edge and the
        rest give it back. The report shows where your own curve turns.
      </p>

      <h2>Holding losers, cutting winners</h2>
      <p>
        Group by outcome and compare holding time: losers held much longer than winners points to hope rather than plan.
        When your data includes MFE (the best price reached during the trade), compare it with the exit to see how much
        of each move you kept.
      </p>

      <h2>Plan versus execution</h2>
      <p>
        The journal filters connect behaviour with preparation: <em>day had a plan</em>, <em>day’s plan followed</em>,{' '}
        <em>a given rule broken</em>, <em>emotion</em> and <em>rating</em>. Comparing planned with unplanned days is
        often the most persuasive report a trader can run on themselves.
      </p>

      <h2>Read differences fairly</h2>
      <ul>
        <li>Check the number of trades in each group; small groups are marked.</li>
        <li>Overlapping confidence intervals mean the difference may be noise.</li>
        <li>
          The more slices you try, the more likely one looks special by chance. The{' '}
          <HelpLink to="ai-insights">insights</HelpLink> correct for this automatically; when you explore by hand,
          confirm a finding on a later period before acting on it.
        </li>
      </ul>
    </>
  );
}

/* ──────────────────────────── Advanced Analytics ──────────────────────────── */

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
          The stop is the <em>initial</em> stop. Moving it later does not change 1R, so a widened stop shows up honestly
          as a loss bigger than −1R.
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

      <h2>Trades without a stop</h2>
      <p>
        A trade needs an initial stop to have an R. Stops come from your broker file when it includes them, or you can
        enter one in the trade form. If you set a default risk per trade in your settings, trades without a stop use it
        as their initial risk and are marked so that you know their R is an estimate.
      </p>

      <h2>Where you will see R</h2>
      <ul>
        <li>On the dashboard, expectancy is shown both in dollars and in R.</li>
        <li>Analytics shows the distribution of your R-multiples and breakdowns by R bucket.</li>
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

function EquityCurveArticle() {
  return (
    <>
      <p>
        The equity curve shows your account value trade after trade: the starting balance plus the cumulative net
        P&amp;L of your closed trades. Underneath it, the drawdown chart shows how far you were below your best point at
        each moment. Together they tell you more about your trading than any single number.
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
        <li>
          With several accounts, choose one or view them together. Trades in other currencies are converted to your base
          currency.
        </li>
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
        The dashboard curve moves trade by trade. Risk metrics such as Calmar use end-of-day equity instead, which
        cannot see dips inside a day, so a daily maximum drawdown is never larger than the trade-by-trade one. Both are
        labelled.
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
          a report comparing before and after.
        </li>
        <li>
          <strong>Is this drawdown normal?</strong> <HelpLink to="monte-carlo">Monte Carlo simulation</HelpLink> shows
          the range of drawdowns your own trades can produce by chance.
        </li>
      </ul>
    </>
  );
}

function HeatmapsArticle() {
  return (
    <>
      <p>
        The time-of-day heatmap is a grid of weekdays against hours of the day. Each cell collects the trades you
        entered in that hour on that weekday and colours them by result, so you can see at a glance when you trade well
        and when you give money back.
      </p>

      <h2>How the cells are filled</h2>
      <ul>
        <li>A closed trade belongs to the cell of the weekday and hour in which it was opened.</li>
        <li>
          You choose the measure: net P&amp;L, expectancy in dollars or in R, win rate, or number of trades. The colour
          scale is centred on zero, with gains in green and losses in red.
        </li>
        <li>Every cell shows how many trades it holds; hover over or tap a cell for its figures.</li>
        <li>
          The heatmap respects every filter you set, so you can draw it for one strategy, one symbol or one account.
        </li>
      </ul>

      <h2>Time zones</h2>
      <p>
        Every import records the time zone of its source file, and the heatmap uses the time zone set in your profile,
        with daylight saving time handled. If you live in Berlin and trade the New York open, your 09:30 entries usually
        appear at 15:30. To see market hours instead, set your profile time zone to the market’s.
      </p>

      <h2>Read it honestly</h2>
      <p>
        A heatmap slices your trades into up to 168 small groups, and small groups are noisy. Three losing trades make a
        cell bright red without proving anything. For that reason:
      </p>
      <ul>
        <li>cells with too few trades are shown faded and marked;</li>
        <li>the details of a cell include a 95% confidence interval for win rate and expectancy;</li>
        <li>
          when the same pattern appears across neighbouring hours or several months, it is far more likely to be real.
        </li>
      </ul>

      <h2>Turn a pattern into action</h2>
      <ol>
        <li>Open the cell to see its trades and check what they have in common.</li>
        <li>
          Build a <HelpLink to="advanced-reports">report</HelpLink> with the same weekday and hour filters to compare
          strategies inside that window.
        </li>
        <li>
          If the window really costs you money, add a rule to your <HelpLink to="strategy-rules">strategy</HelpLink>{' '}
          (“no new entries after 15:00”) and track it with a <HelpLink to="goal-creation">goal</HelpLink>.
        </li>
      </ol>
      <p>
        Looking for results by calendar day instead? The <HelpLink to="daily-journal">P&amp;L calendar</HelpLink> shows
        each day’s net P&amp;L with your journal notes.
      </p>
    </>
  );
}

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

function RiskMetricsArticle() {
  return (
    <>
      <p>
        Risk metrics summarise how bumpy the road to your results was. Most are computed on{' '}
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
        50 trades averaging +0.35R with a standard deviation of 1.5R give √50 × 0.35 ÷ 1.5 ≈ 1.65. A capped version uses
        √min(N, 100), so that a very large sample does not inflate the score.
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

/* ─────────────────────────────── Trade Import ─────────────────────────────── */

function CsvImportArticle() {
  return (
    <>
      <p>
        Import turns the file your broker gives you into executions (individual fills), and the journal groups those
        executions into trades. You never need to reformat a file by hand.
      </p>

      <h2>Files you can import</h2>
      <ul>
        <li>CSV with any delimiter (comma, semicolon, tab or pipe), TSV, Excel .xlsx and .xls.</li>
        <li>UTF-8, UTF-16 or Windows-1252 text, with or without a byte-order mark.</li>
        <li>
          Files with lines before the header (account details, report titles) and total or footer lines after the data.
        </li>
        <li>
          Numbers such as 1,234.56, 1.234,56, (12.50) or $-12.50, and dates in your broker’s own format and time zone.
        </li>
      </ul>
      <p>
        Presets exist for the <Link href="/brokers">25 supported brokers</Link>; any other file goes through column
        detection.
      </p>

      <h2>Step by step</h2>
      <ol>
        <li>
          Open <strong>Import</strong> and choose the account the file belongs to. A new account asks for its broker,
          currency, starting balance and the time zone of its files.
        </li>
        <li>Drop the file or pick it. Large files stream with a progress bar.</li>
        <li>
          <strong>Detection.</strong> The importer recognises the broker, delimiter, header row, date and number
          conventions, and the role of each column (symbol, side, quantity, price, fees…). Each column gets a confidence
          score, and you are asked only about the columns it is unsure of.
        </li>
        <li>
          <strong>Preview.</strong> The first rows are shown as they will be imported, with problems highlighted. You
          can reassign any column.
        </li>
        <li>
          <strong>Import.</strong> The file is written in a single transaction, so an interrupted import never leaves
          half a file behind. The summary lists new executions, skipped duplicates and any rows that could not be read,
          with the row number and the reason, for example “row 14, Price: not a number”.
        </li>
      </ol>

      <h2>Re-importing is safe</h2>
      <p>
        Each execution gets a fingerprint: the broker’s execution id when the file has one, otherwise the fill’s content
        plus its position among identical rows. Importing the same file twice, or overlapping exports, adds nothing new,
        while two genuinely identical partial fills in the same second are both kept.
      </p>

      <h2>Templates and undo</h2>
      <ul>
        <li>
          A mapping you confirm is saved as a template and reused automatically when a file with the same header
          arrives.
        </li>
        <li>
          <strong>Import history</strong> lists every batch. Undo removes a batch and regroups your trades.
        </li>
      </ul>

      <h2>From executions to trades</h2>
      <p>
        A trade opens when a position leaves zero and closes when it returns to zero (first in, first out). Scale-ins
        and scale-outs stay in one trade; a reversal closes one trade and opens the next. Options use a multiplier of
        100 unless the file says otherwise, futures use their contract multiplier, and expired options close at expiry
        with zero value.
      </p>

      <h2>Broker not recognised?</h2>
      <p>
        Send us a sample of {SAMPLE_FILE_ROWS} rows with account numbers and personal details removed at{' '}
        <SupportEmail /> or through the <Link href="/contact">contact form</Link>. We aim to support a new broker format
        within {BROKER_FORMAT_TURNAROUND_HOURS} hours.
      </p>
    </>
  );
}

function ApiAutomationArticle() {
  return (
    <>
      <p>
        If you export your fills with a script, run your own trading software, or want your journal data in another
        tool, the <Brand /> API lets you automate it. For most traders a broker connection is the easier route; both are
        described here.
      </p>

      <h2>Option 1: broker connections</h2>
      <p>
        A broker connection syncs your executions automatically, with no files. Connections go through an aggregator
        that covers the supported brokers, or directly through a broker’s own API where one exists.
      </p>
      <ol>
        <li>
          Open <strong>Import</strong> and choose <strong>Connect a broker</strong>.
        </li>
        <li>Sign in at your broker and approve read access.</li>
        <li>Pick the accounts to sync. New executions are fetched on a regular schedule.</li>
      </ol>
      <p>
        Connection credentials are encrypted at rest. Each sync appears in your import history like a file import, with
        the same duplicate protection, so a fill that also arrives in a CSV is never counted twice.
      </p>

      <h2>Option 2: the API</h2>
      <h3>Create a token</h3>
      <ol>
        <li>
          Open <strong>Settings → API tokens</strong> and select <strong>New token</strong>.
        </li>
        <li>
          Give it a name (“nightly export script”) and only the scopes it needs, such as read-only access to trades, or
          permission to send executions.
        </li>
        <li>Copy the token. It is shown once; we store only a hashed version, so we cannot show it again.</li>
      </ol>

      <h3>Use it</h3>
      <p>Send the token over HTTPS in the Authorization header of each request:</p>
      <Formula>{`Authorization: Bearer <your token>`}</Formula>
      <p>
        The endpoint reference, with request and response examples, will be published in this Help Center when the API
        is released. It will cover sending executions, reading trades and reading the same statistics the app shows.
      </p>

      <h3>Sending executions</h3>
      <ul>
        <li>
          Send individual fills, not round trips: the journal groups them into trades exactly as it does for file
          imports.
        </li>
        <li>
          Include the broker’s execution id when you have it. It makes the fingerprint exact, so resending after a
          network error never creates duplicates.
        </li>
        <li>Include the time zone of your timestamps, or send them in UTC.</li>
        <li>
          A request that contains invalid rows reports each one with its position and reason, like the file importer.
        </li>
      </ul>

      <h2>Keep tokens safe</h2>
      <ul>
        <li>Use one token per script, so you can revoke one without breaking the others.</li>
        <li>Never paste a token into a shared document or commit it to a code repository.</li>
        <li>
          Revoke a token you no longer use in <strong>Settings → API tokens</strong>; it stops working immediately.
        </li>
      </ul>
      <p>
        Security-relevant events, such as creating or revoking a token, are recorded in an audit log. Questions? Write
        to <SupportEmail />.
      </p>
    </>
  );
}

function TagsGuideArticle() {
  return (
    <>
      <p>
        Tags are labels you attach to trades: the setup, the market condition, the mistake you made, anything you want
        to analyse later. You can create as many as you like, and every tag becomes a way to filter and break down your
        results.
      </p>

      <h2>Tags, strategies and mistakes</h2>
      <Table
        head={['Field', 'Use it for', 'Per trade']}
        rows={[
          ['Strategy', 'The playbook entry the trade followed, with its rules', 'One'],
          ['Tags', 'Any descriptor: “gap up”, “news”, “A+ setup”, “FOMC day”', 'As many as you like'],
          ['Mistakes', 'What went wrong: “chased entry”, “moved stop”, “oversized”', 'As many as apply'],
        ]}
      />

      <h2>Create and organise tags</h2>
      <ul>
        <li>Each tag has a name and a colour, so it stands out in the trades table.</li>
        <li>
          Tags can belong to an optional <strong>group</strong>, such as “setup”, “market condition” or “mistake”.
          Groups keep a long list tidy and let you break down results by one group at a time.
        </li>
      </ul>

      <h2>Tag your trades</h2>
      <ol>
        <li>
          <strong>One trade:</strong> open it from the trades table and add tags in the trade edit form.
        </li>
        <li>
          <strong>Many trades:</strong> select several rows in the trades table and use bulk tag assignment. Handy after
          an import: filter on a symbol or a day, select all, tag.
        </li>
      </ol>

      <h2>Use tags in analysis</h2>
      <ul>
        <li>The trades table has a quick filter by tag.</li>
        <li>Analytics breaks down net P&amp;L, win rate and expectancy by tag, each with its sample size.</li>
        <li>
          In <HelpLink to="condition-filters">Advanced Reports</HelpLink>, a tag filter has three modes: trades with{' '}
          <em>any</em> of the chosen tags, with <em>all</em> of them, or with <em>none</em> of them. “None” is the
          quickest way to see how you trade without a habit.
        </li>
        <li>
          The <HelpLink to="ai-analysis">AI assistant</HelpLink> understands tag names: “What is my expectancy on trades
          tagged news?”
        </li>
      </ul>

      <h2>A tagging system that lasts</h2>
      <ul>
        <li>
          <strong>Decide the vocabulary first.</strong> “Gap-up”, “gapup” and “gap up” are three different tags; pick
          one spelling.
        </li>
        <li>
          <strong>Tag facts, not feelings.</strong> “Entered before the 5-minute close” is useful in a year; “bad trade”
          is not. Use the rating and emotion fields for how you felt.
        </li>
        <li>
          <strong>Keep each group small.</strong> Ten setup tags you use consistently beat fifty you use once.
        </li>
        <li>
          <strong>Tag on the day.</strong> Reviewing your trades each evening in the{' '}
          <HelpLink to="daily-journal">daily journal</HelpLink> keeps tags accurate while you still remember.
        </li>
      </ul>
    </>
  );
}

/* ──────────────────────────── Strategies & Rules ──────────────────────────── */

function StrategySetupArticle() {
  return (
    <>
      <p>
        A strategy is an entry in your playbook: a setup you trade repeatedly, written down with the rules that define
        it. Once your trades are linked to strategies, the journal can tell you which setups carry your edge and which
        rules matter.
      </p>

      <h2>Create a strategy</h2>
      <ol>
        <li>
          Open <strong>Playbook</strong> and select <strong>New strategy</strong>.
        </li>
        <li>Name it after the setup, for example “Opening range breakout”.</li>
        <li>Describe it in a few lines: market, instruments, timeframe, and the idea behind it.</li>
        <li>
          Add rules, grouped by phase: <strong>setup</strong>, <strong>entry</strong>, <strong>management</strong>,{' '}
          <strong>exit</strong> and <strong>risk</strong>. Put them in the order you check them. See{' '}
          <HelpLink to="strategy-rules">Writing strategy rules</HelpLink>.
        </li>
        <li>Save. The strategy is now available on every trade.</li>
      </ol>

      <h2>Example: opening range breakout</h2>
      <Table
        head={['Phase', 'Rule']}
        rows={[
          ['Setup', 'Stock gapped at least 2% on news, pre-market volume above 500k shares'],
          ['Entry', 'Buy the break of the 5-minute opening range high, only after 09:35'],
          ['Management', 'Move the stop to breakeven after +1R; no adding to the position'],
          ['Exit', 'Sell half at +2R, trail the rest under the 5-minute lows'],
          ['Risk', 'Initial stop below the opening range low; risk at most 1% of the account'],
        ]}
      />

      <h2>Link trades to a strategy</h2>
      <ul>
        <li>
          <strong>One trade:</strong> open it and choose the strategy in the trade edit form. Its rules appear as a
          checklist; see <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
        </li>
        <li>
          <strong>Many trades:</strong> select rows in the trades table and assign the strategy in bulk.
        </li>
      </ul>
      <p>
        A trade has one strategy. To describe other aspects (market condition, catalyst) use{' '}
        <HelpLink to="tags-guide">tags</HelpLink>. Trades without a strategy stay visible as “no strategy”, which is
        itself a useful group: unplanned trades are often the expensive ones.
      </p>

      <h2>What you get per strategy</h2>
      <p>
        The playbook shows for each strategy its trades, net P&amp;L, expectancy, rule adherence and the effect of each
        rule. How to read these figures is explained in{' '}
        <HelpLink to="strategy-performance">Measuring strategy performance</HelpLink>.
      </p>

      <h2>Tips</h2>
      <ul>
        <li>
          Start with the two or three setups you trade most; add more when you catch yourself trading something new.
        </li>
        <li>
          Keep strategies distinct. If two differ only in the instrument, one strategy plus a tag is usually clearer.
        </li>
        <li>
          Review the playbook monthly. A strategy with a negative expectancy on a good sample needs changing or
          retiring.
        </li>
      </ul>
    </>
  );
}

function StrategyRulesArticle() {
  return (
    <>
      <p>
        Rules turn a strategy from an idea into a checklist. Good rules let you answer, after every trade, a simple
        question: did I follow my plan? The journal then measures what following each rule is worth.
      </p>

      <h2>The five phases</h2>
      <ul>
        <li>
          <strong>Setup:</strong> the conditions that must exist before you consider a trade (trend, catalyst, volume,
          time of day).
        </li>
        <li>
          <strong>Entry:</strong> the exact trigger and order type.
        </li>
        <li>
          <strong>Management:</strong> what you do while the trade is open: stop adjustments, adding, partial exits.
        </li>
        <li>
          <strong>Exit:</strong> targets, trailing stops, time stops.
        </li>
        <li>
          <strong>Risk:</strong> where the initial stop goes and how much you risk (your 1R).
        </li>
      </ul>

      <h2>What makes a good rule</h2>
      <ul>
        <li>
          <strong>Observable:</strong> someone else could look at the chart and agree whether it was met.
        </li>
        <li>
          <strong>Binary:</strong> it is either followed or broken, never “sort of”.
        </li>
        <li>
          <strong>Decided in advance:</strong> it can be checked with what you knew at the time.
        </li>
        <li>
          <strong>One idea per rule:</strong> split “wait for the pullback and enter on volume” into two rules, so you
          learn which half matters.
        </li>
      </ul>

      <Table
        head={['Vague', 'Checkable']}
        rows={[
          ['Trade with the trend', 'Price above the rising 20-period moving average on the 15-minute chart'],
          ['Don’t chase', 'Entry no more than 0.5% above the trigger price'],
          ['Manage risk', 'Initial stop below the setup low; risk at most 1% of the account'],
          ['Take profits', 'Sell half at +2R'],
          ['Avoid bad times', 'No new entries in the first 5 minutes or after 15:30'],
        ]}
      />

      <h2>Add and order rules</h2>
      <ol>
        <li>
          Open the strategy in <strong>Playbook</strong>.
        </li>
        <li>Add a rule to the phase it belongs to.</li>
        <li>
          Arrange the rules in the order you check them while trading; the trade checklist follows the same order.
        </li>
      </ol>

      <h2>How rules are checked</h2>
      <p>
        On each trade linked to the strategy, every rule is marked <strong>followed</strong>, <strong>broken</strong> or{' '}
        <strong>not applicable</strong>. “Not applicable” is for rules that could not come into play, such as a scaling
        rule on a trade stopped out before its first target. See{' '}
        <HelpLink to="rule-tracking">Tracking rule adherence</HelpLink>.
      </p>

      <h2>How many rules?</h2>
      <p>
        Most strategies work well with five to ten rules. Too few and the checklist says nothing; too many and you stop
        checking it honestly. If a rule is always followed or never makes a difference, it may not need to be a rule.
        The per-rule statistics in the playbook show you which ones do.
      </p>
    </>
  );
}

function RuleTrackingArticle() {
  return (
    <>
      <p>
        Rule adherence measures how consistently you trade your plan. It matters because a strategy’s statistics only
        describe the strategy when you actually followed it, and because the difference between followed and broken
        rules is often the clearest lesson in a journal.
      </p>

      <h2>Check the rules on a trade</h2>
      <ol>
        <li>Open the trade from the trades table.</li>
        <li>Choose its strategy, if it has none yet. The strategy’s rules appear as a checklist, in playbook order.</li>
        <li>
          Mark each rule <strong>followed</strong>, <strong>broken</strong> or <strong>not applicable</strong>.
        </li>
        <li>Add a note on any broken rule: why it happened is the part you will want to reread.</li>
      </ol>
      <p>
        Do it the same day, ideally during your evening review in the daily journal, while you still remember what you
        saw.
      </p>

      <h2>How adherence is calculated</h2>
      <Formula>{`adherence % = followed ÷ (followed + broken) × 100`}</Formula>
      <p>
        Rules marked “not applicable” are left out. Example: a strategy with 8 rules, 6 followed, 1 broken and 1 not
        applicable gives 6 ÷ 7 = 85.7% for that trade. The same formula is applied per trade, per strategy, per rule and
        per period, by adding up the checks.
      </p>

      <h2>What each rule is worth</h2>
      <p>For every rule the playbook compares trades where it was followed with trades where it was broken:</p>
      <Table
        head={['Rule: “No entries after 15:30”', 'Trades', 'Win rate', 'Expectancy']}
        nowrap={[3]}
        rows={[
          ['Followed', '84', '52%', '+0.41R'],
          ['Broken', '17', '35%', '−0.38R'],
        ]}
      />
      <p>
        The figures above are an illustration. In the app, each side shows its sample size and a 95% confidence
        interval, so you can tell a real effect from a coincidence: with 17 trades the interval is wide, and it narrows
        as you log more.
      </p>

      <h2>Use adherence elsewhere</h2>
      <ul>
        <li>
          <strong>Goals:</strong> a “rule adherence at least 90% this week” goal tracks itself. See{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          <strong>Reports:</strong> filter by rule adherence %, or by a given rule followed or broken, and group the
          result any way you like.
        </li>
        <li>
          <strong>Strategy review:</strong> compare a strategy’s expectancy on fully compliant trades with its overall
          expectancy. If only the compliant trades are profitable, the strategy works and the discipline needs
          attention.
        </li>
      </ul>
      <p>
        Be honest when checking. Adherence only helps you if a broken rule is marked broken; nobody else sees it unless
        you choose to share it.
      </p>
    </>
  );
}

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

/* ──────────────────────────────── Smart Goals ─────────────────────────────── */

function GoalCreationArticle() {
  return (
    <>
      <p>
        Smart goals track themselves. You choose what to measure and the target; the journal evaluates the goal from
        your trades after every import or edit and shows your progress. You never tick anything off by hand.
      </p>

      <h2>Create a goal</h2>
      <ol>
        <li>
          Open <strong>Goals</strong> and select <strong>New goal</strong>.
        </li>
        <li>
          Choose a type, for example <em>Maximum loss per day</em> or <em>Rule adherence</em>. All types are listed in{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          Set the target and its unit where there is a choice: dollars or R for loss limits, a percentage for win rate
          or adherence, a number for profit factor or trades per day.
        </li>
        <li>Choose the period: daily, weekly, monthly, quarterly, yearly, or custom dates.</li>
        <li>Give it a name you will recognise on the dashboard and save.</li>
      </ol>
      <p>The goal is evaluated straight away against the trades already in the current period.</p>

      <h2>Examples</h2>
      <Table
        head={['Goal', 'Type', 'Target', 'Period']}
        rows={[
          ['Protect the account', 'Maximum loss per day', '$300 (or −3R)', 'Daily'],
          ['Trade the plan', 'Rule adherence', 'at least 90%', 'Weekly'],
          ['Stop overtrading', 'Maximum trades per day', '4', 'Daily'],
          ['Quality over quantity', 'Average R', 'at least +0.3R', 'Monthly'],
          ['Do the review', 'Journal every trading day', 'every day', 'Weekly'],
        ]}
      />

      <h2>Choosing good goals</h2>
      <ul>
        <li>
          <strong>Prefer process goals.</strong> You control whether you follow your rules and respect a loss limit; you
          do not control what the market pays this month. Process goals lead, P&amp;L follows.
        </li>
        <li>
          <strong>Make them reachable.</strong> Start from your current statistics: if your adherence is 70%, aim for
          80% before 100%.
        </li>
        <li>
          <strong>Keep few.</strong> Two to four active goals stay in view; ten become noise.
        </li>
        <li>
          <strong>Express risk in R.</strong> A loss limit in R keeps working when your account grows or you change
          position size.
        </li>
      </ul>

      <h2>After you save</h2>
      <p>
        The goal appears on the Goals page and its progress on the dashboard. Its status (on track, at risk, achieved or
        missed) updates on its own; see <HelpLink to="goal-tracking">How goals track themselves</HelpLink>. Over time
        each goal builds a history and streaks, covered in{' '}
        <HelpLink to="goal-analytics">Goal analytics and streaks</HelpLink>.
      </p>
    </>
  );
}

function GoalTypesArticle() {
  return (
    <>
      <p>
        Every smart goal combines a <strong>type</strong> (what is measured), a <strong>target</strong> and a{' '}
        <strong>period</strong>. All of them are computed from your trades and journal with the same formulas as the
        analytics.
      </p>

      <h2>Goal types</h2>
      <Table
        head={['Type', 'What it measures', 'Example']}
        rows={[
          ['Net P&L target', 'Sum of net P&L (after fees) in the period', 'Make $2,000 this month'],
          [
            'Maximum loss per day',
            'The day’s net loss, in $ or R; breached when exceeded',
            'Lose no more than 3R a day',
          ],
          ['Maximum loss per trade', 'Each trade’s net loss, in $ or R', 'No trade worse than −1.2R'],
          ['Win rate', 'Wins ÷ all closed trades, at least x%', 'Win rate at least 50% this week'],
          ['Profit factor', 'Gross profit ÷ |gross loss|, at least x', 'Profit factor at least 1.5 this quarter'],
          ['Average R', 'Mean R-multiple of trades with a stop, at least x', 'Average R at least +0.3R'],
          ['Maximum trades per day', 'Number of trades opened each day', 'At most 4 trades a day'],
          ['Rule adherence', 'Followed ÷ (followed + broken) rule checks, at least x%', 'Adherence at least 90%'],
          ['Journal every trading day', 'A journal entry on every day you traded', 'Review every trading day'],
          ['Custom metric', 'Any analytics metric against a threshold', 'Expectancy at least $40 per trade'],
        ]}
      />

      <h2>Two kinds of goal</h2>
      <ul>
        <li>
          <strong>Targets</strong> (net P&amp;L, win rate, profit factor, average R, adherence, journal) are reached
          when the measure meets the target over the period.
        </li>
        <li>
          <strong>Limits</strong> (maximum loss per day or per trade, maximum trades per day) hold as long as the limit
          is never exceeded. A single breach misses the period.
        </li>
      </ul>

      <h2>Periods</h2>
      <ul>
        <li>
          <strong>Daily, weekly, monthly, quarterly, yearly:</strong> the goal restarts each period and keeps a record
          of every past one.
        </li>
        <li>
          <strong>Custom:</strong> a start and end date of your choice, for a challenge or an evaluation account.
        </li>
      </ul>
      <p>
        Days and weeks follow the time zone in your profile. A limit such as “maximum loss per day” is checked on each
        day of the period, whatever the period’s length: a weekly goal of “never lose more than 3R in a day” is achieved
        only if every day of the week respects it.
      </p>

      <h2>Ratio goals need a sample</h2>
      <p>
        Win rate, profit factor and average R swing wildly over a few trades. One trade on a Monday gives a win rate of
        0% or 100%. For these, prefer weekly or longer periods, and the goal shows how many trades the figure is based
        on.
      </p>

      <h2>Dollars or R?</h2>
      <p>
        Loss limits can be set in dollars or in R. R limits depend on an initial stop: trades without one count toward
        dollar limits only (or use your default risk per trade, if you set one; see{' '}
        <HelpLink to="r-multiple">Understanding R-multiples</HelpLink>).
      </p>
    </>
  );
}

function GoalTrackingArticle() {
  return (
    <>
      <p>
        A smart goal needs no maintenance. Whenever your trades or journal change, through an import, a broker sync, an
        edit or a deletion, every goal whose period is affected is evaluated again. Undoing an import updates your goals
        too.
      </p>

      <h2>What is evaluated</h2>
      <ol>
        <li>
          The journal collects the trades, rule checks or journal entries that fall into the goal’s current period,
          using the time zone in your profile.
        </li>
        <li>
          It computes the goal’s measure with the same formulas as the analytics: net P&amp;L after fees, win rate over
          all closed trades, adherence over followed and broken checks.
        </li>
        <li>It compares the result with the target and sets the status.</li>
      </ol>

      <h2>The four statuses</h2>
      <Table
        head={['Status', 'Meaning']}
        rows={[
          [
            'On track',
            'The period is running and, at the current pace, the target will be met; for a limit, it has not been breached.',
          ],
          ['At risk', 'The period is running and the target is behind pace, or a limit is close to being breached.'],
          ['Achieved', 'The target was met for the period, or a limit held until the period ended.'],
          ['Missed', 'The period ended below target, or a limit was breached.'],
        ]}
      />
      <p>
        A target goal can be achieved before its period ends, for example a monthly P&amp;L target reached on the 20th.
        A limit goal is only achieved when the period is over, because it could still be breached until then; once
        breached, it is missed for that period.
      </p>

      <h2>Example</h2>
      <p>Goal: “Maximum loss per day: 3R”, daily. On Tuesday you log these trades:</p>
      <ul>
        <li>−1R at 09:45: day at −1R, on track.</li>
        <li>−1R at 10:20: day at −2R, at risk.</li>
        <li>+0.5R at 11:05: day at −1.5R, back on track.</li>
      </ul>
      <p>
        If the day ends there, Tuesday is achieved. Had another −1.6R trade followed, the day would have reached −3.1R
        and the goal would be missed for Tuesday; Wednesday starts fresh.
      </p>

      <h2>Where you see it</h2>
      <ul>
        <li>The Goals page lists every goal with its progress bar, status and current value.</li>
        <li>The dashboard shows the progress of your active goals next to your headline numbers.</li>
        <li>
          Each goal keeps a history per period and its streaks; see{' '}
          <HelpLink to="goal-analytics">Goal analytics and streaks</HelpLink>.
        </li>
      </ul>

      <h2>When a figure looks wrong</h2>
      <ul>
        <li>Check the time zone in your profile: a trade just after midnight belongs to the next day.</li>
        <li>R-based goals only count trades with an initial stop (or your default risk per trade).</li>
        <li>Adherence goals only count trades whose rules you have checked.</li>
      </ul>
    </>
  );
}

function GoalAnalyticsArticle() {
  return (
    <>
      <p>
        Every goal keeps a record of each period it covered. That history shows whether a habit is forming, and, linked
        with your trades, what the habit is worth in money.
      </p>

      <h2>Goal history</h2>
      <p>
        Open a goal to see a row for every past period (each day of a daily goal, each week of a weekly one) with its
        final value and status: achieved or missed. The current period shows its live status, on track or at risk.
      </p>
      <ul>
        <li>
          <strong>Hit rate:</strong> achieved periods ÷ completed periods. A daily loss limit kept on 18 of 20 trading
          days has a hit rate of 90%.
        </li>
        <li>
          <strong>Trend:</strong> the value per period as a chart, with the target drawn as a line, so you see whether
          you are moving toward it.
        </li>
      </ul>

      <h2>Streaks</h2>
      <ul>
        <li>
          <strong>Current streak:</strong> the number of consecutive periods achieved, up to the last completed one.
        </li>
        <li>
          <strong>Longest streak:</strong> the best run so far.
        </li>
      </ul>
      <p>
        For daily goals, only days you traded count as periods, so a weekend or a holiday neither breaks nor extends a
        streak. A “journal every trading day” goal likewise ignores days without trades.
      </p>

      <h2>What is a goal worth?</h2>
      <p>
        The most useful question about a process goal is whether keeping it improves your results. For daily goals,
        compare the days you achieved the goal with the days you missed it:
      </p>
      <Table
        head={['Days', 'Count', 'Average net P&L', 'Expectancy']}
        nowrap={[2, 3]}
        rows={[
          ['Max 4 trades: achieved', '46', '+$212', '+0.38R'],
          ['Max 4 trades: missed', '11', '−$164', '−0.21R'],
        ]}
      />
      <p>
        The numbers above are an illustration; the goal page shows yours, with sample sizes and 95% confidence
        intervals. A clear gap on a fair sample is the strongest argument for the goal, and a powerful motivator on the
        next tempting day.
      </p>

      <h2>Use the history</h2>
      <ul>
        <li>
          <strong>Raise the bar</strong> when the hit rate stays near 100% for a month: the goal has become a habit.
        </li>
        <li>
          <strong>Lower it or split it</strong> when you miss most periods: an unreachable goal trains you to ignore
          goals.
        </li>
        <li>
          <strong>Look at the misses.</strong> Open a missed day from the history to see its trades and journal entry;
          the <HelpLink to="daily-journal">daily review</HelpLink> is where you note why.
        </li>
        <li>
          <strong>Find the cause with reports:</strong>{' '}
          <HelpLink to="behavioral-analysis">behavioural filters</HelpLink> such as losses in a row before or nth trade
          of the day often explain missed limits.
        </li>
      </ul>
      <p>
        The dashboard shows progress on your active goals; new to goals? Start with{' '}
        <HelpLink to="goal-creation">Creating a smart goal</HelpLink>.
      </p>
    </>
  );
}

/* ────────────────────────── P&L Calendar & Journal ────────────────────────── */

function DailyJournalArticle() {
  return (
    <>
      <p>
        The P&amp;L calendar shows your trading month at a glance, and the daily journal holds your thinking: a plan
        before the session and a review after it. Together they turn a list of trades into a record of decisions you can
        learn from.
      </p>

      <h2>The P&amp;L calendar</h2>
      <ul>
        <li>Each day shows its net P&amp;L, coloured green or red, and the number of trades.</li>
        <li>A mark shows the days that have a journal entry.</li>
        <li>Weekly totals run down the side.</li>
        <li>Select a day to open its trades and its journal entry.</li>
      </ul>
      <p>Days follow the time zone in your profile, so a late-evening trade lands on the day you actually traded it.</p>

      <h2>Before the session: the plan</h2>
      <p>Open today’s entry from the calendar and fill in what you need:</p>
      <ul>
        <li>
          <strong>Plan:</strong> market context, what you expect, what you will and will not trade.
        </li>
        <li>
          <strong>Watchlist:</strong> the symbols you are watching and why.
        </li>
        <li>
          <strong>Price levels:</strong> for a planned trade, the entry, stop, target and maximum size.
        </li>
        <li>
          <strong>Daily max loss:</strong> the loss at which you stop for the day.
        </li>
      </ul>

      <h2>After the session: the review</h2>
      <ol>
        <li>Go through the day’s trades: check the rules, add tags and mistakes, rate each trade from 1 to 5.</li>
        <li>
          Write the review: what went well, what did not, and one thing to do differently tomorrow. Notes support
          Markdown, and trades can hold screenshots.
        </li>
        <li>Record your mood. Over weeks, mood next to P&amp;L is revealing.</li>
      </ol>

      <h2>Plan versus execution</h2>
      <p>When your plan holds price levels, the journal compares your fills with it and highlights the differences:</p>
      <ul>
        <li>
          <strong>Slippage</strong> between the planned and the actual entry;
        </li>
        <li>
          <strong>early or late entries</strong> and <strong>moved stops</strong>;
        </li>
        <li>
          <strong>size breaches</strong> above the planned maximum;
        </li>
        <li>
          <strong>unplanned trades</strong> in symbols that were not in the plan.
        </li>
      </ul>
      <p>
        In <HelpLink to="condition-filters">Advanced Reports</HelpLink>, the filters <em>day had a plan</em> and{' '}
        <em>day’s plan followed</em> let you measure what planning is worth to you.
      </p>

      <h2>Make it a habit</h2>
      <ul>
        <li>Keep it short. Five minutes before and ten after beat an hour you skip.</li>
        <li>
          Add a <em>Journal every trading day</em> goal; it tracks itself. See{' '}
          <HelpLink to="goal-types">Goal types and periods</HelpLink>.
        </li>
        <li>
          Reread last week’s reviews every weekend. The same lesson written three times is your next{' '}
          <HelpLink to="strategy-rules">rule</HelpLink>.
        </li>
      </ul>
    </>
  );
}

/* ─────────────────────────────── AI Assistant ─────────────────────────────── */

function AiAnalysisArticle() {
  return (
    <>
      <p>
        The AI assistant answers questions about your own trading in plain language. Ask “What is my win rate on
        Mondays?” and it replies with the number, a small chart and a link to the report that produced it, so you can
        always check the answer.
      </p>

      <h2>Open the assistant</h2>
      <ol>
        <li>Select the assistant button; the chat panel is available on every page of the app.</li>
        <li>Type your question in everyday words.</li>
        <li>Read the answer, then open the linked report to see the trades behind it, or ask a follow-up.</li>
      </ol>
      <p>
        The assistant is part of Premium and is included during the free trial. See <Link href="/pricing">Pricing</Link>
        .
      </p>

      <h2>How it answers</h2>
      <p>
        The assistant does not guess numbers. It translates your question into the same building blocks as Advanced
        Reports:
      </p>
      <ul>
        <li>
          a <strong>filter</strong>: which trades (“on Mondays”, “since March”, “TSLA”, “tagged news”);
        </li>
        <li>
          a <strong>metric</strong>: what to compute (win rate, expectancy, net P&amp;L, profit factor…);
        </li>
        <li>
          optionally a <strong>grouping</strong> or an ordering (“by strategy”, “biggest losers”).
        </li>
      </ul>
      <p>
        The journal’s analytics then compute the answer with the exact formulas used everywhere else, which is why the
        assistant and your dashboard always agree. If a question is ambiguous (“last month” at the start of a month, or
        a symbol you never traded), it tells you how it read the question.
      </p>

      <h2>Your data and outside AI services</h2>
      <ul>
        <li>The assistant works with a built-in question parser, with no outside AI service involved.</li>
        <li>
          If <Brand /> is configured with an external language model, the model is used to understand your wording. It
          calls the same report functions and sees only what those functions return, never your whole journal.
        </li>
      </ul>

      <h2>What it will not do</h2>
      <ul>
        <li>
          Predict prices or tell you what to buy or sell. It describes your past trading; nothing it says is financial
          advice.
        </li>
        <li>
          Invent figures: if your data cannot answer a question (no trades match, or trades lack a stop for an R
          question), it says so.
        </li>
      </ul>

      <h2>Next steps</h2>
      <ul>
        <li>
          Examples to copy: <HelpLink to="ai-questions">Questions you can ask</HelpLink>.
        </li>
        <li>
          Patterns the journal looks for on its own: <HelpLink to="ai-patterns">Pattern detection</HelpLink>.
        </li>
        <li>
          How findings are tested before you see them:{' '}
          <HelpLink to="ai-insights">Insights and how they are tested</HelpLink>.
        </li>
      </ul>
    </>
  );
}

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

function AiInsightsArticle() {
  return (
    <>
      <p>
        Insights are short findings the journal surfaces on its own, such as “Your best hour is 10:00–11:00” or
        “Breakouts lose money on Fridays”. Finding patterns in trading data is easy; most of them are noise. This
        article explains what an insight has to pass before you see it.
      </p>

      <h2>What insights look at</h2>
      <ul>
        <li>best and worst hour of entry and weekday;</li>
        <li>best and worst symbols and strategies;</li>
        <li>
          behavioural patterns such as revenge trading and overtrading (see{' '}
          <HelpLink to="ai-patterns">Pattern detection</HelpLink>).
        </li>
      </ul>

      <h2>The three tests</h2>
      <h3>1. A minimum sample</h3>
      <p>
        A group needs enough trades before it is considered at all. Five trades at one hour can show a 100% win rate by
        pure chance; such groups are skipped.
      </p>

      <h3>2. A confidence interval</h3>
      <p>Every figure comes with a 95% confidence interval. For expectancy it is approximately</p>
      <Formula>{`mean ± 1.96 × stdev ÷ √n`}</Formula>
      <p>
        so it narrows as trades accumulate. An insight is only reported when the interval of the group is clearly
        separated from your overall result, not when the two merely differ.
      </p>

      <h3>3. A correction for multiple comparisons</h3>
      <p>
        Looking at 24 hours, 5 weekdays, dozens of symbols and several strategies means hundreds of comparisons. At a 5%
        error rate, a few will look remarkable by luck alone. The journal tightens the threshold according to the number
        of comparisons it made, so a “best” or “worst” label means the difference survives that search.
      </p>

      <h2>Reading an insight</h2>
      <p>Each insight states:</p>
      <ul>
        <li>the finding in one sentence;</li>
        <li>the figures for the group and your baseline, with their number of trades;</li>
        <li>the confidence interval;</li>
        <li>a link to the report with the trades behind it.</li>
      </ul>
      <p>
        Example: “Entries between 10:00 and 11:00: 64 trades, expectancy +0.52R (95% interval +0.21R to +0.83R), against
        +0.12R over all trades.”
      </p>

      <h2>When there are no insights</h2>
      <p>
        An empty list is an honest result: no pattern in your trades is strong enough yet. Keep logging; insights appear
        as your sample grows. Until then, <HelpLink to="advanced-reports">Advanced Reports</HelpLink> let you explore
        freely, with each figure’s sample size shown.
      </p>

      <h2>Good habits</h2>
      <ul>
        <li>Treat an insight as a hypothesis. Check the trades and your notes before changing how you trade.</li>
        <li>Confirm on new data: if the pattern still holds a month later, it is probably real.</li>
        <li>Insights describe your history; they do not predict the market and are not financial advice.</li>
      </ul>
    </>
  );
}

/** Every article body, by id. The unit test keeps this in step with HELP_ARTICLE_IDS. */
export const HELP_ARTICLE_BODIES: Record<string, HelpArticleBody> = {
  'advanced-reports': { status: 'coming-soon', updated: UPDATED, body: AdvancedReportsArticle },
  'condition-filters': { status: 'coming-soon', updated: UPDATED, body: ConditionFiltersArticle },
  'behavioral-analysis': { status: 'coming-soon', updated: UPDATED, body: BehavioralAnalysisArticle },
  'r-multiple': { status: 'coming-soon', updated: UPDATED, body: RMultipleArticle },
  'equity-curve': { status: 'coming-soon', updated: UPDATED, body: EquityCurveArticle },
  heatmaps: { status: 'coming-soon', updated: UPDATED, body: HeatmapsArticle },
  'monte-carlo': { status: 'coming-soon', updated: UPDATED, body: MonteCarloArticle },
  'risk-metrics': { status: 'coming-soon', updated: UPDATED, body: RiskMetricsArticle },
  'csv-import': { status: 'coming-soon', updated: UPDATED, body: CsvImportArticle },
  'api-automation': { status: 'coming-soon', updated: UPDATED, body: ApiAutomationArticle },
  'tags-guide': { status: 'coming-soon', updated: UPDATED, body: TagsGuideArticle },
  'strategy-setup': { status: 'coming-soon', updated: UPDATED, body: StrategySetupArticle },
  'strategy-rules': { status: 'coming-soon', updated: UPDATED, body: StrategyRulesArticle },
  'rule-tracking': { status: 'coming-soon', updated: UPDATED, body: RuleTrackingArticle },
  'strategy-performance': { status: 'coming-soon', updated: UPDATED, body: StrategyPerformanceArticle },
  'goal-creation': { status: 'coming-soon', updated: UPDATED, body: GoalCreationArticle },
  'goal-types': { status: 'coming-soon', updated: UPDATED, body: GoalTypesArticle },
  'goal-tracking': { status: 'coming-soon', updated: UPDATED, body: GoalTrackingArticle },
  'goal-analytics': { status: 'coming-soon', updated: UPDATED, body: GoalAnalyticsArticle },
  'daily-journal': { status: 'coming-soon', updated: UPDATED, body: DailyJournalArticle },
  'ai-analysis': { status: 'coming-soon', updated: UPDATED, body: AiAnalysisArticle },
  'ai-questions': { status: 'coming-soon', updated: UPDATED, body: AiQuestionsArticle },
  'ai-patterns': { status: 'coming-soon', updated: UPDATED, body: AiPatternsArticle },
  'ai-insights': { status: 'coming-soon', updated: UPDATED, body: AiInsightsArticle },
};
