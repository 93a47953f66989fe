import { Link } from 'wouter';
import { FIELD_GROUPS, TRADE_FIELDS, type FieldDef } from '../../../core/query';
import { HelpLink, type HelpArticleBody } from './article-parts';

const FIELDS = TRADE_FIELDS as readonly FieldDef[];

/** The conditions of a group that select trades today, by their labels. */
function toGroupText(group: string): string {
  return FIELDS.filter((field) => field.group === group && field.untilDataExists === undefined)
    .map((field) => field.label)
    .join(', ');
}

function ConditionFiltersArticle() {
  return (
    <>
      <p>
        Every list of trades in Edgebook is selected by one filter model: the <Link href="/trades">Trades</Link> page,
        its CSV export, every Analytics figure and <HelpLink to="advanced-reports">Advanced Reports</HelpLink>. A filter
        is a set of conditions that must all hold. The filter bar shows the common ones; <strong>Add filter</strong>{' '}
        opens all {FIELDS.length} of them, grouped and searchable. Each active condition shows as a chip you can remove.
      </p>

      <h2>The conditions</h2>
      <ul>
        {FIELD_GROUPS.map((group) => (
          <li key={group.id}>
            <strong>{group.label}</strong>: {toGroupText(group.id)}.
          </li>
        ))}
      </ul>
      <p>
        A few conditions wait for data that is not yet recorded and select no trades until it is: MAE, MFE, the rules of
        a strategy and whether the day’s plan was followed.
      </p>

      <h2>What they mean</h2>
      <ul>
        <li>
          Days and hours are read in your time zone (Settings). <strong>From</strong>/<strong>To</strong>, months and
          years go by the day a trade closed (an open trade by the day it opened); weekdays, the hour of entry and the
          day’s nth trade by when it opened. The market session is always US Eastern time.
        </li>
        <li>
          Ranges include both ends; lists match any of their values. Trades whose file gave only the day of a fill have
          no hour and no session.
        </li>
        <li>
          <strong>Outcome</strong> (win, loss, breakeven) follows your breakeven band in Settings: a closed trade whose
          net P&amp;L is within ± the band of its asset class is breakeven. The band is 0 until you set one. It applies
          to the Outcome, Previous trade’s outcome and Losses in a row filters; Analytics’ win rate still counts net
          P&amp;L above 0 as a win.
        </li>
        <li>
          The <strong>previous trade</strong> is the same account’s last trade closed at or before this one opened.
        </li>
        <li>Ids of strategies, tags or accounts that are not yours match nothing; they never show anyone’s trades.</li>
      </ul>

      <h2>Filters in links</h2>
      <p>
        Every condition is kept in the page’s address, one parameter per condition (<code>symbols=AAPL,MSFT</code>,{' '}
        <code>netPnl=-50..</code>, <code>weekdays=1,2</code>), so a filtered view is a link you can bookmark. A range is{' '}
        <code>min..max</code>, either end left out. A link whose condition is no longer valid opens without it, and the
        page names what it left out. The API takes the same filter as JSON in its <code>filter</code> parameter, lists
        every condition at <code>GET /api/reports/filters</code>, and answers a 400 naming the parameter that is wrong.
      </p>
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
