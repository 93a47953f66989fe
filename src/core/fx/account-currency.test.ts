import { describe, expect, it } from 'vitest';
import { D } from '../money/decimal';
import { toAccountCurrencyPnl } from './account-currency';

describe('toAccountCurrencyPnl', () => {
  it('gives the Trading 212 statement’s EUR result, each fill at its own rate', () => {
    // Buy 3 AAPL @ 242.40 USD, 1.08675 USD fees, at 1 / 1.035; sell @ 250.00, 1.1232 USD fees, at 1 / 1.04.
    const pnl = toAccountCurrencyPnl(
      [
        {
          side: 'buy',
          quantity: D(3),
          price: D('242.40'),
          commission: D(0),
          fees: D('1.08675'),
          rate: D('0.966183574879'),
        },
        { side: 'sell', quantity: D(3), price: D(250), commission: D(0), fees: D('1.1232'), rate: D('0.961538461538') },
      ],
      D(1),
    );
    // −703.66 + 720.07 = 16.41 net; gross −702.61 + 721.15 = 18.54.
    expect(pnl && [pnl.gross.toString(), pnl.fees.toString(), pnl.net.toString()]).toEqual(['18.54', '2.13', '16.41']);
  });

  it('is null when a fill has no rate', () => {
    expect(
      toAccountCurrencyPnl(
        [{ side: 'buy', quantity: D(1), price: D(1), commission: D(0), fees: D(0), rate: null }],
        D(1),
      ),
    ).toBeNull();
  });
});
