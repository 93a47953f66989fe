import { toDecimal } from '../../money/decimal';

/** The character that separates a number's fraction: `.` (1,234.56) or `,` (1.234,56). */
export type DecimalSeparator = '.' | ',';

// Currency signs and units that brokers write into number cells: `$1,234.56`, `€3343.11`,
// `0.5ETH`, `1650USDT` (Binance), `@142.10` (Webull limit prices).
const SYMBOLS = /[$€£¥₹₩₽₺₪฿₫₴₦]|US\$|C\$|A\$|R\$|CHF|Fr\.|kr/g;
const UNIT_PREFIX = /^[A-Z]{2,6}\s*(?=[-+(\d.,])/;
const UNIT_SUFFIX = /(?<=[\d.,)])\s*[A-Z][A-Z0-9]{1,9}$/;
// Spaces used as thousands separators, including no-break and thin spaces, and apostrophes (Swiss).
const GROUP_SPACES = /[\s\u00A0\u2007\u2009\u202F'’]/g;
const EMPTY = new Set(['', '-', '--', '—', '–', '~', 'n/a', 'N/A', 'NA', 'null', 'NULL']);

/**
 * Reads a number as broker files write it and returns it as an exact decimal string (`"-1234.5"`,
 * never a float), or null when the cell holds no number.
 *
 * Accepted: `1,234.56`, `1.234,56`, `1 234,56` (spaces, no-break and thin spaces), `1'234.56`,
 * `(12.50)`, `-$12.50`, `$-12.50`, `12.50-`, `+3`, `−4` (Unicode minus), currency signs and codes
 * before or after (`$`, `€`, `USD 12`, `0.5ETH`), a leading `@`, Excel text guards (`="123"`),
 * exponents without separators (`1e-05`). Blank, `-`, `--`, `~` and `N/A` are null.
 *
 * `decimalSeparator` is the column's convention (see {@link inferDecimalSeparator}); without it
 * the value decides on its own and a lone `1,234` reads as 1234 (thousands), `12,5` as 12.5.
 */
export function parseDecimal(raw: string, decimalSeparator?: DecimalSeparator): string | null {
  // Most cells are plain (`100`, `-12.50`): their canonical text is made straight from the digits.
  // A ',' separator reads `1.5` otherwise; any other form goes the general way.
  const plain = decimalSeparator === ',' ? null : PLAIN_NUMBER.exec(raw);
  if (plain) return toCanonicalDecimal(plain[1] === '-', plain[2]!, plain[3] ?? '');
  return parseDecimalInGeneral(raw, decimalSeparator);
}

const PLAIN_NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * What `toDecimal(…).toString()` answers for a plain number: no leading zeros in the integer
 * part, no trailing zeros in the fraction, and 0 for any zero (never −0).
 */
function toCanonicalDecimal(isNegative: boolean, integerDigits: string, fractionDigits: string): string {
  let start = 0;
  while (start < integerDigits.length - 1 && integerDigits.charCodeAt(start) === 48) start++;
  let end = fractionDigits.length;
  while (end > 0 && fractionDigits.charCodeAt(end - 1) === 48) end--;
  const integer = integerDigits.slice(start);
  const fraction = fractionDigits.slice(0, end);
  const digits = fraction === '' ? integer : `${integer}.${fraction}`;
  return isNegative && digits !== '0' ? `-${digits}` : digits;
}

/** parseDecimal for any form it accepts (exported for the test that holds the fast path to it). */
export function parseDecimalInGeneral(raw: string, decimalSeparator?: DecimalSeparator): string | null {
  let text = raw.trim();
  const guarded = /^="(.*)"$/.exec(text);
  if (guarded) text = (guarded[1] ?? '').trim();
  if (EMPTY.has(text)) return null;

  let isNegative = false;
  text = text.replace(/\u2212/g, '-');
  if (/^\(.*\)$/.test(text)) {
    isNegative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(/^@\s*/, '');
  text = text.replace(SYMBOLS, '').trim();
  text = text.replace(UNIT_PREFIX, '').replace(UNIT_SUFFIX, '').trim();
  // Signs may sit before the currency sign, after it, or trail the number.
  for (;;) {
    if (text.startsWith('-')) {
      isNegative = !isNegative;
      text = text.slice(1).trim();
    } else if (text.startsWith('+')) {
      text = text.slice(1).trim();
    } else if (text.endsWith('-')) {
      isNegative = !isNegative;
      text = text.slice(0, -1).trim();
    } else if (/^\(.*\)$/.test(text)) {
      isNegative = !isNegative;
      text = text.slice(1, -1).trim();
    } else break;
  }
  text = text.replace(GROUP_SPACES, '');
  if (text === '') return null;

  let plain: string | null;
  if (/^\d+(?:\.\d+)?[eE][+-]?\d{1,4}$/.test(text)) plain = text;
  else plain = toPlainDigits(text, decimalSeparator);
  if (plain === null) return null;
  const value = toDecimal(isNegative ? `-${plain}` : plain);
  return value === null ? null : value.toString();
}

function toPlainDigits(text: string, decimalSeparator: DecimalSeparator | undefined): string | null {
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const separator = decimalSeparator ?? guessSeparator(text);
  const group = separator === '.' ? ',' : '.';
  const parts = text.split(separator);
  if (parts.length > 2) return null;
  const [integerPart = '', fraction] = parts;
  if (fraction !== undefined && !/^\d*$/.test(fraction)) return null;
  if (integerPart.includes(group)) {
    // Thousands groups must be whole: 1,234,567 but not 1,23,4 (Indian lakh grouping 1,23,456 too).
    if (!/^\d{1,3}(?:[.,]\d{2,3})*$/.test(integerPart) || !/\d{3}$/.test(integerPart)) return null;
  }
  const digits = integerPart.split(group).join('');
  if (digits === '' && (fraction === undefined || fraction === '')) return null;
  return fraction === undefined || fraction === '' ? digits : `${digits === '' ? '0' : digits}.${fraction}`;
}

/** The decimal separator a single value implies on its own (the last of `.`/`,` when both occur). */
function guessSeparator(text: string): DecimalSeparator {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  if (lastComma >= 0) {
    const commas = text.split(',').length - 1;
    if (commas > 1) return '.';
    // One comma: `12,5` or `0,125` is a fraction, `1,234` a thousands group.
    const after = text.length - lastComma - 1;
    return after === 3 && !/^0,/.test(text) ? '.' : ',';
  }
  return '.';
}

/** What a column's values say about its decimal separator. */
export type DecimalSeparatorGuess = {
  decimalSeparator: DecimalSeparator;
  /** 0–1: 1 when some value settles it, lower when every value was ambiguous (`1,234`) or none was numeric. */
  confidence: number;
};

/**
 * Infers a column's (or a file's) decimal separator from its values. A value settles it when it has
 * both separators (the last one is decimal), the same separator twice (a thousands separator), or
 * one separator not followed by exactly three digits (`12,5`, `1.25`). Values like `1,234` or
 * `1.234` alone are ambiguous and are read by the convention the other values establish; with no
 * evidence at all the result is `.` with a low confidence.
 */
export function inferDecimalSeparator(samples: readonly string[]): DecimalSeparatorGuess {
  let dot = 0;
  let comma = 0;
  for (const sample of samples) {
    const text = sample
      .trim()
      .replace(SYMBOLS, '')
      .replace(/[^\d.,]/g, '');
    const vote = voteOf(text);
    if (vote === '.') dot += 1;
    else if (vote === ',') comma += 1;
  }
  if (dot === 0 && comma === 0) return { decimalSeparator: '.', confidence: 0.4 };
  if (comma > dot) return { decimalSeparator: ',', confidence: comma / (dot + comma) };
  return { decimalSeparator: '.', confidence: dot / (dot + comma) };
}

function voteOf(text: string): DecimalSeparator | null {
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 0 && commas > 0) return text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
  if (dots > 1) return ',';
  if (commas > 1) return '.';
  if (dots === 1) return /\.\d{3}$/.test(text) && !/^0\./.test(text) ? null : '.';
  if (commas === 1) return /,\d{3}$/.test(text) && !/^0,/.test(text) ? null : ',';
  return null;
}
