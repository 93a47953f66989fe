import { divide, isZero, negate, ONE, roundDecimal, toAbsolute, toDecimal, type Decimal } from '../../money/decimal';
import type { Side } from '../../trades/execution';
import type { BrokerFigureColumns } from '../detect/presets/types';
import { parseDecimal, type DecimalSeparator } from '../values/parse-decimal';

/** A row's broker figures as the file writes them ('' where it has no such cell). */
export type BrokerFigureCells = { pnl: string; net: string; currency: string; fxRate: string };

/**
 * The broker's own figures of one fill (issue 42): its realised P&L and its net cash, in
 * `currency` (absent: the fill's own), and the rate to the account's currency, as decimal strings.
 */
export type BrokerFigures = {
  /** Realised P&L the broker booked on the fill (its sign as the broker writes it). */
  pnl?: string;
  /** Net cash of the fill, sells positive and buys negative, fees included. */
  net?: string;
  currency?: string;
  /** Units of the account's currency one unit of the fill's currency buys (> 0). */
  fxRate?: string;
};

/** Places a rate keeps when the file writes its inverse (numeric(30, 12)). */
const RATE_PLACES = 12;
const MONEY_PLACES = 8;

/** The cells of a row a preset names for its broker figures; first header present wins. */
export function readBrokerFigureCells(
  columns: BrokerFigureColumns,
  cellOf: (header: string) => string,
): BrokerFigureCells {
  const first = (headers: readonly string[] | undefined) => {
    for (const header of headers ?? []) {
      const value = cellOf(header);
      if (value !== '') return value;
    }
    return '';
  };
  return {
    pnl: first(columns.pnl),
    net: first(columns.net),
    currency: first(columns.currency),
    fxRate: first(columns.fxRate),
  };
}

/**
 * A row's broker figures read: the net cash takes the fill's side (buys negative: brokers differ
 * in how they sign it), an inverse rate (Trading 212: price currency per account unit) is turned
 * into account units per unit, rounded to 12 places. Unreadable cells are left out.
 */
export function toBrokerFigures(params: {
  cells: BrokerFigureCells;
  columns: BrokerFigureColumns;
  side: Side | null;
  separator: DecimalSeparator;
}): BrokerFigures | undefined {
  const { cells, side, separator } = params;
  const figures: BrokerFigures = {};
  const pnl = readFigure(cells.pnl, separator);
  if (pnl !== null) figures.pnl = roundDecimal(pnl, MONEY_PLACES).toString();
  const net = readFigure(cells.net, separator);
  if (net !== null) {
    const size = toAbsolute(net);
    const signed = side === null ? net : side === 'buy' ? negate(size) : size;
    figures.net = roundDecimal(signed, MONEY_PLACES).toString();
  }
  const currency = cells.currency.trim().toUpperCase();
  if (/^[A-Z]{3,5}$/.test(currency)) figures.currency = currency;
  const rate = readFigure(cells.fxRate, separator);
  if (rate !== null && !isZero(rate)) {
    const positive = toAbsolute(rate);
    const perUnit = params.columns.fxRateIs === 'unitsPerAccount' ? divide(ONE, positive) : positive;
    figures.fxRate = roundDecimal(perUnit, RATE_PLACES).toString();
  }
  return Object.keys(figures).length === 0 ? undefined : figures;
}

function readFigure(text: string, separator: DecimalSeparator): Decimal | null {
  if (text === '' || text === '-' || text === '--') return null;
  const parsed = parseDecimal(text, separator);
  return parsed === null ? null : toDecimal(parsed);
}
