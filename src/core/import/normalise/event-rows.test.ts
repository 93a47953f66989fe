import { describe, expect, it } from 'vitest';
import { toExecutionOfImported } from '../../../../test/builders/imported-execution';
import { toFixtureTable } from '../../../../test/helpers/fixture-csv';
import { D } from '../../money/decimal';
import { groupTradesWithEvents, type TradeWithEvents } from '../../trades/group-with-events';
import { isCusip, isIsin } from '../../instruments/security-id';
import { pairEventRows, toDeliveryEvents, toEventCountText, toPositionEvent, type PlacedEventRow } from './event-rows';
import { importTable } from './import-table';
import type { ImportedExecution } from './normalise-rows';

// Vite's raw glob keeps core tests free of node:fs (core is pure, tests included).
const FIXTURES: Record<string, string> = import.meta.glob('../../../../test/fixtures/import/position-events/*.csv', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Imports a fixture and groups its fills with its events, as the account would hold them. */
function importFixture(name: string) {
  const text = FIXTURES[`../../../../test/fixtures/import/position-events/${name}`];
  if (text === undefined) throw new Error(`No fixture ${name}`);
  const { headers, rows } = toFixtureTable(name, text);
  const result = importTable({ headers, rows, accountTimeZone: 'America/New_York', defaultCurrency: 'USD' });
  const executions = result.executions.map(toExecutionOfImported);
  const events = result.events.map((event, index) => toPositionEvent(event, { id: `ev${index}`, accountId: 'acc' }));
  const grouped = groupTradesWithEvents(executions, events);
  const bySymbol = (symbol: string): TradeWithEvents[] => grouped.trades.filter((trade) => trade.symbol === symbol);
  return { result, grouped, bySymbol };
}

const str = (value: { toString(): string } | null | undefined) => value?.toString() ?? null;

describe('position event rows, end to end (detect → normalise → group with events)', () => {
  it('reads a Schwab history’s split, reverse split by CUSIP, name change, reinvestment, dividends and a share transfer', () => {
    const { result, grouped, bySymbol } = importFixture('charles-schwab.csv');
    expect(result.problems).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(toEventCountText(result.events)).toBe('1 transfer, 2 dividends, 1 reinvestment, 2 splits, 1 symbol change');
    expect(grouped.problems).toEqual([]);
    // NVDA: 10 @ 500, 10-for-1 → 100 @ 50, sold at 120; the $4 dividend is income beside it.
    const [nvda] = bySymbol('NVDA');
    expect(str(nvda?.grossPnl)).toBe('7000');
    expect(str(nvda?.income)).toBe('4');
    expect(nvda?.events.map((event) => [event.kind, str(event.ratio)])).toEqual([
      ['dividend', null],
      ['split', '10'],
    ]);
    // SCHD: 100 @ 75 and 0.88 reinvested @ 75, sold 100.88 @ 80.
    const [schd] = bySymbol('SCHD');
    expect(str(schd?.grossPnl)).toBe('504.4');
    expect(str(schd?.income)).toBe('66');
    expect(schd?.events.map((event) => event.kind)).toEqual(['dividend', 'reinvestment']);
    // XYZ: 100 @ 2, 1-for-10 (the old line named by CUSIP) → 10 @ 20, sold at 25.
    const [xyz] = bySymbol('XYZ');
    expect(str(xyz?.grossPnl)).toBe('50');
    expect(xyz?.status).toBe('closed');
    expect(str(xyz?.events[0]?.ratio)).toBe('0.1');
    // FB renamed META: one trade, both names.
    const [meta] = bySymbol('META');
    expect(str(meta?.grossPnl)).toBe('3000');
    expect(meta?.formerSymbols).toEqual(['FB']);
    expect(bySymbol('FB')).toEqual([]);
    // Journaled shares without a cost basis: held, at 0 until the trader gives one.
    const [aapl] = bySymbol('AAPL');
    expect(aapl?.status).toBe('open');
    expect(aapl?.events[0]?.isCostBasisMissing).toBe(true);
  });

  it('reads Trading 212’s split close and open rows, a stock distribution and a dividend', () => {
    const { result, grouped, bySymbol } = importFixture('trading-212.csv');
    expect(result.problems).toEqual([]);
    expect(toEventCountText(result.events)).toBe('1 dividend, 1 stock distribution, 1 split');
    expect(grouped.problems).toEqual([]);
    // 2 @ 600 → 20 @ 60, sold at 140.
    const [nvda] = bySymbol('NVDA');
    expect(str(nvda?.grossPnl)).toBe('1600');
    expect(str(nvda?.events.find((event) => event.kind === 'split')?.ratio)).toBe('10');
    expect(str(nvda?.income)).toBe('0.07');
    const [solv] = bySymbol('SOLV');
    expect(solv?.status).toBe('open');
    expect(str(solv?.openQuantity)).toBe('1.5');
    expect(str(solv?.avgEntryPrice)).toBe('0');
  });

  it('reads Coinbase’s conversion, staking income and send', () => {
    const { result, grouped, bySymbol } = importFixture('coinbase.csv');
    expect(result.problems).toEqual([]);
    expect(toEventCountText(result.events)).toBe('2 conversions, 1 reward, 1 transfer');
    expect(grouped.problems).toEqual([]);
    // ETH: 1 @ 3000; 0.5 converted @ 3300 (fee 10); 0.01 staked at 0; 0.2 sent at cost; 0.31 sold @ 4000
    // from the 0.3 left @ 3000 and the 0.01 @ 0: 150 + 300 + 40.
    const [eth] = bySymbol('ETH/USD');
    expect(str(eth?.grossPnl)).toBe('490');
    expect(str(eth?.netPnl)).toBe('480');
    expect(str(eth?.income)).toBe('35');
    expect(eth?.status).toBe('closed');
    // BTC: 0.025 bought for the conversion's 1650.
    const [btc] = bySymbol('BTC/USD');
    expect(btc?.status).toBe('open');
    expect(str(btc?.avgEntryPrice)).toBe('66000');
  });

  it('reads BUX’s redeem and deposit rows as a reverse split, and its dividend', () => {
    const { result, grouped, bySymbol } = importFixture('bux.csv');
    expect(result.problems).toEqual([]);
    expect(toEventCountText(result.events)).toBe('1 dividend, 1 split');
    expect(grouped.problems).toEqual([]);
    const [ing] = grouped.trades;
    // 100 @ 14.52 → 50 @ 29.04, sold at 30.
    expect(str(ing?.grossPnl)).toBe('48');
    expect(str(ing?.income)).toBe('10');
    expect(bySymbol(ing?.symbol ?? '')).toHaveLength(1);
  });
});

describe('pairEventRows', () => {
  const half = (more: Partial<PlacedEventRow>): PlacedEventRow => ({
    kind: 'split',
    half: 'either',
    symbol: 'XYZ',
    quantityDelta: D(10),
    price: null,
    cashAmount: null,
    fees: null,
    row: 2,
    day: '2024-05-01',
    account: null,
    ...more,
  });

  it('leaves a half without its other half unpaired', () => {
    const lone = half({ half: 'old' });
    expect(pairEventRows([lone])).toEqual({ events: [], unpaired: [lone] });
  });

  it('takes the line that removes shares as the old one', () => {
    const { events } = pairEventRows([
      half({ kind: 'symbolChange', symbol: 'META', quantityDelta: D(20) }),
      half({ kind: 'symbolChange', symbol: 'FB', quantityDelta: D(-20), row: 3 }),
    ]);
    expect(events.map((event) => [event.fromSymbol, event.toSymbol, str(event.ratio)])).toEqual([['FB', 'META', '1']]);
  });
});

describe('security identifiers', () => {
  it.each(['US0378331005', 'IE00BK5BQT80', 'NL0011821202'])('knows %s as an ISIN', (text) => {
    expect(isIsin(text)).toBe(true);
  });

  it.each(['US0378331006', 'AAPL', '100'])('does not take %s for an ISIN', (text) => {
    expect(isIsin(text)).toBe(false);
  });

  it('checks a CUSIP’s digit', () => {
    expect(isCusip('037833100')).toBe(true);
    expect(isCusip('037833101')).toBe(false);
    expect(isCusip('123456789')).toBe(false);
  });
});

describe('toDeliveryEvents', () => {
  const option = (more: Partial<ImportedExecution>): ImportedExecution => ({
    row: 2,
    sequence: 1,
    executedAt: '2025-01-17T21:00:00.000Z',
    symbol: 'AAPL  250117C00190000',
    assetClass: 'option',
    instrumentKey: 'option:AAPL  250117C00190000',
    side: 'buy',
    quantity: '2',
    price: '0',
    commission: '0',
    fees: '0',
    multiplier: '100',
    currency: 'USD',
    account: null,
    positionEffect: 'close',
    event: 'assignment',
    ...more,
  });

  it('delivers the shares of an assigned covered call at the strike', () => {
    const [event] = toDeliveryEvents([option({})]);
    expect(event).toMatchObject({ kind: 'assignment', symbol: 'AAPL', quantityDelta: '-200', price: '190' });
    expect(event?.fromSymbol).toBe('AAPL  250117C00190000');
  });

  it('adds nothing when the file lists the stock fill itself', () => {
    const stock = option({
      symbol: 'AAPL',
      assetClass: 'stock',
      instrumentKey: 'stock:AAPL',
      side: 'sell',
      quantity: '200',
      price: '190',
      multiplier: '1',
      event: null,
    });
    expect(toDeliveryEvents([option({}), stock])).toEqual([]);
  });
});
