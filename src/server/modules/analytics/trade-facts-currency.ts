import Big from 'big.js';
import {
  createConvertedSum,
  createUnconvertedTally,
  toConvertedNumber,
  type CurrencyScope,
  type UnconvertedTotal,
} from './currency-scope';
import { sumExact, type ExactColumn, type TradeFacts } from './trade-facts';

/** The selected rows in the scope's currency: those that could be converted, their net P&L, and the rest per currency. */
export type ConvertedRows = { rows: Int32Array; netPnl: Float64Array | undefined; unconverted: UnconvertedTotal[] };

const FRAC_UNITS = 100_000_000;

/** An exact column's value at row i. */
const toExactBig = (column: ExactColumn, i: number): Big =>
  new Big(column.whole[i]!).plus(new Big(column.frac[i]!).div(FRAC_UNITS));

/** Per account index, 1 when the account is in the scope's currency. */
function toAccountIsInCurrency(facts: TradeFacts, scope: CurrencyScope): Uint8Array {
  return Uint8Array.from(facts.accountIds.map((id) => (scope.accountCurrency.get(id) === scope.currency ? 1 : 0)));
}

/** The currency row i's account figures are in: its account's, or its own when they could not be converted. */
function currencyOfRow(facts: TradeFacts, scope: CurrencyScope, i: number): string {
  const own = facts.unconvertedCurrency[i]!;
  return own >= 0 ? facts.currencies[own]! : (scope.accountCurrency.get(facts.accountIds[facts.account[i]!]!) ?? '');
}

/** True when every selected row is already in the scope's currency (the usual case: nothing to convert). */
function isAllInCurrency(facts: TradeFacts, rows: Int32Array, inCurrency: Uint8Array): boolean {
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    if (inCurrency[facts.account[i]!] === 0 || facts.unconvertedCurrency[i]! >= 0) return false;
  }
  return true;
}

/**
 * The selected rows' net P&L in the scope's currency (CurrencyScope): rows in it as they are, the
 * others converted at their close day's rate, those without one left out and tallied.
 */
export function convertFactRows(facts: TradeFacts, rows: Int32Array, scope: CurrencyScope): ConvertedRows {
  const inCurrency = toAccountIsInCurrency(facts, scope);
  if (isAllInCurrency(facts, rows, inCurrency)) return { rows, netPnl: undefined, unconverted: [] };
  const kept: number[] = [];
  const netPnl: number[] = [];
  const tally = createUnconvertedTally();
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const currency = currencyOfRow(facts, scope, i);
    const rate = scope.rateOf(currency, facts.closedAt[i]!);
    if (rate === null) {
      tally.add(currency, toExactBig(facts.accountGrossPnl, i).minus(toExactBig(facts.accountFees, i)));
      continue;
    }
    kept.push(i);
    const net = facts.accountNetPnl[i]!;
    netPnl.push(currency === scope.currency ? net : toConvertedNumber(net, rate));
  }
  return { rows: Int32Array.from(kept), netPnl: Float64Array.from(netPnl), unconverted: tally.list() };
}

/** Gross P&L and costs of the selected rows in the scope's currency (createConvertedSum), those without a rate left out. */
export function sumConvertedFeeTotals(
  facts: TradeFacts,
  rows: Int32Array,
  scope: CurrencyScope,
): { grossPnl: number; fees: number } {
  if (isAllInCurrency(facts, rows, toAccountIsInCurrency(facts, scope)))
    return { grossPnl: sumExact(facts.accountGrossPnl, rows), fees: sumExact(facts.accountFees, rows) };
  const gross = createConvertedSum(scope);
  const fees = createConvertedSum(scope);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const currency = currencyOfRow(facts, scope, i);
    const closedAt = facts.closedAt[i]!;
    if (scope.rateOf(currency, closedAt) === null) continue;
    gross.add(currency, closedAt, toExactBig(facts.accountGrossPnl, i));
    fees.add(currency, closedAt, toExactBig(facts.accountFees, i));
  }
  return { grossPnl: gross.total(), fees: fees.total() };
}
