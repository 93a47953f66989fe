import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../../test/builders/execution';
import { add, D, multiply, negate, subtract, sum, ZERO, type Decimal } from '../money/decimal';
import type { Execution, Side } from './execution';
import { groupTrades, groupTradesInSlices, type Trade } from './group-trades';

const T0 = Date.parse('2025-01-02T14:30:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const str = (value: Decimal | null) => value?.toString() ?? null;

describe('groupTrades', () => {
  it('closes one buy and two partial sells as one round trip', () => {
    const [trip] = groupTrades([
      makeExecution({ side: 'buy', quantity: '100', price: '10' }),
      makeExecution({ side: 'sell', quantity: '40', price: '11' }),
      makeExecution({ side: 'sell', quantity: '60', price: '12' }),
    ]);
    expect(str(trip?.grossPnl ?? null)).toBe('160');
  });

  it('keeps a long scale-in and scale-out in one trade', () => {
    const trades = groupTrades([
      makeExecution({ side: 'buy', quantity: '100', price: '10', commission: '1', executedAt: at(0) }),
      makeExecution({ side: 'buy', quantity: '100', price: '11', commission: '1', executedAt: at(60) }),
      makeExecution({ side: 'sell', quantity: '150', price: '12', commission: '1', fees: '0.03', executedAt: at(120) }),
      makeExecution({ side: 'sell', quantity: '50', price: '13', commission: '1', fees: '0.01', executedAt: at(180) }),
    ]);
    expect(trades).toHaveLength(1);
    const [trade] = trades;
    expect(trade).toMatchObject({
      direction: 'long',
      status: 'closed',
      openedAt: at(0),
      closedAt: at(180),
      holdingSeconds: 180,
    });
    expect({
      quantity: str(trade?.quantity ?? null),
      maxPosition: str(trade?.maxPosition ?? null),
      avgEntryPrice: str(trade?.avgEntryPrice ?? null),
      avgExitPrice: str(trade?.avgExitPrice ?? null),
      grossPnl: str(trade?.grossPnl ?? null),
      commission: str(trade?.commission ?? null),
      fees: str(trade?.fees ?? null),
      netPnl: str(trade?.netPnl ?? null),
    }).toEqual({
      quantity: '200',
      maxPosition: '200',
      avgEntryPrice: '10.5',
      avgExitPrice: '12.25',
      grossPnl: '350', // (150 × 12 + 50 × 13) − (100 × 10 + 100 × 11)
      commission: '4',
      fees: '0.04',
      netPnl: '345.96',
    });
    // FIFO: the first 100 bought at 10 leave first.
    expect(trade?.closedLots.map((lot) => [lot.entryExecutionId, str(lot.quantity), str(lot.grossPnl)])).toEqual([
      [trade?.executions[0]?.executionId, '100', '200'],
      [trade?.executions[1]?.executionId, '50', '50'],
      [trade?.executions[1]?.executionId, '50', '100'],
    ]);
  });

  it('profits from a short when the price falls', () => {
    const [trade] = groupTrades([
      makeExecution({ side: 'sell', quantity: '50', price: '20', executedAt: at(0) }),
      makeExecution({ side: 'buy', quantity: '50', price: '18.5', executedAt: at(30) }),
    ]);
    expect(trade).toMatchObject({ direction: 'short', status: 'closed' });
    expect(str(trade?.grossPnl ?? null)).toBe('75');
  });

  it('splits a position flip into two round trips with pro-rata costs', () => {
    const trades = groupTrades([
      makeExecution({ id: 'buy', side: 'buy', quantity: '100', price: '10', commission: '1', executedAt: at(0) }),
      makeExecution({
        id: 'flip',
        side: 'sell',
        quantity: '300',
        price: '12',
        commission: '3',
        fees: '0.3',
        executedAt: at(60),
      }),
      makeExecution({ id: 'cover', side: 'buy', quantity: '200', price: '11', commission: '2', executedAt: at(120) }),
    ]);
    expect(
      trades.map((t) => [t.direction, t.status, str(t.grossPnl), str(t.commission), str(t.fees), str(t.netPnl)]),
    ).toEqual([
      ['long', 'closed', '200', '2', '0.1', '197.9'],
      ['short', 'closed', '200', '4', '0.2', '195.8'],
    ]);
    expect(trades[0]?.executions.at(-1)).toMatchObject({ executionId: 'flip', role: 'exit' });
    expect(str(trades[0]?.executions.at(-1)?.quantity ?? null)).toBe('100');
    expect(trades[1]?.executions[0]).toMatchObject({ executionId: 'flip', role: 'entry' });
    expect(str(trades[1]?.executions[0]?.quantity ?? null)).toBe('200');
    expect(trades[1]).toMatchObject({ openingExecutionId: 'flip', openedAt: at(60), closedAt: at(120) });
    // Only the crossing fill's parts are shares: the stored links are exactly those (migration 0010).
    expect(trades.flatMap((t) => t.executions.map((part) => `${part.executionId}:${part.split}`))).toEqual([
      'buy:false',
      'flip:true',
      'flip:true',
      'cover:false',
    ]);
  });

  it('splits a flip’s costs exactly even when a third does not terminate', () => {
    const [first, second] = groupTrades([
      makeExecution({ side: 'buy', quantity: '1', executedAt: at(0) }),
      makeExecution({ side: 'sell', quantity: '3', commission: '1', executedAt: at(1) }),
    ]);
    expect(str(first?.commission ?? null)).toBe('0.33333333333333333333');
    expect(str(second?.commission ?? null)).toBe('0.66666666666666666667');
    expect(add(first?.commission ?? ZERO, second?.commission ?? ZERO).toString()).toBe('1');
  });

  it('multiplies option P&L by 100', () => {
    const option = {
      symbol: 'AAPL  250117C00150000',
      instrumentKey: 'option:AAPL  250117C00150000',
      multiplier: '100',
    };
    const [trade] = groupTrades([
      makeExecution({ ...option, side: 'buy', quantity: '2', price: '3.50', commission: '1.30', executedAt: at(0) }),
      makeExecution({ ...option, side: 'sell', quantity: '2', price: '4.25', commission: '1.30', executedAt: at(600) }),
    ]);
    expect([str(trade?.grossPnl ?? null), str(trade?.netPnl ?? null)]).toEqual(['150', '147.4']);
  });

  it('values ES futures at 50 per point', () => {
    const es = { symbol: 'ESZ24', instrumentKey: 'future:ESZ24', multiplier: '50' };
    const [trade] = groupTrades([
      makeExecution({ ...es, side: 'sell', quantity: '2', price: '6010.75', fees: '2.64', executedAt: at(0) }),
      makeExecution({ ...es, side: 'buy', quantity: '2', price: '6000.25', fees: '2.64', executedAt: at(90) }),
    ]);
    expect([trade?.direction, str(trade?.grossPnl ?? null), str(trade?.netPnl ?? null)]).toEqual([
      'short',
      '1050',
      '1044.72',
    ]);
  });

  it('keeps fractional crypto quantities exact', () => {
    const btc = { symbol: 'BTC/USD', instrumentKey: 'crypto:BTC/USD' };
    const [trade] = groupTrades([
      makeExecution({ ...btc, side: 'buy', quantity: '0.00012345', price: '60000', executedAt: at(0) }),
      makeExecution({ ...btc, side: 'sell', quantity: '0.00002345', price: '61000', executedAt: at(10) }),
      makeExecution({ ...btc, side: 'sell', quantity: '0.0001', price: '61000', executedAt: at(20) }),
    ]);
    expect([trade?.status, str(trade?.quantity ?? null), str(trade?.grossPnl ?? null)]).toEqual([
      'closed',
      '0.00012345',
      '0.12345',
    ]);
  });

  it('reports a position left open as an open trade with its realised part', () => {
    const [trade] = groupTrades([
      makeExecution({ side: 'buy', quantity: '10', price: '5', commission: '1', executedAt: at(0) }),
      makeExecution({ side: 'sell', quantity: '4', price: '6', commission: '1', executedAt: at(5) }),
    ]);
    expect(trade).toMatchObject({ status: 'open', closedAt: null, holdingSeconds: null });
    expect([str(trade?.openQuantity ?? null), str(trade?.grossPnl ?? null), str(trade?.netPnl ?? null)]).toEqual([
      '6',
      '4',
      '2',
    ]);
    expect(trade?.openLots.map((lot) => str(lot.quantity))).toEqual(['6']);
  });

  it('keeps file order for equal timestamps whatever the input order', () => {
    const open = makeExecution({ side: 'buy', quantity: '100', sequence: 1 });
    const close = makeExecution({ side: 'sell', quantity: '100', price: '11', sequence: 2 });
    const reopen = makeExecution({ side: 'buy', quantity: '50', sequence: 3 });
    const trades = groupTrades([reopen, close, open]);
    expect(trades.map((t) => [t.status, t.openingExecutionId])).toEqual([
      ['closed', open.id],
      ['open', reopen.id],
    ]);
  });

  it('closes at breakeven with a P&L of exactly 0', () => {
    const [trade] = groupTrades([
      makeExecution({ side: 'buy', quantity: '100', price: '10' }),
      makeExecution({ side: 'sell', quantity: '100', price: '10.00' }),
    ]);
    expect([trade?.status, str(trade?.grossPnl ?? null), str(trade?.netPnl ?? null)]).toEqual(['closed', '0', '0']);
  });

  it('books an option that expires worthless at a price of 0', () => {
    const option = { instrumentKey: 'option:X', multiplier: '100' };
    const [trade] = groupTrades([
      makeExecution({ ...option, side: 'buy', quantity: '1', price: '1.2' }),
      makeExecution({ ...option, side: 'sell', quantity: '1', price: '0' }),
    ]);
    expect(str(trade?.grossPnl ?? null)).toBe('-120');
  });

  it('keeps accounts and instruments apart', () => {
    const trades = groupTrades([
      makeExecution({ accountId: 'a', side: 'buy', executedAt: at(0) }),
      makeExecution({ accountId: 'b', side: 'sell', executedAt: at(1) }),
      makeExecution({ accountId: 'a', instrumentKey: 'stock:MSFT', side: 'sell', executedAt: at(2) }),
    ]);
    expect(trades.map((t) => [t.accountId, t.instrumentKey, t.direction, t.status])).toEqual([
      ['a', 'stock:AAPL', 'long', 'open'],
      ['b', 'stock:AAPL', 'short', 'open'],
      ['a', 'stock:MSFT', 'short', 'open'],
    ]);
  });

  it('returns nothing for no executions', () => {
    expect(groupTrades([])).toEqual([]);
  });

  it.each([
    ['an unreadable time', { executedAt: 'yesterday' }],
    ['a zero quantity', { quantity: '0' }],
  ])('throws on %s, which the edge should have stopped', (_, overrides) => {
    expect(() => groupTrades([makeExecution(overrides)])).toThrow(RangeError);
  });
});

// ─── Properties ────────────────────────────────────────────────────────────────────────────────

const INSTRUMENTS = [
  { symbol: 'AAPL', instrumentKey: 'stock:AAPL', multiplier: D(1) },
  { symbol: 'ESZ24', instrumentKey: 'future:ESZ24', multiplier: D(50) },
  { symbol: 'AAPL  250117C00150000', instrumentKey: 'option:AAPL  250117C00150000', multiplier: D(100) },
];

type FillSpec = {
  account: number;
  instrument: number;
  side: Side;
  units: number;
  cents: number;
  second: number;
  commissionRate: number;
  fees: number;
};

const fillSpec: fc.Arbitrary<FillSpec> = fc.record({
  account: fc.integer({ min: 0, max: 1 }),
  instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }),
  side: fc.constantFrom<Side>('buy', 'sell'),
  units: fc.integer({ min: 1, max: 12 }),
  cents: fc.integer({ min: 0, max: 50_000 }),
  second: fc.integer({ min: 0, max: 15 }), // few distinct times: many ties
  commissionRate: fc.integer({ min: 0, max: 250 }),
  fees: fc.integer({ min: 0, max: 300 }),
});

/** A day of fills, in file order; `scale` makes quantities fractional (8 = satoshis). */
const day = fc.record({
  specs: fc.array(fillSpec, { maxLength: 40 }),
  scale: fc.constantFrom(0, 2, 8),
  isPerUnitFees: fc.boolean(),
});

function toExecutions({ specs, scale, isPerUnitFees }: { specs: FillSpec[]; scale: number; isPerUnitFees: boolean }) {
  const unit = D(`1e-${scale}`);
  return specs.map((spec, index): Execution => {
    const quantity = multiply(D(spec.units), unit);
    const instrument = INSTRUMENTS[spec.instrument] ?? INSTRUMENTS[0];
    // Per-unit costs split without rounding, which the fill-splitting property needs.
    const commission = multiply(quantity, D(`${spec.commissionRate}e-3`));
    const fees = isPerUnitFees ? multiply(quantity, D(`${spec.fees}e-4`)) : D(`${spec.fees}e-2`);
    return makeExecution({
      ...instrument,
      id: `f${index}`,
      accountId: `acc${spec.account}`,
      executedAt: at(spec.second),
      side: spec.side,
      quantity,
      price: D(`${spec.cents}e-2`),
      commission,
      fees,
      sequence: index,
    });
  });
}

const cashFlow = (side: Side, quantity: Decimal, price: Decimal, multiplier: Decimal) => {
  const value = multiply(multiply(quantity, price), multiplier);
  return side === 'sell' ? value : negate(value);
};

/** Everything a trade says about money, size and time, as comparable strings. */
function toSummary(trade: Trade) {
  return {
    key: `${trade.accountId}|${trade.instrumentKey}`,
    direction: trade.direction,
    status: trade.status,
    openedAt: trade.openedAt,
    closedAt: trade.closedAt,
    quantity: str(trade.quantity),
    exitQuantity: str(trade.exitQuantity),
    maxPosition: str(trade.maxPosition),
    avgEntryPrice: str(trade.avgEntryPrice),
    avgExitPrice: str(trade.avgExitPrice),
    grossPnl: str(trade.grossPnl),
    commission: str(trade.commission),
    fees: str(trade.fees),
    netPnl: str(trade.netPnl),
  };
}

const RUNS = { numRuns: 200 };

describe('groupTrades properties', () => {
  it('gives the same trades for any order of the input array', () => {
    const input = day.chain((d) => {
      const executions = toExecutions(d);
      return fc.tuple(fc.constant(executions), fc.shuffledSubarray(executions, { minLength: executions.length }));
    });
    fc.assert(
      fc.property(input, ([executions, shuffled]) => {
        expect(JSON.stringify(groupTrades(shuffled))).toBe(JSON.stringify(groupTrades(executions)));
      }),
      RUNS,
    );
  });

  it('groups in slices exactly as in one go: the same trades in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(day, fc.integer({ min: 1, max: 10 }), async (d, sliceSize) => {
        const executions = toExecutions(d);
        let pauses = 0;
        const sliced = await groupTradesInSlices(executions, {
          sliceSize,
          pause: async () => {
            pauses += 1;
          },
        });
        expect(JSON.stringify(sliced)).toBe(JSON.stringify(groupTrades(executions)));
        // Grouped in first-appearance order: all but the last instrument's fills come before a pause.
        const keys = executions.map((e) => `${e.accountId}|${e.instrumentKey}`);
        const lastKey = [...new Set(keys)].at(-1);
        const beforeLast = keys.filter((key) => key !== lastKey).length;
        if (beforeLast >= sliceSize) expect(pauses).toBeGreaterThan(0);
        else expect(pauses).toBe(0);
      }),
      RUNS,
    );
  });

  it('gives the same trades after a stable sort by time and renumbering', () => {
    fc.assert(
      fc.property(day, (d) => {
        const executions = toExecutions(d);
        const sorted = [...executions]
          .sort((a, b) => Date.parse(a.executedAt) - Date.parse(b.executedAt))
          .map((e, index) => ({ ...e, sequence: index }));
        expect(groupTrades(sorted).map(toSummary)).toEqual(groupTrades(executions).map(toSummary));
      }),
      RUNS,
    );
  });

  it('conserves P&L: trades’ net P&L plus open cost basis equals the fills’ cash flows less costs', () => {
    fc.assert(
      fc.property(day, (d) => {
        const executions = toExecutions(d);
        const trades = groupTrades(executions);
        const cash = sum(executions.map((e) => cashFlow(e.side, e.quantity, e.price, e.multiplier)));
        const costs = sum(executions.flatMap((e) => [e.commission, e.fees]));
        const openBasis = sum(
          trades.flatMap((t) =>
            t.openLots.map((lot) =>
              cashFlow(t.direction === 'long' ? 'buy' : 'sell', lot.quantity, lot.price, t.multiplier),
            ),
          ),
        );
        expect(add(sum(trades.map((t) => t.netPnl)), openBasis).toString()).toBe(subtract(cash, costs).toString());

        for (const trade of trades.filter((t) => t.status === 'closed')) {
          // gross = (Σ sell value − Σ buy value) × multiplier over the trade's fills
          const tradeCash = sum(trade.executions.map((p) => cashFlow(p.side, p.quantity, p.price, trade.multiplier)));
          const tradeCosts = sum(trade.executions.flatMap((p) => [p.commission, p.fees]));
          expect(trade.grossPnl.toString()).toBe(tradeCash.toString());
          expect(trade.netPnl.toString()).toBe(subtract(tradeCash, tradeCosts).toString());
          expect(trade.grossPnl.toString()).toBe(sum(trade.closedLots.map((lot) => lot.grossPnl)).toString());
        }
      }),
      RUNS,
    );
  });

  it('changes no trade when a fill is split into parts at the same time and price', () => {
    const input = day
      .map((d) => ({ ...d, isPerUnitFees: true }))
      .chain((d) => {
        const cuts = fc.array(fc.integer({ min: 1, max: 11 }), { maxLength: 2 });
        return fc.tuple(fc.constant(d), fc.array(cuts, { minLength: d.specs.length, maxLength: d.specs.length }));
      });
    fc.assert(
      fc.property(input, ([d, cutsPerFill]) => {
        const executions = toExecutions(d);
        const unit = D(`1e-${d.scale}`);
        const split = executions.flatMap((execution, index) => {
          const spec = d.specs[index];
          if (!spec) return [];
          const cuts = [...new Set(cutsPerFill[index])].filter((cut) => cut < spec.units).sort((a, b) => a - b);
          const bounds = [0, ...cuts, spec.units];
          return bounds.slice(1).map((end, part): Execution => {
            const quantity = multiply(D(end - (bounds[part] ?? 0)), unit);
            return {
              ...execution,
              id: `${execution.id}.${part}`,
              sequence: index * 10 + part,
              quantity,
              // The same per-unit rates as toExecutions, so the parts' costs sum to the fill's.
              commission: multiply(quantity, D(`${spec.commissionRate}e-3`)),
              fees: multiply(quantity, D(`${spec.fees}e-4`)),
            };
          });
        });
        expect(groupTrades(split).map(toSummary)).toEqual(groupTrades(executions).map(toSummary));
      }),
      RUNS,
    );
  });

  it('never lets the position pass through zero inside a trade, and closes each time it reaches zero', () => {
    fc.assert(
      fc.property(day, (d) => {
        const executions = toExecutions(d);
        const trades = groupTrades(executions);
        for (const trade of trades) {
          let position = ZERO;
          trade.executions.forEach((part, i) => {
            expect(part.role).toBe((part.side === 'buy') === (trade.direction === 'long') ? 'entry' : 'exit');
            position = part.role === 'entry' ? add(position, part.quantity) : subtract(position, part.quantity);
            const isLast = i === trade.executions.length - 1;
            if (isLast && trade.status === 'closed') expect(position.eq(0)).toBe(true);
            else expect(position.gt(0)).toBe(true);
          });
          expect(position.toString()).toBe(trade.openQuantity.toString());
        }
        // An independent replay: each return to (or through) zero closes exactly one trade.
        const closings = new Map<string, number>();
        const positions = new Map<string, Decimal>();
        const replay = [...executions].sort(
          (a, b) => Date.parse(a.executedAt) - Date.parse(b.executedAt) || a.sequence - b.sequence,
        );
        for (const e of replay) {
          const key = `${e.accountId}|${e.instrumentKey}`;
          const before = positions.get(key) ?? ZERO;
          const after = e.side === 'buy' ? add(before, e.quantity) : subtract(before, e.quantity);
          if (!before.eq(0) && (after.eq(0) || after.s !== before.s)) closings.set(key, (closings.get(key) ?? 0) + 1);
          positions.set(key, after);
        }
        const closed = new Map<string, number>();
        for (const t of trades.filter((t) => t.status === 'closed')) {
          const key = `${t.accountId}|${t.instrumentKey}`;
          closed.set(key, (closed.get(key) ?? 0) + 1);
        }
        expect(closed).toEqual(closings);
      }),
      RUNS,
    );
  });

  it('conserves quantities and costs: every fill is used exactly once', () => {
    fc.assert(
      fc.property(day, (d) => {
        const executions = toExecutions(d);
        const trades = groupTrades(executions);
        const parts = trades.flatMap((t) => t.executions);
        for (const side of ['buy', 'sell'] as const) {
          expect(sum(parts.filter((p) => p.side === side).map((p) => p.quantity)).toString()).toBe(
            sum(executions.filter((e) => e.side === side).map((e) => e.quantity)).toString(),
          );
        }
        for (const e of executions) {
          const own = parts.filter((p) => p.executionId === e.id);
          expect(own.length === 1 || own.length === 2).toBe(true);
          expect(sum(own.map((p) => p.quantity)).toString()).toBe(e.quantity.toString());
          expect(sum(own.map((p) => p.commission)).toString()).toBe(e.commission.toString());
          expect(sum(own.map((p) => p.fees)).toString()).toBe(e.fees.toString());
        }
        for (const t of trades) {
          expect(t.quantity.toString()).toBe(
            sum(t.executions.filter((p) => p.role === 'entry').map((p) => p.quantity)).toString(),
          );
          expect(t.exitQuantity.toString()).toBe(
            sum(t.executions.filter((p) => p.role === 'exit').map((p) => p.quantity)).toString(),
          );
          if (t.status === 'closed') expect(t.quantity.eq(t.exitQuantity)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
