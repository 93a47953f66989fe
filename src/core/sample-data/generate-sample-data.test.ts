import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, groupTrades, sum, isInstrumentError, parseInstrument, toInstrumentKey, type Execution } from '../trades';
import { generateSampleData, toUnitString, type SampleDataSet } from './generate-sample-data';
import { isNewYorkDaylightTime, listTradingDays, toDayNumber, toNewYorkInstant } from './market-calendar';

const NOW = '2025-06-16T12:00:00.000Z';

/** The sample's fills as core executions, in one account, sequenced in data-set order. */
function toExecutions(data: SampleDataSet): (Execution & { tradeIndex: number })[] {
  const executions: (Execution & { tradeIndex: number })[] = [];
  data.trades.forEach((trade, tradeIndex) => {
    for (const e of trade.executions) {
      const instrument = parseInstrument(e.symbol, { assetClass: e.assetClass, referenceDate: e.executedAt });
      if (isInstrumentError(instrument)) throw new Error(`${e.symbol}: ${instrument.message}`);
      executions.push({
        id: `e${executions.length}`,
        accountId: 'sample',
        executedAt: e.executedAt,
        symbol: instrument.symbol,
        instrumentKey: toInstrumentKey(instrument),
        side: e.side,
        quantity: D(e.quantity),
        price: D(e.price),
        commission: D(e.commission),
        fees: D(e.fees),
        multiplier: instrument.multiplier,
        currency: 'USD',
        sequence: executions.length,
        tradeIndex,
      });
    }
  });
  return executions;
}

describe('generateSampleData', () => {
  const data = generateSampleData({ seed: 42, now: NOW });

  it('gives the same data set for the same seed and now, and another for another seed', () => {
    expect(generateSampleData({ seed: 42, now: NOW })).toEqual(data);
    expect(generateSampleData({ seed: 43, now: NOW }).trades).not.toEqual(data.trades);
  });

  it('spans about six months of trading days before now, at about four trades a day', () => {
    const closed = data.trades.filter((t) => !t.isOpen);
    const times = data.trades.flatMap((t) => t.executions.map((e) => Date.parse(e.executedAt)));
    expect(Math.max(...times)).toBeLessThan(Date.parse(NOW));
    expect((Date.parse(NOW) - Math.min(...times)) / 86_400_000).toBeGreaterThan(170);
    const days = listTradingDays(toDayNumber(NOW) - 183, toDayNumber(NOW) - 1).length;
    expect(closed.length).toBe(Math.round(days * 4));
    expect(data.trades.filter((t) => t.isOpen)).toHaveLength(3);
  });

  it('groups every sample trade into exactly one round trip with its own fills', () => {
    const executions = toExecutions(data);
    const grouped = groupTrades(executions);
    expect(grouped).toHaveLength(data.trades.length);
    const tradeOf = new Map(executions.map((e) => [e.id, e.tradeIndex]));
    for (const trade of grouped) {
      const indexes = new Set(trade.executions.map((part) => tradeOf.get(part.executionId)));
      expect(indexes.size).toBe(1);
      const sample = data.trades[[...indexes][0]!]!;
      expect(trade.executions).toHaveLength(sample.executions.length);
      expect(trade.status).toBe(sample.isOpen ? 'open' : 'closed');
      expect(trade.direction).toBe(sample.direction);
      // No fill crosses zero: every part is a whole fill.
      for (const part of trade.executions) expect(part.quantity.toString()).not.toContain('.');
    }
  });

  it('trades stocks, ETFs, options with OCC symbols and futures, long and short', () => {
    const classes = new Set(data.trades.flatMap((t) => t.executions.map((e) => e.assetClass)));
    expect(classes).toEqual(new Set(['stock', 'etf', 'option', 'future']));
    const symbols = new Set(data.trades.map((t) => t.executions[0]!.symbol));
    expect([...symbols].some((s) => /^[A-Z]+ +\d{6}[CP]\d{8}$/.test(s))).toBe(true);
    for (const root of ['ES', 'MES', 'NQ', 'CL'])
      expect([...symbols].some((s) => new RegExp(`^${root}[FGHJKMNQUVXZ]\\d{2}$`).test(s))).toBe(true);
    expect(new Set(data.trades.map((t) => t.direction))).toEqual(new Set(['long', 'short']));
  });

  it('has scale-ins and partial exits, and costs on every fill', () => {
    const entriesOf = (t: SampleDataSet['trades'][number]) =>
      t.executions.filter((e) => e.side === t.executions[0]!.side).length;
    expect(data.trades.filter((t) => entriesOf(t) > 1).length).toBeGreaterThan(20);
    expect(data.trades.filter((t) => t.executions.length - entriesOf(t) > 1).length).toBeGreaterThan(20);
    for (const e of data.trades.flatMap((t) => t.executions)) expect(D(e.commission).gt(0)).toBe(true);
  });

  it('wins about half the time with a positive expectancy, and knows R for most trades', () => {
    const grouped = groupTrades(toExecutions(data)).filter((t) => t.status === 'closed');
    const wins = grouped.filter((t) => t.netPnl.gt(0)).length;
    expect(wins / grouped.length).toBeGreaterThan(0.4);
    expect(wins / grouped.length).toBeLessThan(0.6);
    expect(sum(grouped.map((t) => t.netPnl)).gt(0)).toBe(true);
    expect(grouped.some((t) => t.netPnl.lt(0))).toBe(true);
    const withStop = data.trades.filter((t) => t.stopPrice !== null).length;
    expect(withStop / data.trades.length).toBeGreaterThan(0.8);
  });

  it('puts each stop on the losing side of the entry', () => {
    for (const t of data.trades) {
      if (t.stopPrice === null) continue;
      const entry = D(t.executions[0]!.price);
      expect(t.direction === 'long' ? D(t.stopPrice).lt(entry) : D(t.stopPrice).gt(entry)).toBe(true);
    }
  });

  it('journals with strategies, setup and mistake tags, ratings and a few Markdown notes', () => {
    const strategyNames = new Set(data.strategies.map((s) => s.name));
    const tagNames = new Set(data.tags.map((t) => t.name));
    expect(strategyNames).toEqual(
      new Set(['Opening Range Breakout', 'VWAP Reclaim', 'Trend Pullback', 'Earnings Fade']),
    );
    expect(new Set(data.tags.map((t) => t.group))).toEqual(new Set(['setup', 'mistake']));
    for (const t of data.trades) {
      if (t.strategy !== null) expect(strategyNames.has(t.strategy)).toBe(true);
      for (const tag of t.tags) expect(tagNames.has(tag)).toBe(true);
    }
    expect(data.trades.filter((t) => t.rating !== null).length).toBeGreaterThan(data.trades.length / 2);
    const notes = data.trades.filter((t) => t.notes !== '');
    expect(notes.length).toBeGreaterThan(5);
    expect(notes[0]!.notes).toMatch(/^## /);
  });

  it('trades in New York session hours on weekdays', () => {
    for (const e of data.trades.flatMap((t) => t.executions)) {
      const time = Date.parse(e.executedAt);
      const day = Math.floor(time / 86_400_000);
      const weekday = new Date(time).getUTCDay();
      expect(weekday).not.toBe(0);
      expect(weekday).not.toBe(6);
      expect(time).toBeGreaterThanOrEqual(toNewYorkInstant(day, 9.5 * 3600));
      expect(time).toBeLessThanOrEqual(toNewYorkInstant(day, 17 * 3600));
    }
  });

  it('scales to an exact trade count, every trade still grouping on its own', () => {
    const big = generateSampleData({ seed: 7, now: NOW, months: 1, tradeCount: 3_000, openCount: 0 });
    expect(big.trades).toHaveLength(3_000);
    expect(groupTrades(toExecutions(big))).toHaveLength(3_000);
  });

  it('groups into one round trip per sample trade for any seed, period and density', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 0, max: 4 }),
        (seed, months, tradesPerDay, openCount) => {
          const sample = generateSampleData({ seed, now: NOW, months, tradesPerDay, openCount });
          const grouped = groupTrades(toExecutions(sample));
          expect(grouped).toHaveLength(sample.trades.length);
          expect(grouped.filter((t) => t.status === 'open')).toHaveLength(openCount);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('toUnitString', () => {
  it.each([
    [0, '0'],
    [10_000, '1'],
    [12_500, '1.25'],
    [-25, '-0.0025'],
    [56_002_500, '5600.25'],
  ])('writes %i units as %s', (units, text) => {
    expect(toUnitString(units)).toBe(text);
  });
});

describe('isNewYorkDaylightTime', () => {
  it.each([
    ['2025-03-07', false],
    ['2025-03-10', true],
    ['2025-10-31', true],
    ['2025-11-03', false],
  ])('on %s is %s', (date, expected) => {
    expect(isNewYorkDaylightTime(toDayNumber(`${date}T12:00:00Z`))).toBe(expected);
  });
});
