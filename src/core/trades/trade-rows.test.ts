import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../../test/builders/execution';
import { D, subtract } from '../money/decimal';
import type { Side } from './execution';
import { groupTrades } from './group-trades';
import { buildTradeRows, EMPTY_JOURNAL } from './trade-rows';

type Fill = { side: Side; quantity: string; price: string; commission: string; fees: string };

/** The stored row of the one trade a round trip of `fills` makes. */
function storedTradeOf(fills: readonly Fill[]) {
  const executions = fills.map((fill, index) =>
    makeExecution({ ...fill, executedAt: new Date(Date.UTC(2026, 0, 5, 15, index)).toISOString() }),
  );
  const [trade] = groupTrades(executions);
  return buildTradeRows({
    trade: trade!,
    userId: '00000000-0000-4000-8000-0000000000b1',
    assetClass: 'stock',
    journal: EMPTY_JOURNAL,
    defaultRiskAmount: null,
    accountCurrency: 'USD',
    id: '00000000-0000-4000-8000-0000000000c1',
    createdAt: new Date(0),
    now: new Date(0),
  }).trade;
}

/** A decimal text with at most `places` places, from 0 up to `max` units of the last place. */
const decimalText = (places: number, max: bigint) =>
  fc.bigInt({ min: 0n, max }).map((units) => {
    const text = units.toString().padStart(places + 1, '0');
    return `${text.slice(0, -places)}.${text.slice(-places)}`;
  });

describe('buildTradeRows', () => {
  it('stores net P&L as the stored gross less the stored costs, whatever places the trade’s figures have', () => {
    const fill = (side: Side, quantity: string) =>
      fc.record({
        side: fc.constant(side),
        quantity: fc.constant(quantity),
        price: decimalText(8, 10n ** 12n),
        commission: decimalText(8, 10n ** 6n),
        fees: decimalText(8, 10n ** 6n),
      });
    const roundTrip = decimalText(12, 10n ** 14n)
      .filter((quantity) => D(quantity).gt(0))
      .chain((quantity) => fc.tuple(fill('buy', quantity), fill('sell', quantity)));
    fc.assert(
      fc.property(roundTrip, (fills) => {
        const stored = storedTradeOf(fills);
        const net = subtract(subtract(D(stored.grossPnl), D(stored.commission)), D(stored.fees));
        expect(stored.netPnl).toBe(net.toString());
      }),
    );
  });

  it('rounds the gross before taking the costs off when it has more places than the column', () => {
    // Gross 0.5 × 0.00000001 = 0.000000005 rounds up to 0.00000001; less 0.00000001 of commission
    // that is 0. Rounding the trade's own net (−0.000000005) would store −0.00000001 instead.
    const stored = storedTradeOf([
      { side: 'buy', quantity: '0.5', price: '10', commission: '0.00000001', fees: '0' },
      { side: 'sell', quantity: '0.5', price: '10.00000001', commission: '0', fees: '0' },
    ]);
    expect([stored.grossPnl, stored.commission, stored.netPnl]).toEqual(['0.00000001', '0.00000001', '0']);
  });

  it('stores the trade’s own net when its figures fit the columns', () => {
    const stored = storedTradeOf([
      { side: 'buy', quantity: '100', price: '187.25', commission: '1', fees: '0.02' },
      { side: 'sell', quantity: '100', price: '188.1', commission: '1', fees: '0.03' },
    ]);
    expect([stored.grossPnl, stored.commission, stored.fees, stored.netPnl]).toEqual(['85', '2', '0.05', '82.95']);
  });
});
