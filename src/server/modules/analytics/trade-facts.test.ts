import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BREAKDOWN_DIMENSIONS,
  computeBreakdown,
  computeHeatmap,
  computeTradeStats,
  createZonedCalendar,
  toDailySeries,
} from '../../../core/analytics';
import { resolveTradeFilter, selectTradeRows, type ResolvedTradeFilter, type TradeFilter } from '../../../core/query';
import { listTradeDetailsOf, listTradesOf } from '../../../../test/helpers/trade-columns';
import {
  listNotedCloseTimes,
  replaceTradesClosedAt,
  sumExact,
  sumFeeTotals,
  toTradeColumnsOf,
  toTradeDetailColumnsOf,
  type ExactColumn,
  type TradeFacts,
} from './trade-facts';

/**
 * A numeric(24, 8) as PostgreSQL prints it: sign, integer digits, exactly 8 places; whole units up
 * to 15 digits (a double holds integers exactly only up to 2^53, about 9 × 10^15).
 */
const numericText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(
    ([isNegative, whole, frac]) =>
      `${isNegative && (whole > 0n || frac > 0) ? '-' : ''}${whole}.${String(frac).padStart(8, '0')}`,
  );
/** Small amounts, the common case. */
const moneyText = fc
  .integer({ min: -1_000_000_000, max: 1_000_000_000 })
  .map((cents) => new Big(cents).div(100).toFixed(8));

const exactColumn = (n: number): ExactColumn => ({ whole: new Float64Array(n), frac: new Float64Array(n) });

/** A numeric's text as an exact column's two parts, as analytics_row stores them (trunc and the rest). */
function setExactParts(column: ExactColumn, i: number, text: string): void {
  const value = new Big(text);
  const whole = value.round(0, Big.roundDown);
  column.whole[i] = Number(whole);
  column.frac[i] = Number(value.minus(whole).times(1e8));
}

describe('sumExact', () => {
  it('answers the double nearest the exact decimal sum, as SQL sum()::text read by Number', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(moneyText, numericText), { maxLength: 200 }), (cells) => {
        const column = exactColumn(cells.length);
        cells.forEach((cell, i) => setExactParts(column, i, cell));
        const exact = cells.reduce((total, cell) => total.plus(cell), new Big(0));
        const rows = Int32Array.from(cells.map((_, i) => i));
        // Running whole units beyond 2^53 are out of range by design (no account reaches 9 × 10^15).
        if (cells.reduce((total, cell) => total.plus(new Big(cell).abs()), new Big(0)).gte(2 ** 53)) return;
        expect(sumExact(column, rows)).toBe(Number(exact.toFixed(8)));
      }),
    );
  });
});

/** Facts built from plain rows, in the order given (the caller sorts by close). */
function makeFacts(
  rows: {
    closedAt: number;
    netPnl: number;
    account: string;
    symbol: string;
    isShort?: boolean;
    strategy?: string;
    tags?: string[];
    hasNote?: boolean;
  }[],
  /** Facts whose lists these extend (their ids keep their indexes). */
  extending?: TradeFacts,
): TradeFacts {
  const dictionary = (initial: string[] = []) => {
    const values = [...initial];
    return { values, indexOf: (v: string) => (values.includes(v) ? values.indexOf(v) : values.push(v) - 1) };
  };
  const accounts = dictionary(extending?.accountIds);
  const symbols = dictionary(extending?.symbols);
  const strategies = dictionary(extending?.strategyIds);
  const tags = dictionary(extending?.tagIds);
  const n = rows.length;
  const tagIndex: number[] = [];
  const tagStart = new Int32Array(n + 1);
  rows.forEach((row, i) => {
    for (const tag of row.tags ?? []) tagIndex.push(tags.indexOf(tag));
    tagStart[i + 1] = tagIndex.length;
  });
  const grossPnl = exactColumn(n);
  const fees = exactColumn(n);
  rows.forEach((row, i) => {
    grossPnl.whole[i] = Math.trunc(row.netPnl) + 1;
    fees.whole[i] = 1;
  });
  return {
    count: n,
    closedAt: Float64Array.from(rows.map((r) => r.closedAt)),
    openedAt: Float64Array.from(rows.map((r) => r.closedAt - 60_000)),
    netPnl: Float64Array.from(rows.map((r) => r.netPnl)),
    rMultiple: new Float64Array(n),
    hasR: new Uint8Array(n),
    holdingSeconds: new Float64Array(n).fill(60),
    hasHolding: new Uint8Array(n).fill(1),
    isShort: Uint8Array.from(rows.map((r) => (r.isShort ? 1 : 0))),
    hasNote: Uint8Array.from(rows.map((r) => (r.hasNote ? 1 : 0))),
    isOpenTimeUnknown: new Uint8Array(rows.length),
    account: Int32Array.from(rows.map((r) => accounts.indexOf(r.account))),
    accountIds: accounts.values,
    symbol: Int32Array.from(rows.map((r) => symbols.indexOf(r.symbol))),
    symbols: symbols.values,
    assetClass: new Int32Array(n),
    assetClasses: ['stock'],
    strategy: Int32Array.from(rows.map((r) => (r.strategy ? strategies.indexOf(r.strategy) : -1))),
    strategyIds: strategies.values,
    tagStart,
    tagIndex: Int32Array.from(tagIndex),
    tagIds: tags.values,
    grossPnl,
    fees,
    accountNetPnl: Float64Array.from(rows.map((r) => r.netPnl)),
    accountGrossPnl: grossPnl,
    accountFees: fees,
    unconvertedCurrency: new Int32Array(n).fill(-1),
    currencies: [],
  };
}

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const S = 'cccccccc-0000-4000-8000-000000000003';
const T = 'dddddddd-0000-4000-8000-000000000004';
const DAY = 86_400_000;
const facts = makeFacts([
  { closedAt: 1 * DAY, netPnl: 10, account: A, symbol: 'AAPL', strategy: S, tags: [T], hasNote: true },
  { closedAt: 2 * DAY, netPnl: -5, account: B, symbol: 'MSFT', isShort: true },
  { closedAt: 2 * DAY, netPnl: 0, account: A, symbol: 'ES', tags: [T] },
  { closedAt: 3 * DAY, netPnl: 7, account: B, symbol: 'AAPL', strategy: S },
]);
const rowsOf = (filter: ResolvedTradeFilter) => Array.from(selectTradeRows(facts, filter));
const resolve = (filter: TradeFilter) => resolveTradeFilter(filter, { timeZone: 'UTC' });

describe('selectTradeRows on the cached facts', () => {
  it.each([
    ['no filter', {}, [0, 1, 2, 3]],
    ['a close range [from, to)', { from: 2 * DAY, to: 3 * DAY }, [1, 2]],
    ['an empty range', { from: 3 * DAY, to: 2 * DAY }, []],
    ['an account, in any case', resolve({ accountIds: [B.toUpperCase()] }), [1, 3]],
    ['an account not the user’s', { accountIds: ['00000000-0000-4000-8000-000000000000'] }, []],
    ['any of several symbols', { symbols: ['ES', 'AAPL', 'NOPE'] }, [0, 2, 3]],
    ['a symbol, case sensitive', { symbols: ['aapl'] }, []],
    ['a symbol as typed, upper-cased', resolve({ symbols: ['aapl'] }), [0, 3]],
    ['a side', { side: 'short' }, [1]],
    ['wins', { outcomes: ['win'] }, [0, 3]],
    ['losses', { outcomes: ['loss'] }, [1]],
    ['breakevens', { outcomes: ['breakeven'] }, [2]],
    ['wins or breakevens', { outcomes: ['win', 'breakeven'] }, [0, 2, 3]],
    ['a strategy', { strategyIds: [S] }, [0, 3]],
    ['a tag', resolve({ tagsAny: [T.toUpperCase()] }), [0, 2]],
    ['open trades (none are cached)', { status: 'open' }, []],
    ['several at once', { accountIds: [A], tagsAny: [T], outcomes: ['breakeven'] }, [2]],
  ] satisfies [string, ResolvedTradeFilter, number[]][])('keeps the rows SQL keeps for %s', (_, filter, expected) => {
    expect(rowsOf(filter)).toEqual(expected);
  });
});

describe('the row builders', () => {
  it('answer the engine’s trades, details with current names, fee totals and noted closes', () => {
    const rows = selectTradeRows(facts, { accountIds: [A] });
    expect(listTradesOf(toTradeColumnsOf(facts, rows))).toEqual([
      { closedAt: 1 * DAY, netPnl: 10, rMultiple: null },
      { closedAt: 2 * DAY, netPnl: 0, rMultiple: null },
    ]);
    const names = {
      strategiesById: new Map([[S, { id: S, name: 'Breakout' }]]),
      tagsById: new Map([[T, { id: T, name: 'A+' }]]),
    };
    const [first, second] = listTradeDetailsOf(toTradeDetailColumnsOf(facts, rows, names));
    expect(first).toMatchObject({ strategy: { id: S, name: 'Breakout' }, tags: [{ id: T, name: 'A+' }], side: 'long' });
    expect(second).toMatchObject({ strategy: null, symbol: 'ES', holdingSeconds: 60 });
    const [withoutNames] = listTradeDetailsOf(
      toTradeDetailColumnsOf(facts, rows, { strategiesById: new Map(), tagsById: new Map() }),
    );
    expect(withoutNames).toMatchObject({ strategy: { id: S, name: S }, tags: [] });
    const [withoutTags] = listTradeDetailsOf(toTradeDetailColumnsOf(facts, rows, { ...names, tagsById: null }));
    expect(withoutTags).toMatchObject({ tags: [] });
    expect(sumFeeTotals(facts, rows)).toEqual({ grossPnl: 12, fees: 2 });
    expect(listNotedCloseTimes(facts, rows)).toEqual([1 * DAY]);
  });
});

describe('the engine on the cached columns', () => {
  const row = fc.record({
    closedAt: fc.integer({ min: 1, max: 400 }).map((h) => h * 3_600_000 + Date.UTC(2024, 2, 1)),
    netPnl: fc.oneof(
      fc.constant(0),
      fc.integer({ min: -10_000, max: 10_000 }).map((c) => c / 100),
    ),
    account: fc.constantFrom(A, B),
    symbol: fc.constantFrom('AAPL', 'MSFT', 'ES'),
    isShort: fc.boolean(),
    strategy: fc.option(fc.constantFrom(S, 'eeeeeeee-0000-4000-8000-000000000005'), { nil: undefined }),
    tags: fc.uniqueArray(fc.constantFrom(T, 'ffffffff-0000-4000-8000-000000000006'), { maxLength: 2 }),
  });

  it('computes what it computes on the same trades as a list, for any filter and names', () => {
    const calendar = createZonedCalendar('America/New_York');
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 60 }),
        fc.record({
          accountIds: fc.option(
            fc.constantFrom(A, B).map((id) => [id]),
            { nil: undefined },
          ),
        }),
        fc.boolean(),
        (rows, filter, isTagNamed) => {
          const all = makeFacts([...rows].sort((a, b) => a.closedAt - b.closedAt));
          const selected = selectTradeRows(all, filter);
          // A tag not among the user's tags any more is left out; a strategy keeps its id as name.
          const names = {
            strategiesById: new Map([[S, { id: S, name: 'Breakout' }]]),
            tagsById: new Map(isTagNamed ? [[T, { id: T, name: 'A+' }]] : []),
          };
          const columns = toTradeDetailColumnsOf(all, selected, names);
          const list = listTradeDetailsOf(columns);
          expect(computeTradeStats(columns, { startingEquity: 1_000 })).toEqual(
            computeTradeStats(list, { startingEquity: 1_000 }),
          );
          expect(toDailySeries(columns, { startingEquity: 1_000, calendar })).toEqual(
            toDailySeries(list, { startingEquity: 1_000, calendar }),
          );
          expect(computeHeatmap(columns, { metric: 'netPnl', calendar })).toEqual(
            computeHeatmap(list, { metric: 'netPnl', calendar }),
          );
          for (const by of BREAKDOWN_DIMENSIONS)
            expect(computeBreakdown(columns, { by, calendar })).toEqual(computeBreakdown(list, { by, calendar }));
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Each row's values with ids for list positions: facts with different lists compare. */
const valuesOf = (f: TradeFacts) =>
  Array.from({ length: f.count }, (_, i) => ({
    closedAt: f.closedAt[i],
    openedAt: f.openedAt[i],
    netPnl: f.netPnl[i],
    isShort: f.isShort[i],
    hasNote: f.hasNote[i],
    account: f.accountIds[f.account[i]!],
    symbol: f.symbols[f.symbol[i]!],
    strategy: f.strategy[i] === -1 ? null : f.strategyIds[f.strategy[i]!],
    tags: Array.from(f.tagIndex.subarray(f.tagStart[i], f.tagStart[i + 1]), (k) => f.tagIds[k]),
    gross: [f.grossPnl.whole[i], f.grossPnl.frac[i]],
  }));

describe('replaceTradesClosedAt', () => {
  const row = fc.record({
    closedAt: fc.integer({ min: 1, max: 30 }).map((d) => d * DAY),
    netPnl: fc.integer({ min: -100, max: 100 }),
    account: fc.constantFrom(A, B),
    symbol: fc.constantFrom('AAPL', 'MSFT', 'NEW'),
    isShort: fc.boolean(),
    strategy: fc.option(fc.constantFrom(S, 'eeeeeeee-0000-4000-8000-000000000005'), { nil: undefined }),
    tags: fc.uniqueArray(fc.constantFrom(T, 'ffffffff-0000-4000-8000-000000000006'), { maxLength: 2 }),
    hasNote: fc.boolean(),
  });
  const byClose = <R extends { closedAt: number }>(rows: R[]) => [...rows].sort((a, b) => a.closedAt - b.closedAt);

  it('drops every row closed at the times and puts the fresh rows in close order', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), fc.array(row, { maxLength: 10 }), (baseRows, freshRows) => {
        const base = makeFacts(byClose(baseRows));
        const fresh = makeFacts(byClose(freshRows), base);
        // The times read again: those of the fresh rows, and some where nothing closes now.
        const times = [
          ...new Set([...freshRows.map((r) => r.closedAt), ...baseRows.slice(0, 3).map((r) => r.closedAt)]),
        ];
        const merged = replaceTradesClosedAt(base, times, fresh);
        const kept = valuesOf(base).filter((r) => !times.includes(r.closedAt!));
        // Kept rows and fresh rows never share a close time: a stable sort gives the one right order.
        const expected = [...kept, ...valuesOf(fresh)].sort((a, b) => a.closedAt! - b.closedAt!);
        expect(valuesOf(merged)).toEqual(expected);
        expect(merged.tagStart).toHaveLength(merged.count + 1);
      }),
    );
  });

  it('leaves its inputs as they were', () => {
    const before = valuesOf(facts);
    const fresh = makeFacts([{ closedAt: 2 * DAY, netPnl: 3, account: A, symbol: 'AAPL' }], facts);
    const merged = replaceTradesClosedAt(facts, [2 * DAY], fresh);
    expect(merged.count).toBe(3);
    expect(valuesOf(facts)).toEqual(before);
  });
});
