import { describe, expect, it } from 'vitest';
import { parseRowKind, toSideFromSign } from './side';

describe('parseRowKind', () => {
  it.each([
    ['Buy', 'buy', null],
    ['Sell', 'sell', null],
    ['Bought', 'buy', null],
    ['Sold', 'sell', null],
    ['BTO', 'buy', 'open'],
    ['STC', 'sell', 'close'],
    ['BTC', 'buy', 'close'],
    ['STO', 'sell', 'open'],
    ['Short', 'sell', 'open'],
    ['Sell Short', 'sell', 'open'],
    ['Cover', 'buy', 'close'],
    ['Buy to Cover', 'buy', 'close'],
    ['YOU BOUGHT MICROSOFT CORP (MSFT) (Cash)', 'buy', null],
    ['YOU SOLD OPENING TRANSACTION PUT (AMD)', 'sell', 'open'],
    ['YOU BOUGHT ASSIGNED PUTS', 'buy', null],
    ['Market buy', 'buy', null],
    ['Limit sell', 'sell', null],
    ['Buy Trade', 'buy', null],
    ['Advanced Trade Sell', 'sell', null],
    ['Bought To Open', 'buy', 'open'],
    ['Sold Short', 'sell', 'open'],
    ['BOT +300 F @10.05', 'buy', null],
    ['SOLD -14 KOD @35.53', 'sell', null],
    ['Kauf', 'buy', null],
    ['Verkauf', 'sell', null],
    ['Achat', 'buy', null],
    ['Vente', 'sell', null],
    ['Compra', 'buy', null],
    ['Venta', 'sell', null],
    ['Venda', 'sell', null],
    ['Purchase', 'buy', null],
    ['Sale', 'sell', null],
  ] as const)('%s is a %s', (text, side, effect) => {
    expect(parseRowKind(text)).toEqual({ kind: 'trade', side, effect });
  });

  it.each([
    ['OEXP', 'expiration'],
    ['Expired', 'expiration'],
    ['Option Expired', 'expiration'],
    ['ASSIGNED as of 01/17/2025', 'assignment'],
    ['OASGN', 'assignment'],
    ['Exercised', 'exercise'],
  ] as const)('%s is an %s', (text, event) => expect(parseRowKind(text)).toEqual({ kind: 'event', event }));

  it.each([
    ['DIVIDEND RECEIVED', 'dividend'],
    ['Qualified Dividend', 'dividend'],
    ['CDIV', 'dividend'],
    ['Reinvest Shares', 'dividend'],
    ['Credit Interest', 'interest'],
    ['Interest on cash', 'interest'],
    ['MoneyLink Transfer', 'transfer'],
    ['ACH', 'transfer'],
    ['Deposit', 'transfer'],
    ['Sweep in', 'transfer'],
    ['Service Fee', 'fee'],
    ['Stock Split', 'corporate action'],
  ] as const)('%s is a non-trade (%s)', (text, reason) =>
    expect(parseRowKind(text)).toEqual({ kind: 'nonTrade', reason }),
  );

  it.each(['BUY CANCEL', 'BUY (Ca.)', 'Cancelled'])('%s is cancelled', (text) => {
    expect(parseRowKind(text)).toEqual({ kind: 'cancelled' });
  });

  it('returns null for unrelated text', () => {
    expect(parseRowKind('TRD')).toBeNull();
    expect(parseRowKind('')).toBeNull();
  });
});

describe('toSideFromSign', () => {
  it('reads negative quantities as sells and negative amounts as buys', () => {
    expect(toSideFromSign('-10', 'quantity')).toBe('sell');
    expect(toSideFromSign('10', 'quantity')).toBe('buy');
    expect(toSideFromSign('-1523.00', 'amount')).toBe('buy');
    expect(toSideFromSign('0', 'amount')).toBeNull();
  });
});
