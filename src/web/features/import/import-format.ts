import type { ImportDetectedJson, ImportPreviewExecutionJson } from '../../../contracts/imports';
import { COLUMN_ROLES, REQUIRED_ROLES, type ColumnRole } from '../../../core/import/detect/roles';
import { formatDateTime, formatDecimal } from '../trades/format';

/** Display helpers for the import page: role names, the detection summary and sample values. */

export const ROLE_LABELS = {
  date: 'Date / time',
  time: 'Time of day',
  symbol: 'Symbol',
  side: 'Side (buy/sell)',
  quantity: 'Quantity',
  price: 'Price',
  commission: 'Commission',
  fees: 'Fees',
  amount: 'Amount (cash)',
  account: 'Account number',
  currency: 'Currency',
  assetClass: 'Asset class',
  underlying: 'Underlying',
  expiry: 'Option expiry',
  strike: 'Strike',
  optionRight: 'Call / put',
  multiplier: 'Multiplier',
  execId: 'Execution ID',
  orderId: 'Order ID',
  description: 'Description',
  type: 'Transaction type',
  status: 'Order status',
  openClose: 'Open / close',
  settleDate: 'Settlement date',
  balance: 'Balance',
  ignore: 'Ignore this column',
} as const satisfies Record<ColumnRole, string>;

/** Every role, in the order the select offers them (the normaliser's order, "ignore" last). */
export const ROLE_OPTIONS: readonly ColumnRole[] = COLUMN_ROLES;

export const isRequiredRole = (role: ColumnRole): boolean => REQUIRED_ROLES.includes(role);

/** "Date, Price" from ['date', 'price']. */
export function toRoleList(roles: readonly ColumnRole[]): string {
  return roles.map((r) => ROLE_LABELS[r]).join(', ');
}

/** 0.874 → "87%". */
export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

const DELIMITER_NAMES: Record<string, string> = {
  ',': 'Comma',
  ';': 'Semicolon',
  '\t': 'Tab',
  '|': 'Pipe',
};

/** "Semicolon (;)", "Tab"; "—" for spreadsheets, which have none. */
export function formatDelimiter(delimiter: string | null): string {
  if (delimiter === null || delimiter === '') return '—';
  const name = DELIMITER_NAMES[delimiter];
  if (!name) return `“${delimiter}”`;
  return delimiter === '\t' ? name : `${name} (${delimiter})`;
}

const FILE_TYPE_NAMES: Record<ImportDetectedJson['fileType'], string> = {
  csv: 'CSV',
  tsv: 'TSV',
  xlsx: 'Excel (.xlsx)',
  xls: 'Excel 97–2003 (.xls)',
};

export const formatFileType = (fileType: ImportDetectedJson['fileType']): string => FILE_TYPE_NAMES[fileType];

/** "Webull (options)" or "Generic file" when no broker preset matched. */
export function formatBroker(broker: string | null, variant: string | null): string {
  if (!broker) return 'Generic file';
  return variant ? `${broker} (${variant})` : broker;
}

/** "1,234.56" or "1.234,56": how the file writes numbers. */
export const formatDecimalSeparator = (separator: '.' | ','): string =>
  separator === ',' ? 'Comma (1.234,56)' : 'Point (1,234.56)';

/** 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

const SAMPLE_COUNT = 3;

/** What a role looks like once normalised: the preview's executions carry these roles only. */
const SAMPLE_OF: Partial<Record<ColumnRole, (e: ImportPreviewExecutionJson) => string | null>> = {
  date: (e) => formatDateTime(e.executedAt),
  symbol: (e) => e.symbol,
  side: (e) => (e.side === 'buy' ? 'Buy' : 'Sell'),
  quantity: (e) => formatDecimal(e.quantity),
  price: (e) => formatDecimal(e.price),
  commission: (e) => formatDecimal(e.commission),
  fees: (e) => formatDecimal(e.fees),
  assetClass: (e) => e.assetClass,
};

/**
 * Up to three distinct sample values of a column as the preview read them, or [] when the role is
 * not one the normalised executions show (the raw cells are not part of the preview).
 */
export function toSampleValues(role: ColumnRole, executions: readonly ImportPreviewExecutionJson[]): string[] {
  const read = SAMPLE_OF[role];
  if (!read) return [];
  const values: string[] = [];
  for (const execution of executions) {
    const value = read(execution);
    if (value && !values.includes(value)) values.push(value);
    if (values.length === SAMPLE_COUNT) break;
  }
  return values;
}

/** Roles only one column may hold: choosing one for a column takes it from any other. */
export const isSharedRole = (role: ColumnRole): boolean => role === 'fees' || role === 'ignore';

/** A row's message without the "Row 14:" the list already shows in front of it. */
export function toRowMessage(row: number, message: string): string {
  return message.replace(new RegExp(`^row ${row}\\b\\s*[:,.-]?\\s*`, 'i'), '');
}
