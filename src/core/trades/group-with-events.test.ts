import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../../test/builders/execution';
import { makePositionEvent } from '../../../test/builders/position-event';
import { add, D, divide, subtract, multiply, roundDecimal, sum, ZERO, type Decimal } from '../money/decimal';
import type { Execution, Side } from './execution';
import { groupTrades, type Trade } from './group-trades';
import { computeNetPnlWithIncome, groupTradesWithEvents } from './group-with-events';
import type { PositionEvent } from './position-events';

const DAY = 86_400_000;
const T0 = Date.parse('2025-01-02T14:30:00.000Z');
const day = (n: number) => new Date(T0 + n * DAY).toISOString();
const str = (value: Decimal | null | undefined) => value?.toString() ?? null;
const buy = (quantity: string, price: string, on: number, more: Partial<Execution> = {}) =>
  makeExecution({ side: 'buy', quantity, price, executedAt: day(on), ...more });
const sell = (quantity: string, price: string, on: number, more: Partial<Execution> = {}) =>
  makeExecution({ side: 'sell', quantity, price, executedAt: day(on), ...more });

describe('groupTradesWithEvents: splits', () => {
  it('carries a 2-for-1 split through the open position and keeps the trade', () => {
    const { trades, problems } = groupTradesWithEvents(
      [buy('100', '50', 0, { id: 'b1' }), sell('200', '30', 20)],
      [makePositionEvent({ kind: 'split', at: day(10), ratio: '2', quantityDelta: '100', sourceRow: 7 })],
    );
    expect(problems).toEqual([]);
    expect(trades).toHaveLength(1);
    const [trade] = trades;
    // 200 × 30 − 100 × 50: the split itself moves no money.
    expect(str(trade?.grossPnl)).toBe('1000');
    expect(trade?.status).toBe('closed');
    expect(trade?.executions.map((part) => [part.quantity.toString(), part.price.toString()])).toEqual([
      ['200', '25'],
      ['200', '30'],
    ]);
    expect(trade?.restatedFills).toEqual([{ executionId: 'b1', symbol: 'AAPL', quantity: D(100), price: D(50) }]);
    expect(
      trade?.events.map((event) => [event.kind, str(event.ratio), str(event.quantityDelta), event.sourceRow]),
    ).toEqual([['split', '2', '100', 7]]);
  });

  it('derives the ratio from the shares a Schwab-style split row adds', () => {
    const { trades } = groupTradesWithEvents(
      [buy('50', '300', 0), sell('200', '80', 20)],
      [makePositionEvent({ kind: 'split', at: day(10), quantityDelta: '150' })],
    );
    // 4-for-1: 50 @ 300 is 200 @ 75; 200 × (80 − 75).
    expect(str(trades[0]?.grossPnl)).toBe('1000');
    expect(str(trades[0]?.events[0]?.ratio)).toBe('4');
    expect(str(trades[0]?.avgEntryPrice)).toBe('75');
  });

  it('sells the fraction a reverse split leaves as cash in lieu', () => {
    const { trades, problems } = groupTradesWithEvents(
      [buy('102', '2', 0), sell('25', '9', 20)],
      [
        makePositionEvent({ kind: 'split', at: day(10), ratio: '0.25', quantityDelta: '-76.5' }),
        makePositionEvent({ kind: 'cashInLieu', at: day(10), cashAmount: '4' }),
      ],
    );
    expect(problems).toEqual([]);
    expect(trades).toHaveLength(1);
    // 102 → 25.5 @ 8; the 0.5 sold for 4, the 25 for 225; cost 204.
    expect(str(trades[0]?.grossPnl)).toBe('25');
    expect(trades[0]?.status).toBe('closed');
    expect(trades[0]?.events.map((event) => event.kind)).toEqual(['split', 'cashInLieu']);
  });

  it('restates a partly closed position and keeps the P&L already realised', () => {
    const { trades } = groupTradesWithEvents(
      [buy('100', '10', 0), sell('40', '12', 5), sell('120', '7', 20)],
      [makePositionEvent({ kind: 'split', at: day(10), ratio: '2' })],
    );
    // 40 × (12 − 10) before; 120 × (7 − 5) after.
    expect(str(trades[0]?.grossPnl)).toBe('320');
    expect(trades[0]?.status).toBe('closed');
  });

  it('reports a split of a position the account does not hold and changes nothing', () => {
    const fills = [buy('10', '10', 0), sell('10', '11', 1)];
    const event = makePositionEvent({ kind: 'split', at: day(10), ratio: '2', sourceRow: 12 });
    const { trades, problems } = groupTradesWithEvents(fills, [event]);
    expect(problems).toEqual([
      { eventId: event.id, sourceRow: 12, message: 'a split of AAPL, a position the account does not hold.' },
    ]);
    expect(trades.map((trade) => str(trade.grossPnl))).toEqual(['10']);
    expect(trades[0]?.events).toEqual([]);
  });

  it('reports a split of a position opened by a fill that crossed zero', () => {
    const { problems } = groupTradesWithEvents(
      [buy('10', '10', 0), sell('30', '11', 1)],
      [makePositionEvent({ kind: 'split', at: day(10), ratio: '2' })],
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'a split of AAPL: the position was opened by a fill that also closed the one before; enter it by hand.',
    ]);
  });
});

describe('groupTradesWithEvents: symbol changes', () => {
  const rename = (more: Parameters<typeof makePositionEvent>[0] = {}) =>
    makePositionEvent({
      kind: 'symbolChange',
      at: day(10),
      symbol: 'FB',
      instrumentKey: 'stock:FB',
      fromSymbol: 'FB',
      toSymbol: 'META',
      toInstrumentKey: 'stock:META',
      ...more,
    });

  it('moves the position to the new name and keeps both names on the trade', () => {
    const fb = { symbol: 'FB', instrumentKey: 'stock:FB' };
    const meta = { symbol: 'META', instrumentKey: 'stock:META' };
    const { trades } = groupTradesWithEvents([buy('100', '200', 0, fb), sell('100', '250', 20, meta)], [rename()]);
    expect(trades).toHaveLength(1);
    expect(trades[0]?.symbol).toBe('META');
    expect(trades[0]?.formerSymbols).toEqual(['FB']);
    expect(str(trades[0]?.grossPnl)).toBe('5000');
    expect(trades[0]?.events.map((event) => [event.kind, event.fromSymbol, event.toSymbol])).toEqual([
      ['symbolChange', 'FB', 'META'],
    ]);
  });

  it('carries the cost basis through a merger of 2 old shares into 1 new', () => {
    const old = { symbol: 'XYZ', instrumentKey: 'stock:XYZ' };
    const merged = { symbol: 'ABC', instrumentKey: 'stock:ABC' };
    const { trades } = groupTradesWithEvents(
      [buy('100', '10', 0, old), sell('50', '25', 20, merged)],
      [
        rename({
          symbol: 'XYZ',
          instrumentKey: 'stock:XYZ',
          fromSymbol: 'XYZ',
          toSymbol: 'ABC',
          toInstrumentKey: 'stock:ABC',
          quantityDelta: '-50',
        }),
      ],
    );
    // Cost 1000 now on 50 shares (20 each); sold for 1250.
    expect(str(trades[0]?.grossPnl)).toBe('250');
    expect(str(trades[0]?.events[0]?.ratio)).toBe('0.5');
  });
});

describe('groupTradesWithEvents: reinvestments, distributions, transfers, rewards', () => {
  it('buys reinvested shares into the position and keeps the dividend as income beside the P&L', () => {
    const { trades } = groupTradesWithEvents(
      [buy('10', '100', 0), sell('10.2', '110', 30)],
      [
        makePositionEvent({ kind: 'dividend', at: day(10), cashAmount: '20', sourceRow: 4 }),
        makePositionEvent({ kind: 'reinvestment', at: day(10), quantityDelta: '0.2', price: '100', cashAmount: '-20' }),
      ],
    );
    const [trade] = trades;
    expect(trades).toHaveLength(1);
    // 10.2 × 110 − (10 × 100 + 0.2 × 100).
    expect(str(trade?.grossPnl)).toBe('102');
    expect(str(trade?.income)).toBe('20');
    expect(str(trade && computeNetPnlWithIncome(trade, false))).toBe('102');
    expect(str(trade && computeNetPnlWithIncome(trade, true))).toBe('122');
    expect(trade?.events.map((event) => event.kind)).toEqual(['dividend', 'reinvestment']);
  });

  it('opens a stock distribution at the cost basis the file gives, zero when none', () => {
    const spin = { symbol: 'SPIN', instrumentKey: 'stock:SPIN' };
    const { trades } = groupTradesWithEvents(
      [sell('5', '12', 30, spin)],
      [makePositionEvent({ kind: 'distribution', at: day(10), quantityDelta: '5', ...spin })],
    );
    expect(str(trades[0]?.grossPnl)).toBe('60');
    expect(trades[0]?.events.map((event) => event.kind)).toEqual(['distribution']);
  });

  it('moves shares out at their lots’ cost, so a transfer out realises nothing', () => {
    const { trades } = groupTradesWithEvents(
      [buy('10', '100', 0), buy('10', '120', 1)],
      [makePositionEvent({ kind: 'transfer', at: day(10), quantityDelta: '-15' })],
    );
    expect(trades).toHaveLength(1);
    expect(str(trades[0]?.grossPnl)).toBe('0');
    expect(str(trades[0]?.openQuantity)).toBe('5');
    expect(
      trades[0]?.executions.filter((part) => part.role === 'exit').map((part) => [str(part.quantity), str(part.price)]),
    ).toEqual([
      ['10', '100'],
      ['5', '120'],
    ]);
  });

  it('opens a transfer in at its cost basis, or at 0 flagged as missing one', () => {
    const { trades } = groupTradesWithEvents(
      [],
      [
        makePositionEvent({ kind: 'transfer', at: day(1), quantityDelta: '20', price: '30' }),
        makePositionEvent({
          kind: 'transfer',
          at: day(1),
          quantityDelta: '5',
          symbol: 'MSFT',
          instrumentKey: 'stock:MSFT',
        }),
      ],
    );
    const bySymbol = Object.fromEntries(trades.map((trade) => [trade.symbol, trade]));
    expect(str(bySymbol.AAPL?.avgEntryPrice)).toBe('30');
    expect(bySymbol.AAPL?.events[0]?.isCostBasisMissing).toBe(false);
    expect(bySymbol.MSFT?.events[0]?.isCostBasisMissing).toBe(true);
  });

  it('refuses a transfer out of more than the account holds', () => {
    const { problems, trades } = groupTradesWithEvents(
      [buy('10', '100', 0)],
      [makePositionEvent({ kind: 'transfer', at: day(10), quantityDelta: '-15' })],
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'a transfer out of 15 AAPL, more than the account holds.',
    ]);
    expect(str(trades[0]?.openQuantity)).toBe('10');
  });

  it('acquires staking rewards at zero cost and counts their value as income', () => {
    const sol = { symbol: 'SOL/USD', instrumentKey: 'crypto:SOL/USD' };
    const { trades } = groupTradesWithEvents(
      [],
      [makePositionEvent({ kind: 'reward', at: day(1), quantityDelta: '0.5', price: '200', ...sol })],
    );
    expect(str(trades[0]?.avgEntryPrice)).toBe('0');
    expect(str(trades[0]?.income)).toBe('100');
  });

  it('keeps income of a dividend on no held position apart', () => {
    const { trades, unattachedIncome } = groupTradesWithEvents(
      [],
      [makePositionEvent({ kind: 'dividend', at: day(1), cashAmount: '12.5' })],
    );
    expect(trades).toEqual([]);
    expect(unattachedIncome).toEqual([{ currency: 'USD', amount: D('12.5') }]);
  });
});

describe('groupTradesWithEvents: crypto conversions and option deliveries', () => {
  it('sells one asset and buys the other at the file’s prices, the fee on the sale', () => {
    const eth = { symbol: 'ETH/USD', instrumentKey: 'crypto:ETH/USD' };
    const btc = { symbol: 'BTC/USD', instrumentKey: 'crypto:BTC/USD' };
    const leg = { kind: 'conversion' as const, at: day(10), fromSymbol: 'ETH', toSymbol: 'BTC', sourceRow: 3 };
    const { trades } = groupTradesWithEvents(
      [buy('1', '3000', 0, eth)],
      [
        makePositionEvent({ ...leg, ...eth, quantityDelta: '-1', price: '3300', fees: '10' }),
        makePositionEvent({ ...leg, ...btc, quantityDelta: '0.05', price: '66000' }),
      ],
    );
    const bySymbol = Object.fromEntries(trades.map((trade) => [trade.symbol, trade]));
    expect(str(bySymbol['ETH/USD']?.grossPnl)).toBe('300');
    expect(str(bySymbol['ETH/USD']?.netPnl)).toBe('290');
    expect(bySymbol['BTC/USD']?.status).toBe('open');
    expect(str(bySymbol['BTC/USD']?.avgEntryPrice)).toBe('66000');
  });

  it('puts the shares of an assigned short put into the stock position at the strike', () => {
    const { trades } = groupTradesWithEvents(
      [sell('100', '52', 20)],
      [
        makePositionEvent({
          kind: 'assignment',
          at: day(10),
          quantityDelta: '100',
          price: '50',
          fromSymbol: 'AAPL  250117P00050000',
          toSymbol: 'AAPL',
        }),
      ],
    );
    expect(str(trades[0]?.grossPnl)).toBe('200');
    expect(trades[0]?.events[0]?.fromSymbol).toBe('AAPL  250117P00050000');
  });
});

// Properties --------------------------------------------------------------------------------------

/** Ratios whose quotients terminate, so restated figures are exact. */
const RATIOS = ['2', '4', '5', '10', '2.5', '0.5', '0.25', '0.2', '0.1'] as const;

type Step = { kind: 'fill'; side: Side; units: number; cents: number } | { kind: 'split'; ratio: string };

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('fill' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      units: fc.integer({ min: 1, max: 50 }),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({ kind: fc.constant('split' as const), ratio: fc.constantFrom(...RATIOS) }),
  ),
  { maxLength: 30 },
);

/**
 * Fills in post-split terms (long only: a sell never exceeds the position) and the same history as
 * a file has it: each fill's quantity ÷ and price × the ratios of the splits that come while its
 * position stays open.
 */
function toHistories(list: Step[]) {
  type Post = { id: string; side: Side; quantity: Decimal; price: Decimal; at: string; factor: Decimal };
  const posts: Post[] = [];
  const events: PositionEvent[] = [];
  let position = ZERO;
  let open: Post[] = [];
  list.forEach((step, index) => {
    const at = day(index);
    if (step.kind === 'split') {
      if (position.eq(0)) return;
      const ratio = D(step.ratio);
      for (const post of open) post.factor = multiply(post.factor, ratio);
      // In file terms the position before the split is position ÷ (ratios still to come); the test
      // states the ratio, so the delta is only for the record.
      events.push(makePositionEvent({ kind: 'split', at, sequence: index, ratio: step.ratio }));
      return;
    }
    let quantity = D(step.units);
    if (step.side === 'sell') {
      if (position.eq(0)) return;
      if (quantity.gt(position)) quantity = position;
    }
    const post: Post = { id: `p${index}`, side: step.side, quantity, price: D(`${step.cents}e-2`), at, factor: D(1) };
    posts.push(post);
    position = step.side === 'buy' ? add(position, quantity) : subtract(position, quantity);
    open.push(post);
    if (position.eq(0)) open = [];
  });
  const toExecution = (post: Post, quantity: Decimal, price: Decimal) =>
    makeExecution({
      id: post.id,
      side: post.side,
      quantity,
      price,
      executedAt: post.at,
      sequence: Number(post.id.slice(1)),
    });
  return {
    restated: posts.map((post) => toExecution(post, post.quantity, post.price)),
    file: posts.map((post) => toExecution(post, divide(post.quantity, post.factor), multiply(post.price, post.factor))),
    events,
  };
}

const totalPnl = (trades: readonly Trade[]) => sum(trades.map((trade) => trade.grossPnl));

describe('groupTradesWithEvents properties', () => {
  it('gives the P&L of the same fills restated in post-split terms, for random fills and splits', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const { restated, file, events } = toHistories(list);
        const withEvents = groupTradesWithEvents(file, events);
        const plain = groupTrades(restated);
        expect(withEvents.problems).toEqual([]);
        expect(totalPnl(withEvents.trades).toString()).toBe(totalPnl(plain).toString());
        expect(withEvents.trades.map((trade) => [trade.status, trade.quantity.toString()])).toEqual(
          plain.map((trade) => [trade.status, trade.quantity.toString()]),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('gives a position renamed midway the P&L it would have had under one name', () => {
    const fills = fc.array(
      fc.record({
        side: fc.constantFrom<Side>('buy', 'sell'),
        units: fc.integer({ min: 1, max: 20 }),
        cents: fc.integer({ min: 1, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 25 },
    );
    fc.assert(
      fc.property(fills, fc.nat(), (specs, cut) => {
        const at = cut % (specs.length + 1);
        let position = ZERO;
        const kept: { side: Side; quantity: Decimal; price: Decimal; index: number }[] = [];
        specs.forEach((spec, index) => {
          let quantity = D(spec.units);
          if (spec.side === 'sell') {
            if (position.eq(0)) return;
            if (quantity.gt(position)) quantity = position;
          }
          position = spec.side === 'buy' ? add(position, quantity) : subtract(position, quantity);
          kept.push({ side: spec.side, quantity, price: D(`${spec.cents}e-2`), index });
        });
        const build = (isRenamed: boolean) =>
          kept.map(({ side, quantity, price, index }) => {
            const isNew = isRenamed && index >= at;
            return makeExecution({
              id: `f${index}`,
              side,
              quantity,
              price,
              executedAt: day(index),
              sequence: index,
              symbol: isNew ? 'META' : 'FB',
              instrumentKey: isNew ? 'stock:META' : 'stock:FB',
            });
          });
        const heldAtCut = kept
          .filter((fill) => fill.index < at)
          .reduce(
            (held, fill) => (fill.side === 'buy' ? add(held, fill.quantity) : subtract(held, fill.quantity)),
            ZERO,
          );
        const change = makePositionEvent({
          kind: 'symbolChange',
          at: new Date(Date.parse(day(at)) - 1000).toISOString(),
          sequence: -1,
          symbol: 'FB',
          instrumentKey: 'stock:FB',
          fromSymbol: 'FB',
          toSymbol: 'META',
          toInstrumentKey: 'stock:META',
        });
        const renamed = groupTradesWithEvents(build(true), [change]);
        const plain = groupTrades(build(false));
        // Renaming a flat position is a problem of its row and changes nothing.
        expect(renamed.problems).toHaveLength(heldAtCut.eq(0) ? 1 : 0);
        expect(roundDecimal(totalPnl(renamed.trades), 8).toString()).toBe(roundDecimal(totalPnl(plain), 8).toString());
        expect(renamed.trades.map((trade) => trade.grossPnl.toString())).toEqual(
          plain.map((trade) => trade.grossPnl.toString()),
        );
      }),
      { numRuns: 200 },
    );
  });
});
