import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toExecutionOfImported } from '../../../test/builders/imported-execution';
import { importTable } from '../import/normalise/import-table';
import { add, D, multiply, subtract, toAbsolute, ZERO, type Decimal } from '../money/decimal';
import { makeExecution } from '../../../test/builders/execution';
import { toPositionAfter } from './dust';
import { countToLastFlat, createFlatChunker } from './flat-chunks';
import { groupTrades, type Trade } from './group-trades';

describe('toPositionAfter', () => {
  it.each([
    // position, side, quantity, step, after
    ['0.4995', 'sell', '0.5', '0.1', '0'],
    ['0.1232766', 'sell', '0.1232', '0.0001', '0'],
    ['0.1232766', 'sell', '0.1232', null, '0.0000766'],
    ['1', 'sell', '0.5', '0.1', '0.5'],
    ['0', 'buy', '0.00001', '0.1', '0.00001'],
    ['0.5', 'buy', '0.00001', '0.1', '0.50001'],
    ['-0.5', 'buy', '0.49999', '0.001', '0'],
    ['0.5', 'sell', '0.7', '0.1', '-0.2'],
  ] as const)('leaves %s after a %s of %s (step %s) at %s', (position, side, quantity, step, after) => {
    const fill = { side, quantity: D(quantity), quantityStep: step === null ? null : D(step) };
    expect(toPositionAfter(D(position), fill).toString()).toBe(after);
  });
});

/** One round trip: buys whose fees are in the base asset, then sells of what they left, in the lot step. */
type RoundTrip = {
  buys: { lots: number; price: number; feeRate: string }[];
  sells: { share: number; price: number }[];
};

const roundTrip: fc.Arbitrary<RoundTrip> = fc.record({
  buys: fc.array(
    fc.record({
      lots: fc.integer({ min: 2, max: 50_000 }),
      price: fc.integer({ min: 1, max: 100_000 }),
      feeRate: fc.constantFrom('0.001', '0.00075', '0.0002'),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  sells: fc.array(fc.record({ share: fc.integer({ min: 1, max: 10 }), price: fc.integer({ min: 1, max: 100_000 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** The fee of an ordered quantity at a rate, in the base asset, cut to Binance's 8 places. */
function toFee(quantity: Decimal, rate: string): Decimal {
  return multiply(quantity, D(rate)).round(8, 0) as Decimal; // round() of a Decimal is one (same constructor)
}

describe('groupTrades over Binance fills with base-asset fees', () => {
  it('leaves no residual above the step after a flat sequence: every round trip closes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.array(roundTrip, { minLength: 1, maxLength: 3 }), (k, trips) => {
        const step = D(`1e-${k}`);
        const rows: string[][] = [];
        let minute = 0;
        let cash = ZERO;
        const time = () => new Date(Date.UTC(2025, 0, 1, 0, minute++)).toISOString().slice(0, 19).replace('T', ' ');
        for (const trip of trips) {
          let received = ZERO;
          for (const buy of trip.buys) {
            const quantity = multiply(D(buy.lots), step);
            const fee = toFee(quantity, buy.feeRate);
            received = add(received, subtract(quantity, fee));
            cash = subtract(cash, multiply(quantity, D(buy.price)));
            rows.push([
              time(),
              'BTCUSDT',
              'BUY',
              `${buy.price}`,
              `${quantity.toFixed(8)}BTC`,
              '0USDT',
              `${fee.toFixed(8)}BTC`,
            ]);
          }
          // What can be sold: the received quantity in whole lots, spread over the sells by their shares.
          const lots = BigInt(received.div(step).round(0, 0).toFixed());
          const shares = trip.sells.map((s) => BigInt(s.share));
          const total = shares.reduce((a, b) => a + b, 0n);
          let left = lots;
          trip.sells.forEach((sell, index) => {
            const part = index === trip.sells.length - 1 ? left : (lots * shares[index]!) / total;
            left -= part;
            if (part === 0n) return;
            const quantity = multiply(D(part.toString()), step);
            cash = add(cash, multiply(quantity, D(sell.price)));
            rows.push([time(), 'BTCUSDT', 'SELL', `${sell.price}`, `${quantity.toFixed(8)}BTC`, '0USDT', '0USDT']);
          });
        }
        const result = importTable({
          headers: ['Date(UTC)', 'Pair', 'Side', 'Price', 'Executed', 'Amount', 'Fee'],
          rows: rows.reverse(), // newest first, as Binance writes them
          accountTimeZone: 'UTC',
          defaultCurrency: 'USD',
        });
        expect(result.problems).toEqual([]);
        const trades = groupTrades(result.executions.map(toExecutionOfImported));
        expect(trades.map((t) => t.status)).toEqual(trips.map(() => 'closed'));
        for (const trade of trades) {
          expect(trade.openQuantity.toString()).toBe('0');
          expect(toAbsolute(trade.residual).lt(D(result.executions[0]!.quantityStep ?? '0'))).toBe(true);
        }
        // Realised gross P&L is the USDT that moved (the fees are in it as base quantity).
        const gross = trades.reduce((sum, t) => add(sum, t.grossPnl), ZERO);
        const fees = trades.reduce((sum, t) => add(sum, t.fees), ZERO);
        expect(subtract(gross, fees).minus(cash).abs().lte(D('0.0000001'))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

/** Crypto fills a fee's remainder away from flat, with a step: dust closes trades often. */
const dustyFills = fc
  .array(
    fc.record({
      instrument: fc.constantFrom('crypto:BTC/USDT', 'crypto:ETH/USDT'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.constantFrom('1', '0.999', '1.0005', '0.5', '0.4995'),
      price: fc.integer({ min: 90, max: 110 }).map(String),
      step: fc.constantFrom('0.01', '0.1'),
      unconverted: fc.constantFrom(null, '0.001'),
    }),
    { maxLength: 60 },
  )
  .map((rows) =>
    rows.map((row, i) =>
      makeExecution({
        instrumentKey: row.instrument,
        symbol: row.instrument.slice(7),
        side: row.side,
        quantity: row.quantity,
        price: row.price,
        quantityStep: D(row.step),
        unconvertedFee: row.unconverted === null ? null : { amount: D(row.unconverted), asset: 'BNB' },
        executedAt: new Date(Date.UTC(2025, 0, 2) + i * 1_000).toISOString(),
      }),
    ),
  );

const byOpener = (trades: Trade[]) =>
  [...trades].sort((a, b) => (a.openingExecutionId < b.openingExecutionId ? -1 : 1));

describe('the dust rule across grouping, the flat chunker and the regroup cut', () => {
  it('agrees on where trades end: stretches and prefixes group exactly as all the fills', () => {
    fc.assert(
      fc.property(dustyFills, (fills) => {
        const all = groupTrades(fills);
        const chunker = createFlatChunker();
        for (const fill of fills) chunker.add(fill);
        const stretches = [...chunker.takeClosed(), ...chunker.takeOpen()];
        expect(byOpener(stretches.flatMap((stretch) => groupTrades(stretch)))).toEqual(byOpener(all));
        for (const key of ['crypto:BTC/USDT', 'crypto:ETH/USDT']) {
          const own = fills.filter((fill) => fill.instrumentKey === key);
          const cut = countToLastFlat(own);
          const closedBefore = groupTrades(own.slice(0, cut));
          expect(closedBefore.every((trade) => trade.status === 'closed')).toBe(true);
          expect(byOpener([...closedBefore, ...groupTrades(own.slice(cut))])).toEqual(byOpener(groupTrades(own)));
        }
        // Every closed trade's gross P&L is the cash its parts moved; a residual stays within its step.
        for (const trade of all.filter((t) => t.status === 'closed')) {
          const cash = trade.executions.reduce(
            (sum, part) => (part.side === 'sell' ? add : subtract)(sum, multiply(part.quantity, part.price)),
            ZERO,
          );
          expect(trade.grossPnl.eq(cash)).toBe(true);
          expect(toAbsolute(trade.residual).lt(D('0.1'))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
