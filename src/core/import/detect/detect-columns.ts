import { inferDateFormat, parseTimeOfDay, type DateFormat } from '../values/dates';
import { inferDecimalSeparator, parseDecimal, type DecimalSeparator } from '../values/parse-decimal';
import { COLUMN_ROLES, REQUIRED_ROLES, type ColumnMapping, type ColumnRole } from './roles';
import { parseRowKind } from './side';
import { isSecurityIdentifier } from '../../instruments/security-id';
import { normaliseHeader, scoreHeader, toHeaderTimeZone } from './synonyms';

/** One column's detected role. */
export type DetectedColumn = {
  index: number;
  header: string;
  role: ColumnRole;
  /** 0–1: how sure the detector is of `role`. */
  confidence: number;
  /** True when confidence is below {@link CONFIDENCE_THRESHOLD}: the preview asks the user. */
  needsUserChoice: boolean;
};

export type ColumnDetection = {
  columns: DetectedColumn[];
  mapping: ColumnMapping;
  dateFormat: DateFormat | null;
  decimalSeparator: DecimalSeparator;
  /** A zone a header names (`Date(UTC)`), else null (the account's zone applies). */
  timeZone: string | null;
  /** Required roles no column was found for (the side may instead come from signed numbers). */
  missingRoles: ColumnRole[];
};

/** Below this a column's role is offered to the user instead of being taken for granted. */
export const CONFIDENCE_THRESHOLD = 0.6;

const SAMPLE_SIZE = 200;
const CURRENCIES = new Set(
  'USD EUR GBP GBX CAD AUD NZD CHF JPY HKD SGD SEK NOK DKK PLN CZK HUF INR ZAR MXN BRL CNY CNH KRW TRY ILS USDT USDC'.split(
    ' ',
  ),
);
const ASSET_WORDS =
  /^(stk|stock|stocks|equity|eq|etf|fund|opt|optn|option|options|equity and index options|fut|futures?|fop|cash|forex|fx|crypto|cfd|bond|mf|warrant|war)$/i;
const RIGHT_WORDS = /^(c|p|call|put|calls|puts)$/i;
const TICKER_LIKE = /^[A-Z0-9][A-Z0-9.\-/: ]{0,24}$/;

type ColumnStats = {
  count: number;
  numeric: number;
  integer: number;
  negative: number;
  positive: number;
  zero: number;
  small: number;
  date: number;
  time: number;
  sideWords: number;
  currency: number;
  asset: number;
  right: number;
  ticker: number;
  longText: number;
  /** ISINs and CUSIPs: instruments named by identifier, never numbers. */
  identifier: number;
  unique: number;
  dateFormat: DateFormat | null;
};

function toStats(values: readonly string[]): ColumnStats {
  const present = values.map((v) => v.trim()).filter((v) => v !== '' && v !== '--' && v !== '-');
  const stats: ColumnStats = {
    count: present.length,
    numeric: 0,
    integer: 0,
    negative: 0,
    positive: 0,
    zero: 0,
    small: 0,
    date: 0,
    time: 0,
    sideWords: 0,
    currency: 0,
    asset: 0,
    right: 0,
    ticker: 0,
    longText: 0,
    identifier: 0,
    unique: 0,
    dateFormat: null,
  };
  // Each distinct value is read once and counted as often as it comes (a side, symbol or cost
  // column repeats a few values): detection runs on the server's thread.
  const counts = new Map<string, number>();
  for (const value of present) counts.set(value, (counts.get(value) ?? 0) + 1);
  stats.unique = counts.size;
  const dateFormat = inferDateFormat(present);
  stats.dateFormat =
    dateFormat && dateFormat.order.startsWith('epoch') && !/^\d{10,13}$/.test(present[0] ?? '') ? null : dateFormat;
  for (const [value, n] of counts) {
    const number = /\d/.test(value) && !/^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/.test(value) ? parseDecimal(value) : null;
    if (number !== null) {
      stats.numeric += n;
      if (!number.includes('.')) stats.integer += n;
      if (number.startsWith('-')) stats.negative += n;
      else if (/^0(?:\.0*)?$/.test(number)) stats.zero += n;
      else stats.positive += n;
      if (Math.abs(Number(number)) < 100) stats.small += n;
    }
    if (parseTimeOfDay(value) && !/^\d+$/.test(value)) stats.time += n;
    if (parseRowKind(value)?.kind === 'trade') stats.sideWords += n;
    if (CURRENCIES.has(value.toUpperCase()) && value.length <= 4) stats.currency += n;
    if (ASSET_WORDS.test(value)) stats.asset += n;
    if (RIGHT_WORDS.test(value)) stats.right += n;
    if (number === null && TICKER_LIKE.test(value) && /[A-Z]/.test(value)) stats.ticker += n;
    if (value.length > 15 && value.includes(' ')) stats.longText += n;
    if (isSecurityIdentifier(value)) stats.identifier += n;
  }
  if (dateFormat) {
    stats.date = dateFormat.order.startsWith('epoch') ? (stats.dateFormat ? present.length : 0) : present.length;
  }
  return stats;
}

/** How well a column's values fit a role, 0–1 (0.5 = the values say nothing either way). */
function scoreShape(role: ColumnRole, s: ColumnStats): number {
  if (s.count === 0) return 0.3;
  const share = (n: number): number => n / s.count;
  const numeric = share(s.numeric);
  switch (role) {
    case 'date':
      return share(s.date) * (s.dateFormat?.order.startsWith('epoch') ? 0.8 : 1);
    case 'settleDate':
    case 'expiry':
      return share(s.date) * 0.8;
    case 'time':
      return share(s.time);
    case 'side':
      return share(s.sideWords);
    case 'quantity':
      return numeric * (0.55 + 0.45 * share(s.integer));
    case 'price':
      return numeric * share(s.positive) * (0.65 + 0.35 * (1 - share(s.integer)));
    case 'commission':
    case 'fees':
      return numeric * (0.5 + 0.25 * share(s.small) + 0.25 * share(s.zero));
    case 'amount':
    case 'balance':
      return numeric * (0.6 + 0.4 * (1 - share(s.integer)));
    case 'strike':
    case 'multiplier':
      return numeric * 0.8;
    case 'currency':
      return share(s.currency);
    case 'assetClass':
      return share(s.asset);
    case 'optionRight':
      return share(s.right);
    case 'symbol':
    case 'underlying':
      return share(s.ticker) * (1 - share(s.sideWords)) * (1 - share(s.currency) * 0.7) * (1 - share(s.right));
    case 'execId':
    case 'orderId':
      return s.unique / s.count >= 0.9 && share(s.numeric) + share(s.ticker) > 0.5 ? 0.8 : 0.2;
    case 'account':
      return s.unique <= Math.max(3, s.count / 10) ? 0.7 : 0.2;
    case 'description':
      return 0.3 + 0.7 * share(s.longText);
    case 'type':
    case 'status':
    case 'openClose':
      return numeric < 0.2 ? 0.6 : 0.1;
    case 'ignore':
      return 0;
  }
}

// Roles whose values alone can identify them (without a header match).
const SHAPE_ROLES: readonly ColumnRole[] = [
  'date',
  'time',
  'side',
  'quantity',
  'price',
  'amount',
  'currency',
  'symbol',
  'description',
  'optionRight',
  'assetClass',
];

type Candidate = { column: number; role: ColumnRole; score: number; key: string };

// Roles read as numbers: a column of ISINs or CUSIPs is never one of them, whatever its header.
const NUMBER_ROLES: ReadonlySet<ColumnRole> = new Set([
  'quantity',
  'price',
  'commission',
  'fees',
  'amount',
  'balance',
  'strike',
  'multiplier',
]);

/** Most of the column's values are ISINs or CUSIPs. */
const isIdentifierColumn = (stats: ColumnStats): boolean => stats.count > 0 && stats.identifier * 2 >= stats.count;

/**
 * Assigns each column a role from its header (synonyms in English, German, French, Spanish and
 * Portuguese) and the shape of its values, with a confidence per column.
 *
 * Each (column, role) pair scores 0.7 × header + 0.3 × values when the header names a role, and
 * 0.55 × values otherwise (roles recognisable from values only: dates, times, sides, numbers,
 * currency codes, tickers, …). Pairs are then taken best first, each column and each role at most
 * once (`fees` may take several columns). Ties are broken by role, then the normalised header,
 * then the values, never by position, so reordering the columns does not change the outcome.
 */
export function detectColumns(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  options: { preferredDateOrder?: 'MDY' | 'DMY' } = {},
): ColumnDetection {
  const sample = rows.slice(0, SAMPLE_SIZE);
  const columnValues = headers.map((_, index) => sample.map((row) => row[index] ?? ''));
  const stats = columnValues.map(toStats);
  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    const headerScores = scoreHeader(header);
    const columnStats = stats[column];
    if (!columnStats) return;
    const key = `${normaliseHeader(header)}\u0000${(columnValues[column] ?? []).join('\u0001')}`;
    for (const role of COLUMN_ROLES) {
      if (role === 'ignore' || (NUMBER_ROLES.has(role) && isIdentifierColumn(columnStats))) continue;
      const byHeader = headerScores.get(role) ?? 0;
      const byShape = scoreShape(role, columnStats);
      let score: number;
      if (byHeader > 0) score = 0.7 * byHeader + 0.3 * byShape;
      else if (SHAPE_ROLES.includes(role)) score = 0.55 * byShape;
      else continue;
      // A header that names a role whose values plainly do not fit (a "Date" of prices) loses it.
      if (byHeader > 0 && byShape < 0.05 && columnStats.count > 0 && role !== 'description') score *= 0.5;
      if (score >= 0.2) candidates.push({ column, role, score, key });
    }
  });
  const roleRank = (role: ColumnRole): number => COLUMN_ROLES.indexOf(role);
  candidates.sort(
    (a, b) =>
      b.score - a.score ||
      roleRank(a.role) - roleRank(b.role) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
      a.column - b.column,
  );

  const assigned = new Map<number, Candidate>();
  const taken = new Set<ColumnRole>();
  for (const candidate of candidates) {
    if (assigned.has(candidate.column)) continue;
    if (taken.has(candidate.role) && candidate.role !== 'fees') continue;
    assigned.set(candidate.column, candidate);
    taken.add(candidate.role);
  }

  // No symbol column: an identifier column names the instruments (an IBKR Flex query with ISIN only).
  if (!taken.has('symbol')) {
    const column = stats.findIndex((s, index) => !assigned.has(index) && isIdentifierColumn(s));
    if (column >= 0) assigned.set(column, { column, role: 'symbol', score: 0.8, key: '' });
  }

  const columns: DetectedColumn[] = headers.map((header, index) => {
    const chosen = assigned.get(index);
    if (chosen) {
      const confidence = round(chosen.score);
      return { index, header, role: chosen.role, confidence, needsUserChoice: confidence < CONFIDENCE_THRESHOLD };
    }
    // Unused: sure in proportion to how weak its best rejected role was.
    const best = candidates.find((c) => c.column === index)?.score ?? 0;
    const confidence = round(1 - best);
    return { index, header, role: 'ignore', confidence, needsUserChoice: false };
  });
  return finishDetection(headers, columns, rows, options);
}

function round(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** The mapping, date and number conventions that a set of column roles implies. */
export function finishDetection(
  headers: readonly string[],
  columns: DetectedColumn[],
  rows: readonly (readonly string[])[],
  options: { preferredDateOrder?: 'MDY' | 'DMY' } = {},
): ColumnDetection {
  const mapping = toMapping(columns);
  const sample = rows.slice(0, SAMPLE_SIZE);
  const valuesOf = (index: number | undefined): string[] =>
    index === undefined ? [] : sample.map((row) => row[index] ?? '');
  const dateFormat = inferDateFormat(valuesOf(mapping.date), options.preferredDateOrder);
  const numericIndexes = [mapping.quantity, mapping.price, mapping.commission, mapping.amount, ...(mapping.fees ?? [])];
  const decimal = inferDecimalSeparator(numericIndexes.flatMap(valuesOf));
  const dateHeader = mapping.date === undefined ? '' : (headers[mapping.date] ?? '');
  const missingRoles = REQUIRED_ROLES.filter((role) => mapping[role as keyof ColumnMapping] === undefined);
  return {
    columns,
    mapping,
    dateFormat,
    decimalSeparator: decimal.decimalSeparator,
    timeZone: toHeaderTimeZone(dateHeader),
    missingRoles,
  };
}

/** The column index per role of a list of detected columns. */
export function toMapping(columns: readonly DetectedColumn[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const column of columns) {
    if (column.role === 'ignore') continue;
    if (column.role === 'fees') mapping.fees = [...(mapping.fees ?? []), column.index];
    else if (mapping[column.role] === undefined) mapping[column.role] = column.index;
  }
  return mapping;
}
