import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../../test/builders/execution';
import type { Execution } from './execution';
import { countToLastFlat, createFlatChunker } from './flat-chunks';
import { groupTrades, type Trade } from './group-trades';

const T0 = Date.parse('2025-01-02T14:30:00.000Z');

/** Trades comparable whatever order they were built in. */
const byOpener = (trades: Trade[]) =>
  [...trades].sort((a, b) => (a.openingExecutionId < b.openingExecutionId ? -1 : 1));

/** Fills on a few instruments and accounts in replay order; small whole quantities reach flat often. */
const fillsArbitrary = fc
  .array(
    fc.record({
      account: fc.constantFrom('acc-1', 'acc-2'),
      instrument: fc.constantFrom('stock:AAPL', 'stock:MSFT', 'future:ES'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.constantFrom('1', '2', '3', '0.5'),
      price: fc.integer({ min: 90, max: 110 }).map(String),
      commission: fc.constantFrom('0', '1', '0.35'),
      gap: fc.constantFrom(0, 0, 1_000, 60_000),
    }),
    { maxLength: 80 },
  )
  .map((rows) => {
    let time = T0;
    return rows.map((row) => {
      time += row.gap;
      return makeExecution({
        accountId: row.account,
        instrumentKey: row.instrument,
        symbol: row.instrument.split(':')[1],
        side: row.side,
        quantity: row.quantity,
        price: row.price,
        commission: row.commission,
        executedAt: new Date(time).toISOString(),
      });
    });
  });

describe('createFlatChunker', () => {
  it('cuts fills into stretches whose trades are exactly the trades of all the fills', () => {
    fc.assert(
      fc.property(fillsArbitrary, fc.integer({ min: 1, max: 10 }), (fills, takeEvery) => {
        const chunker = createFlatChunker();
        const chunks: Execution[][] = [];
        fills.forEach((fill, i) => {
          expect(chunker.add(fill)).toBe(true);
          if (i % takeEvery === 0) chunks.push(...chunker.takeClosed());
        });
        chunks.push(...chunker.takeClosed(), ...chunker.takeOpen());
        // Every fill in exactly one stretch; every closed stretch ends flat.
        expect(
          chunks
            .flat()
            .map((fill) => fill.id)
            .sort(),
        ).toEqual(fills.map((fill) => fill.id).sort());
        expect(byOpener(chunks.flatMap((chunk) => groupTrades(chunk)))).toEqual(byOpener(groupTrades(fills)));
      }),
    );
  });

  it('hands out a stretch as soon as its position is flat, and the open ones only at the end', () => {
    const chunker = createFlatChunker();
    const buy = makeExecution({ side: 'buy', quantity: '100', executedAt: new Date(T0).toISOString() });
    const flip = makeExecution({ side: 'sell', quantity: '150', executedAt: new Date(T0 + 1_000).toISOString() });
    const cover = makeExecution({ side: 'buy', quantity: '50', executedAt: new Date(T0 + 2_000).toISOString() });
    const other = makeExecution({ instrumentKey: 'stock:MSFT', executedAt: new Date(T0 + 2_000).toISOString() });
    for (const fill of [buy, flip, other]) chunker.add(fill);
    // A flip is not flat: the stretch goes on through it.
    expect(chunker.takeClosed()).toEqual([]);
    chunker.add(cover);
    expect(chunker.takeClosed()).toEqual([[buy, flip, cover]]);
    expect(chunker.openKeys()).toEqual(['acc-1\u0000stock:MSFT']);
    expect(chunker.takeOpen()).toEqual([[other]]);
    expect(chunker.takeOpen()).toEqual([]);
  });

  it('refuses a fill before its instrument’s last one, and forgets the instrument', () => {
    const chunker = createFlatChunker();
    const later = makeExecution({ executedAt: new Date(T0 + 5_000).toISOString() });
    const earlier = makeExecution({ side: 'sell', executedAt: new Date(T0).toISOString() });
    expect(chunker.add(later)).toBe(true);
    expect(chunker.add(earlier)).toBe(false);
    expect(chunker.takeOpen()).toEqual([]);
    // The same time with a lower sequence is out of order too, also after a stretch closed.
    const sell = makeExecution({ side: 'sell', executedAt: new Date(T0 + 9_000).toISOString() });
    const buy = makeExecution({ executedAt: new Date(T0 + 8_000).toISOString() });
    expect(chunker.add(buy)).toBe(true);
    expect(chunker.add(sell)).toBe(true);
    expect(chunker.add({ ...sell, id: 'again', sequence: sell.sequence - 1 })).toBe(false);
    // Another instrument is not affected.
    expect(chunker.add(makeExecution({ instrumentKey: 'stock:MSFT', executedAt: new Date(T0).toISOString() }))).toBe(
      true,
    );
  });

  it('drops an instrument’s open and closed stretches on request', () => {
    const chunker = createFlatChunker();
    chunker.add(makeExecution({ executedAt: new Date(T0).toISOString() }));
    chunker.add(makeExecution({ side: 'sell', executedAt: new Date(T0 + 1_000).toISOString() }));
    chunker.add(makeExecution({ executedAt: new Date(T0 + 2_000).toISOString() }));
    chunker.drop('acc-1\u0000stock:AAPL');
    expect(chunker.takeClosed()).toEqual([]);
    expect(chunker.takeOpen()).toEqual([]);
  });
});

describe('countToLastFlat', () => {
  it('counts the fills up to the last flat point: the trades of those are the trades of them all, cut there', () => {
    const oneInstrument = fc.array(
      fc.record({ side: fc.constantFrom('buy' as const, 'sell' as const), quantity: fc.constantFrom('1', '2', '0.5') }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(oneInstrument, (moves) => {
        const fills = moves.map((move, i) =>
          makeExecution({ ...move, executedAt: new Date(T0 + i * 1_000).toISOString(), sequence: i }),
        );
        const count = countToLastFlat(fills);
        const prefix = fills.slice(0, count);
        // Flat after the prefix, and never again after it.
        const positionAfter = (list: Execution[]) =>
          list.reduce((sum, fill) => sum + (fill.side === 'buy' ? 1 : -1) * Number(fill.quantity.toString()), 0);
        expect(positionAfter(prefix)).toBe(0);
        for (let end = count + 1; end <= fills.length; end += 1) expect(positionAfter(fills.slice(0, end))).not.toBe(0);
        // The prefix's trades are all closed, and are exactly the trades of all the fills that end within it.
        const whole = groupTrades(fills);
        const cut = groupTrades(prefix);
        expect(cut.every((trade) => trade.status === 'closed')).toBe(true);
        const prefixIds = new Set(prefix.map((fill) => fill.id));
        expect(byOpener(cut)).toEqual(byOpener(whole.filter((trade) => prefixIds.has(trade.openingExecutionId))));
      }),
    );
  });
});
