import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, D, isZero, multiply, negate, subtract, toAbsolute } from '../money/decimal';
import { reconcileFills, type ReconcileFill } from './reconcile';

type Drawn = { side: 'buy' | 'sell'; quantity: number; cents: number; feeCents: number; dayOffset: number };

const drawn = fc.record({
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  quantity: fc.integer({ min: 1, max: 50 }),
  cents: fc.integer({ min: 100, max: 50_000 }),
  feeCents: fc.integer({ min: 0, max: 500 }),
  dayOffset: fc.integer({ min: 0, max: 3 }),
});

/** Random fills of one or two instruments over a few days, in time order, with the broker's net cash given by `netOf`. */
function toFills(draws: Drawn[], netOf: (fill: ReconcileFill) => string): ReconcileFill[] {
  let day = 6;
  return draws.map((d, index) => {
    day += d.dayOffset;
    const fill: ReconcileFill = {
      id: `f${index}`,
      executedAt: new Date(Date.UTC(2025, 0, day, 15, index % 60)).toISOString(),
      instrumentKey: index % 3 === 0 ? 'stock:MSFT' : 'stock:AAPL',
      side: d.side,
      quantity: D(d.quantity),
      price: D(d.cents).div(100) as ReconcileFill['price'], // a decimal divided by 100 is exact
      commission: D(0),
      fees: D(d.feeCents).div(100) as ReconcileFill['fees'], // exact, as above
      multiplier: D(1),
      currency: 'USD',
      fxRate: null,
      broker: null,
    };
    return { ...fill, broker: { pnl: null, net: D(netOf(fill)), currency: null } };
  });
}

/** The fill's cash as a broker books it: sells +, buys −, fees out. */
function cashOf(fill: ReconcileFill, withFees = true): string {
  const gross = multiply(fill.quantity, fill.price);
  const signed = fill.side === 'sell' ? gross : negate(gross);
  return (withFees ? subtract(signed, fill.fees) : signed).toString();
}

const days = fc.array(drawn, { minLength: 1, maxLength: 30 });

describe('reconcileFills properties', () => {
  it('agrees on every fill and day when the broker’s net cash is the fills’ own', () => {
    fc.assert(
      fc.property(days, (draws) => {
        const result = reconcileFills({
          fills: toFills(draws, (fill) => cashOf(fill)),
          accountCurrency: 'USD',
          timeZone: 'UTC',
          brokerTimeZone: 'UTC',
        });
        expect(result.fills.every((f) => f.agrees)).toBe(true);
        for (const day of result.days) {
          expect(day.explanations).toEqual([]);
          expect(toAbsolute(day.difference ?? D(0)).lt(D('0.00000001'))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('explains every fee the broker’s cash leaves out as fee_missing, and the days’ differences add up to the fees', () => {
    fc.assert(
      fc.property(days, (draws) => {
        const fills = toFills(draws, (fill) => cashOf(fill, false));
        const result = reconcileFills({ fills, accountCurrency: 'USD', timeZone: 'UTC', brokerTimeZone: 'UTC' });
        for (const [index, check] of result.fills.entries()) {
          if (!check.agrees) expect(check.kind).toBe('fee_missing');
          if (isZero(fills[index]!.fees)) expect(check.agrees).toBe(true);
        }
        // The realised differences are the fees of closed quantity: never more than all the fees.
        const total = result.days.reduce((sum, day) => add(sum, day.difference ?? D(0)), D(0));
        const fees = fills.reduce((sum, fill) => add(sum, fill.fees), D(0));
        expect(total.lte(0) && toAbsolute(total).lte(fees.plus('0.00000001'))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
