import { HELP_ARTICLES_UPDATED, HelpLink, Table, type HelpArticleBody } from './article-parts';

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

export default {
  status: 'coming-soon',
  updated: HELP_ARTICLES_UPDATED,
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
