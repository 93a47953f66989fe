import { FIELD_GROUPS, TRADE_FIELDS, type FieldDef } from '../../../core/query';
import { HelpLink, Table, type HelpArticleBody } from './article-parts';

/** How a field's value is written in a link (`?weekdays=1,2`), by its type. */
function toUrlExample(field: FieldDef): string {
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
    case 'date':
      return `${field.id}=2025-01-17`;
    case 'decimalRange':
    case 'numberRange':
      return `${field.id}=min..max`;
    case 'boolean':
      return `${field.id}=true`;
    case 'enum':
      return `${field.id}=${field.values?.[0]?.[0] ?? ''}`;
    case 'enumList':
      return `${field.id}=${(field.values ?? []).map(([value]) => value).join(',')}`;
    case 'intList':
      return `${field.id}=${field.minimum ?? 0},${(field.minimum ?? 0) + 1}`;
    default:
      return `${field.id}=…`;
  }
}

function ConditionFiltersArticle() {
  return (
    <>
      <p>
        Every list of trades in Edgebook is selected by one filter model: the Trades page, the CSV export and every
        Analytics figure. A filter is a set of conditions that must all hold. On{' '}
        <HelpLink to="/trades">Trades</HelpLink>, the filter bar shows the common ones; <strong>Add filter</strong>{' '}
        opens all {TRADE_FIELDS.length} of them, grouped and searchable. Each active condition shows as a chip you can
        remove, and the whole filter is kept in the page’s address, so a filtered view is a link you can bookmark or
        share with yourself.
      </p>
      <h2>What the conditions mean</h2>
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
        <li>
          Some conditions wait for data Edgebook does not record yet and select no trades until it does: MAE, MFE, rule
          adherence, rules followed or broken, and whether the day’s plan was followed.
        </li>
      </ul>
      {FIELD_GROUPS.map((group) => (
        <section key={group.id}>
          <h2>{group.label}</h2>
          <Table
            head={['Condition', 'In a link', 'Meaning']}
            nowrap={[1]}
            rows={(TRADE_FIELDS as readonly FieldDef[])
              .filter((field) => field.group === group.id)
              .map((field) => [field.label, <code key="c">{toUrlExample(field)}</code>, field.description ?? ''])}
          />
        </section>
      ))}
    </>
  );
}

export default {
  status: 'available',
  updated: '2026-12-03',
  body: ConditionFiltersArticle,
} satisfies HelpArticleBody;
