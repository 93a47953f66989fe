import { toCsvLine, type CsvCellKind } from '../../../core/csv';
import type { TradeFilter } from '../../../core/query';
import type { ReportRow } from '../../../core/reports';
import type { JsonNumber } from '../../../core/analytics';
import type { ReportDocument } from './report-document';

const text = (value: JsonNumber | string | null) => (value === null ? '' : String(value));

/** The grouped table's columns: every figure of a row, interval ends in columns of their own. */
const toColumns = (
  currency: string,
): readonly { header: string; kind: CsvCellKind; value: (row: ReportRow) => string }[] => [
  { header: 'Group', kind: 'text', value: (row) => row.label },
  { header: 'Trades', kind: 'number', value: (row) => String(row.count) },
  { header: 'Wins', kind: 'number', value: (row) => String(row.wins) },
  { header: 'Losses', kind: 'number', value: (row) => String(row.losses) },
  { header: `Net P&L (${currency})`, kind: 'number', value: (row) => row.netPnl },
  { header: `Gross P&L (${currency})`, kind: 'number', value: (row) => row.grossPnl },
  { header: `Fees and commissions (${currency})`, kind: 'number', value: (row) => row.fees },
  { header: 'Win rate', kind: 'number', value: (row) => text(row.winRate) },
  { header: 'Win rate 95% low', kind: 'number', value: (row) => text(row.winRateCi95?.[0] ?? null) },
  { header: 'Win rate 95% high', kind: 'number', value: (row) => text(row.winRateCi95?.[1] ?? null) },
  { header: `Expectancy (${currency})`, kind: 'number', value: (row) => text(row.expectancy) },
  { header: `Expectancy 95% low (${currency})`, kind: 'number', value: (row) => text(row.expectancyCi95?.[0] ?? null) },
  {
    header: `Expectancy 95% high (${currency})`,
    kind: 'number',
    value: (row) => text(row.expectancyCi95?.[1] ?? null),
  },
  { header: 'Expectancy (R)', kind: 'number', value: (row) => text(row.expectancyR) },
  { header: 'Expectancy (R) 95% low', kind: 'number', value: (row) => text(row.expectancyRCi95?.[0] ?? null) },
  { header: 'Expectancy (R) 95% high', kind: 'number', value: (row) => text(row.expectancyRCi95?.[1] ?? null) },
  { header: 'Profit factor', kind: 'number', value: (row) => text(row.profitFactor) },
  { header: `Average win (${currency})`, kind: 'number', value: (row) => text(row.avgWin) },
  { header: `Average loss (${currency})`, kind: 'number', value: (row) => text(row.avgLoss) },
  { header: 'Average R', kind: 'number', value: (row) => text(row.avgR) },
  { header: `Max drawdown (${currency})`, kind: 'number', value: (row) => row.maxDrawdownAbs },
  { header: 'Low sample (under 30 trades)', kind: 'text', value: (row) => (row.lowSample ? 'yes' : 'no') },
];

/**
 * The report as CSV: its grouped table (the groups, then "All trades"), a blank line, then the
 * trade list of its filter (closed trades, one row each, as the trades page's list export writes
 * them, read page by page). Every cell goes through the CSV writer: no cell runs as a formula.
 */
export async function* streamReportCsv(params: {
  document: ReportDocument;
  filter: TradeFilter;
  streamTradeList: (filter: TradeFilter) => AsyncIterable<string>;
}): AsyncGenerator<string> {
  const { document } = params;
  const columns = toColumns(document.currency);
  const kinds = columns.map((column) => column.kind);
  yield toCsvLine([
    `Report grouped by ${document.groupByLabel.toLowerCase()} (${document.timeZone}), amounts in ${document.currency}`,
  ]);
  for (const entry of document.unconverted) {
    yield toCsvLine([
      `Not in the figures: ${entry.tradeCount} ${entry.tradeCount === 1 ? 'trade' : 'trades'} in ${entry.currency} with no rate into ${document.currency} (net P&L ${entry.netPnl} ${entry.currency})`,
    ]);
  }
  yield toCsvLine(columns.map((column) => column.header));
  let chunk = '';
  for (const row of [...document.report.groups, document.report.total]) {
    chunk += toCsvLine(
      columns.map((column) => column.value(row)),
      kinds,
    );
  }
  yield chunk;
  // An open-trades filter has no closed trades: no list.
  if (params.filter.status === 'open') return;
  yield '\r\n';
  yield toCsvLine(['Closed trades of the report']);
  // The report is of closed trades: the list is too.
  yield* params.streamTradeList({ ...params.filter, status: 'closed' });
}
