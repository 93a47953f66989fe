import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { AnalyticsBreakdownJson } from '../../../contracts/analytics';
import { BREAKDOWN_DIMENSIONS, type BreakdownDimension } from '../../../core/analytics';
import { toReadableSymbol, toShortSymbol } from '../../../core/instruments/symbol-label';
import { BarChart } from '../../components/charts/bar-chart';
import { Button } from '../../components/ui/button';
import { useIsPhone } from '../../lib/use-media-query';
import { SELECT_BASE } from '../trades/dialog-frame';
import { useAnalytics, type AnalyticsSource } from './analytics-api';
import { formatMoneyIn, formatStat, toStatNumber, toStatSign, type StatKind } from './metric-format';
import { AnalyticsSection, ChartBox, QueryState } from './section';

export const DIMENSION_LABELS: Record<BreakdownDimension, string> = {
  symbol: 'Symbol',
  strategy: 'Strategy',
  tag: 'Tag',
  side: 'Side',
  assetClass: 'Asset class',
  weekday: 'Weekday',
  hour: 'Hour of entry',
  month: 'Month',
  holdingTime: 'Holding time',
  rBucket: 'R bucket',
};

type Group = AnalyticsBreakdownJson['groups'][number];
type Column = { key: string; label: string; kind: StatKind | 'text'; isColored?: boolean };

const COLUMNS: readonly Column[] = [
  { key: 'label', label: 'Group', kind: 'text' },
  { key: 'count', label: 'Trades', kind: 'count' },
  { key: 'winRate', label: 'Win rate', kind: 'percent' },
  { key: 'netPnl', label: 'Net P&L', kind: 'signedMoney', isColored: true },
  { key: 'expectancyR', label: 'Avg R', kind: 'r', isColored: true },
  { key: 'profitFactor', label: 'Profit factor', kind: 'ratio' },
  { key: 'expectancy', label: 'Expectancy', kind: 'signedMoney', isColored: true },
  { key: 'avgWin', label: 'Avg win', kind: 'money' },
  { key: 'avgLoss', label: 'Avg loss', kind: 'money' },
];

/** Groups drawn in the chart; the table lists all. */
const CHART_GROUPS = 30;
/** Cards shown on a phone before "Show all". */
const PHONE_CARDS = 10;

/** A group's name as the trader reads it: symbols of options and futures in their readable form. */
function toGroupLabel(group: Group, by: BreakdownDimension): string {
  return by === 'symbol' ? toReadableSymbol(group.label) : group.label;
}

type Sort = { key: string; isDescending: boolean } | null;

/** Sorts groups by a column: numbers with undefined values last, text alphabetically; null keeps the API's order. */
function sortGroups(groups: readonly Group[], sort: Sort): Group[] {
  if (!sort) return [...groups];
  const direction = sort.isDescending ? -1 : 1;
  return [...groups].sort((a, b) => {
    if (sort.key === 'label') return direction * a.label.localeCompare(b.label, 'en-US', { numeric: true });
    const x = toStatNumber(a[sort.key]);
    const y = toStatNumber(b[sort.key]);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x === y ? 0 : direction * (x < y ? -1 : 1);
  });
}

/** Every breakdown dimension as a sortable table and a bar chart of net P&L per group. */
export function BreakdownSection({
  source,
  filters,
  by,
  onByChange,
}: {
  source: AnalyticsSource;
  filters: URLSearchParams;
  by: BreakdownDimension;
  onByChange: (by: BreakdownDimension) => void;
}) {
  const isPhone = useIsPhone();
  const query = useAnalytics(source, 'breakdown', filters, { by });
  const [sort, setSort] = useState<Sort>(null);
  const groups = useMemo(() => sortGroups(query.data?.groups ?? [], sort), [query.data, sort]);
  const charted = groups.slice(0, CHART_GROUPS);
  const currency = query.data?.currency ?? 'USD';
  const money = (value: number) => formatMoneyIn(value, currency, { isSigned: true });
  const best = [...groups].sort((a, b) => Number(b.netPnl) - Number(a.netPnl))[0];
  const worst = [...groups].sort((a, b) => Number(a.netPnl) - Number(b.netPnl))[0];
  const summary =
    groups.length === 0
      ? 'No trades to group.'
      : `Bar chart of net P&L for ${charted.length} of ${groups.length} groups by ${DIMENSION_LABELS[by].toLowerCase()}. ` +
        `Best: ${best ? toGroupLabel(best, by) : ''} at ${money(Number(best?.netPnl))}; worst: ${worst ? toGroupLabel(worst, by) : ''} at ${money(Number(worst?.netPnl))}.`;

  const onSort = (key: string) =>
    setSort((prev) =>
      prev?.key === key ? { key, isDescending: !prev.isDescending } : { key, isDescending: key !== 'label' },
    );

  return (
    <AnalyticsSection
      title="Breakdown"
      intro={`Your results grouped by one dimension at a time. ${isPhone ? 'Choose an order under Sort by.' : 'Click a column to sort.'}`}
      testId="breakdown"
      controls={
        <>
          <ControlSelect
            label="Group by"
            value={by}
            options={DIMENSION_CHOICES}
            onChange={(value) => {
              setSort(null);
              onByChange(value as BreakdownDimension); // options are BREAKDOWN_DIMENSIONS
            }}
          />
          {isPhone && (
            <ControlSelect
              label="Sort by"
              value={sort?.key ?? ''}
              options={SORT_CHOICES}
              onChange={(key) => setSort(key ? { key, isDescending: key !== 'label' } : null)}
            />
          )}
        </>
      }
    >
      <QueryState isPending={query.isPending} error={query.error} label="the breakdown" />
      {query.data && groups.length === 0 && <p className="text-sm text-muted">No closed trades to group.</p>}
      {query.data && groups.length > 0 && (
        <div className="grid gap-6">
          {isPhone ? (
            <BreakdownCards groups={groups} by={by} currency={currency} />
          ) : (
            <div
              role="region"
              aria-label={`Breakdown by ${DIMENSION_LABELS[by].toLowerCase()}`}
              tabIndex={0}
              className="relative max-h-[28rem] overflow-auto rounded-lg border border-line focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <table className="w-full min-w-[44rem] text-sm" data-testid="breakdown-table">
                <caption className="sr-only">
                  Results by {DIMENSION_LABELS[by].toLowerCase()}, {groups.length} groups
                </caption>
                <thead className="sticky top-0 z-10 bg-sunken text-xs text-muted">
                  <tr>
                    {COLUMNS.map((c) => {
                      const isSorted = sort?.key === c.key;
                      return (
                        <th
                          key={c.key}
                          scope="col"
                          aria-sort={isSorted ? (sort.isDescending ? 'descending' : 'ascending') : undefined}
                          className={`px-3 py-2 font-medium ${c.kind === 'text' ? 'text-left' : 'text-right'}`}
                        >
                          <button
                            type="button"
                            onClick={() => onSort(c.key)}
                            className="inline-flex items-center gap-1 rounded hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            {c.label}
                            {isSorted &&
                              (sort.isDescending ? (
                                <ArrowDown className="h-3 w-3" aria-hidden="true" />
                              ) : (
                                <ArrowUp className="h-3 w-3" aria-hidden="true" />
                              ))}
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {groups.map((g) => (
                    <tr key={g.key} className="border-t border-line" data-testid="breakdown-row">
                      {COLUMNS.map((c) => {
                        if (c.kind === 'text') {
                          return (
                            <th
                              key={c.key}
                              scope="row"
                              title={g.label}
                              className="max-w-48 truncate px-3 py-2 text-left font-medium text-fg"
                            >
                              {toGroupLabel(g, by)}
                            </th>
                          );
                        }
                        const { text, note } = formatStat(g[c.key], c.kind, currency);
                        const sign = c.isColored ? toStatSign(g[c.key]) : 0;
                        return (
                          <td
                            key={c.key}
                            data-column={c.key}
                            title={note ?? undefined}
                            className={`px-3 py-2 text-right tabular-nums ${sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg'}`}
                          >
                            {text}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <figure className="min-w-0">
            <figcaption className="mb-2 text-sm font-semibold text-fg">
              Net P&L by {DIMENSION_LABELS[by].toLowerCase()}
              {groups.length > CHART_GROUPS && (
                <span className="font-normal text-muted">
                  {' '}
                  (first {CHART_GROUPS} of {groups.length} in table order)
                </span>
              )}
            </figcaption>
            <ChartBox summary={summary}>
              <BarChart
                key={charted.map((g) => g.key).join('|')}
                labels={charted.map((g) => toGroupLabel(g, by))}
                axisLabels={by === 'symbol' ? charted.map((g) => toShortSymbol(g.label)) : undefined}
                values={charted.map((g) => Number(g.netPnl))}
                height={240}
                isSigned
                valueLabel="Net P&L"
                formatValue={money}
                testId="breakdown-chart"
              />
            </ChartBox>
          </figure>
        </div>
      )}
    </AnalyticsSection>
  );
}

const DIMENSION_CHOICES = BREAKDOWN_DIMENSIONS.map((d) => [d, DIMENSION_LABELS[d]] as const);
const SORT_CHOICES = [
  ['', 'As listed'],
  ...COLUMNS.map((c) => [c.key, c.kind === 'text' ? 'Name' : c.label] as const),
] as const;

/** A labelled choice above the section (Group by, and Sort by on a phone where no header sorts). */
function ControlSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        className={`${SELECT_BASE} w-36 sm:w-44`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One figure of a card: its label over its value, coloured by sign when the column is. */
function CardStat({
  group,
  column,
  currency,
  isMain,
}: {
  group: Group;
  column: Column;
  currency: string;
  isMain?: boolean;
}) {
  const { text, note } = formatStat(group[column.key], column.kind as StatKind, currency); // a card shows only the number columns
  const sign = column.isColored ? toStatSign(group[column.key]) : 0;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{column.label}</dt>
      <dd
        data-column={column.key}
        title={note ?? undefined}
        className={`truncate tabular-nums ${isMain ? 'text-base font-semibold' : 'text-sm'} ${sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg'}`}
      >
        {text}
      </dd>
    </div>
  );
}

const MAIN_KEYS = new Set(['count', 'winRate', 'netPnl']);

/**
 * The breakdown as cards on a phone: each group's trades, win rate and net P&L first, then the
 * table's other columns; the first ten, then "Show all".
 */
function BreakdownCards({
  groups,
  by,
  currency,
}: {
  groups: readonly Group[];
  by: BreakdownDimension;
  currency: string;
}) {
  const [isAll, setIsAll] = useState(false);
  const shown = isAll ? groups : groups.slice(0, PHONE_CARDS);
  const main = COLUMNS.filter((c) => MAIN_KEYS.has(c.key));
  const rest = COLUMNS.filter((c) => c.kind !== 'text' && !MAIN_KEYS.has(c.key));
  return (
    <div>
      <ul aria-label={`Breakdown by ${DIMENSION_LABELS[by].toLowerCase()}`} className="grid gap-2">
        {shown.map((g) => (
          <li key={g.key} data-testid="breakdown-row" className="rounded-lg border border-line px-3 py-2.5">
            <p className="truncate font-semibold text-fg" title={g.label}>
              {toGroupLabel(g, by)}
            </p>
            <dl className="mt-1.5 grid grid-cols-3 gap-2">
              {main.map((c) => (
                <CardStat key={c.key} group={g} column={c} currency={currency} isMain />
              ))}
            </dl>
            <dl className="mt-2 grid grid-cols-3 gap-2 border-t border-line pt-2">
              {rest.map((c) => (
                <CardStat key={c.key} group={g} column={c} currency={currency} />
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {groups.length > shown.length && (
        <Button variant="secondary" className="mt-3 w-full" onClick={() => setIsAll(true)}>
          Show all {groups.length} groups
        </Button>
      )}
    </div>
  );
}
