import { add, isZero, multiply, negate, ONE, roundDecimal, subtract, ZERO, type Decimal } from '../money/decimal';

/** One fill's part in a trade, with its rate into the account's currency (units per unit of the trade's). */
export type RatedPart = {
  side: 'buy' | 'sell';
  quantity: Decimal;
  price: Decimal;
  commission: Decimal;
  fees: Decimal;
  /** Null when neither the file nor the rate table gave one. */
  rate: Decimal | null;
};

/**
 * A closed trade's P&L in the account's currency, each fill's cash converted at its own rate and
 * rounded to the cent, as a broker books it (Trading 212's `Total`): gross and net are Σ of the
 * converted cash without and with costs, fees the difference. Null when a fill has no rate.
 */
export function toAccountCurrencyPnl(
  parts: readonly RatedPart[],
  multiplier: Decimal,
): { gross: Decimal; fees: Decimal; net: Decimal } | null {
  let gross = ZERO;
  let net = ZERO;
  for (const part of parts) {
    if (part.rate === null) return null;
    const value = multiply(multiply(part.quantity, part.price), multiplier);
    const signed = part.side === 'sell' ? value : negate(value);
    const costs = add(part.commission, part.fees);
    const convert = (amount: Decimal) =>
      part.rate === null || part.rate.eq(ONE) ? amount : roundDecimal(multiply(amount, part.rate), 2);
    gross = add(gross, convert(signed));
    net = add(net, isZero(costs) ? convert(signed) : convert(subtract(signed, costs)));
  }
  return { gross, fees: subtract(gross, net), net };
}
