import { isPositive, toDecimal } from '../money/decimal';

/** One exchange rate: one unit of `from` bought `rate` units of `to` on `date` (YYYY-MM-DD). */
export type FxRate = { date: string; from: string; to: string; rate: string };

export type FxRateIssue = {
  row: number;
  column: 'date' | 'from' | 'to' | 'rate' | 'header';
  code: 'MISSING' | 'BAD_DATE' | 'BAD_CURRENCY' | 'NOT_A_POSITIVE_NUMBER' | 'BAD_HEADER';
  raw: string;
};

const COLUMNS = ['date', 'from', 'to', 'rate'] as const;
const CURRENCY = /^[A-Z]{3,5}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a rate table (`date,from,to,rate`, a header row first; comma, semicolon or tab). Columns
 * are found by name in any order; each bad cell is an issue naming its row (1-based, the header
 * is row 1) and column, and its row is left out.
 */
export function parseFxRatesCsv(text: string): { rows: FxRate[]; issues: FxRateIssue[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const delimiter = [',', ';', '\t'].find((d) => header.includes(d)) ?? ',';
  const split = (line: string) =>
    line.split(delimiter).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
  const names = split(header).map((name) => name.toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const missing = COLUMNS.filter((column) => index[column] < 0);
  if (missing.length > 0) return { rows: [], issues: [{ row: 1, column: 'header', code: 'BAD_HEADER', raw: header }] };

  const rows: FxRate[] = [];
  const issues: FxRateIssue[] = [];
  lines.slice(1).forEach((line, i) => {
    if (line.trim() === '') return;
    const row = i + 2;
    const cells = split(line);
    const cell = (column: (typeof COLUMNS)[number]) => cells[index[column]] ?? '';
    const date = cell('date');
    const from = cell('from').toUpperCase();
    const to = cell('to').toUpperCase();
    const rate = toDecimal(cell('rate'));
    const before = issues.length;
    if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      issues.push({ row, column: 'date', code: date === '' ? 'MISSING' : 'BAD_DATE', raw: date });
    if (!CURRENCY.test(from)) issues.push({ row, column: 'from', code: 'BAD_CURRENCY', raw: cell('from') });
    if (!CURRENCY.test(to) || to === from) issues.push({ row, column: 'to', code: 'BAD_CURRENCY', raw: cell('to') });
    if (rate === null || !isPositive(rate))
      issues.push({ row, column: 'rate', code: 'NOT_A_POSITIVE_NUMBER', raw: cell('rate') });
    if (issues.length === before && rate !== null) rows.push({ date, from, to, rate: rate.toString() });
  });
  return { rows, issues };
}
