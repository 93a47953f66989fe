import {
  add,
  decimalPlaces,
  divide,
  fromScaledBigInt,
  isPositive,
  isZero,
  multiply,
  ONE,
  subtract,
  toAbsolute,
  toDecimal,
  type Decimal,
} from '../../money/decimal';
import type { Side } from '../../trades/execution';
import type { CryptoFill } from './raw-record';

/**
 * Crypto fees by the asset they were charged in (broker-formats.md §3.15, §4). Binance charges a
 * buy's fee in the base asset (the buyer receives less), a sell's in the quote asset, and either in
 * BNB when BNB fee payment is on; Kraken's ledgers name each leg's fee asset. The rule, the same for
 * every crypto layout:
 *
 * - a fee in the quote asset is a fee of the fill;
 * - a fee in the base asset changes the quantity that changed hands (a buy receives the ordered
 *   quantity less the fee, a sell gives up the ordered quantity plus it) and is booked as a fee in
 *   the quote at the fill's price;
 * - a fee in a third asset (BNB) is booked in the quote at the price of the file's fill of that
 *   asset against the quote nearest in time (within {@link FEE_RATE_WINDOW_MS}; the inverse pair's
 *   price inverted when only that was traded), else kept in its own asset, unconverted.
 *
 * Each fill also gets its instrument's step, the smallest quantity the file trades it in: 10^−d,
 * d being the most decimal places (trailing zeros aside: Binance pads every quantity to 8 places)
 * among the file's quantities of the pair as ordered. Grouping closes a trade whose position is
 * left within a step of zero by an exit (dust, group-trades.ts).
 */

/** How far in time the fill that values a third-asset fee may be from the fee's fill: 24 hours. */
export const FEE_RATE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type PricePoint = { time: number; price: Decimal };

/** What a crypto file says about its pairs, read over all its fills before any fee is booked. */
export type FeeBook = {
  /** `BASE/QUOTE` → the file's fills of that pair (epoch ms, price in the quote), in time order. */
  prices: Map<string, PricePoint[]>;
  /** `BASE/QUOTE` → the most decimal places among the file's quantities of the pair as ordered. */
  places: Map<string, number>;
};

/** One fill as the book reads it and as its fee is booked. */
export type CryptoFillFacts = {
  crypto: CryptoFill;
  /** Epoch milliseconds. */
  time: number;
  side: Side;
  /** As ordered (before a base-asset fee); > 0. */
  quantity: Decimal;
  /** In the quote; ≥ 0. */
  price: Decimal;
};

/** The book of these fills (in any order). */
export function toFeeBook(fills: Iterable<CryptoFillFacts>): FeeBook {
  const book: FeeBook = { prices: new Map(), places: new Map() };
  for (const fill of fills) {
    const pair = toPairKey(fill.crypto.base, fill.crypto.quote);
    const places = decimalPlaces(fill.quantity);
    if (places > (book.places.get(pair) ?? -1)) book.places.set(pair, places);
    if (!isPositive(fill.price)) continue;
    const list = book.prices.get(pair);
    const point = { time: fill.time, price: fill.price };
    if (list) list.push(point);
    else book.prices.set(pair, [point]);
  }
  for (const list of book.prices.values()) list.sort((a, b) => a.time - b.time);
  return book;
}

/** What booking a fill's fee gives. */
export type BookedFee = {
  /** The quantity that changed hands (see the rule above); ≤ 0 when the fee takes all of a buy. */
  quantity: Decimal;
  /** The fee in the quote to add to the fill's fees; null when there is none to add. */
  quoteFee: Decimal | null;
  /** A third-asset fee the file gives no rate for, kept in its own asset. */
  unconverted: { amount: Decimal; asset: string } | null;
  /** The instrument's step in this file (10^−d), null when the book has no quantity of the pair. */
  step: Decimal | null;
};

/** Books one fill's fee by its asset (see the rule above). Exact, except an inverted price (20 places). */
export function bookFee(fill: CryptoFillFacts, book: FeeBook): BookedFee {
  const { base, quote, fee } = fill.crypto;
  const places = book.places.get(toPairKey(base, quote));
  const step = places === undefined ? null : fromScaledBigInt(1n, places);
  const booked: BookedFee = { quantity: fill.quantity, quoteFee: null, unconverted: null, step };
  const amount = fee ? toFeeAmount(fee.amount) : null;
  if (!fee || amount === null) return booked;
  const asset = fee.asset.toUpperCase();
  if (asset === quote) return { ...booked, quoteFee: amount };
  if (asset === base) {
    const quantity = fill.side === 'buy' ? subtract(fill.quantity, amount) : add(fill.quantity, amount);
    return { ...booked, quantity, quoteFee: multiply(amount, fill.price) };
  }
  const rate = findRate(book, { asset, quote, time: fill.time });
  if (rate === null) return { ...booked, unconverted: { amount, asset } };
  return { ...booked, quoteFee: multiply(amount, rate) };
}

/** A fee's amount (a decimal text, as parseDecimal writes it) made positive, or null for none. */
function toFeeAmount(text: string): Decimal | null {
  const value = toDecimal(text);
  return value === null || isZero(value) ? null : toAbsolute(value);
}

/**
 * The quote-per-asset rate at the file's fill of the pair nearest to `time` (the earlier of two
 * equally near), within the window; the inverse pair's price inverted when the pair has none.
 */
export function findRate(book: FeeBook, params: { asset: string; quote: string; time: number }): Decimal | null {
  const direct = findNearest(book.prices.get(toPairKey(params.asset, params.quote)), params.time);
  if (direct !== null) return direct;
  const inverse = findNearest(book.prices.get(toPairKey(params.quote, params.asset)), params.time);
  return inverse === null ? null : divide(ONE, inverse);
}

function findNearest(points: readonly PricePoint[] | undefined, time: number): Decimal | null {
  if (!points || points.length === 0) return null;
  // The first point at or after `time`, by bisection; its predecessor is the other candidate.
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (points[middle]!.time < time) low = middle + 1;
    else high = middle;
  }
  let best: PricePoint | null = null;
  for (const point of [points[low - 1], points[low]]) {
    if (point === undefined || Math.abs(point.time - time) > FEE_RATE_WINDOW_MS) continue;
    if (best === null || Math.abs(point.time - time) < Math.abs(best.time - time)) best = point;
  }
  return best?.price ?? null;
}

function toPairKey(base: string, quote: string): string {
  return `${base}/${quote}`;
}
