import { describe, expect, it } from 'vitest';
import { toExecutionOfImported } from '../../../../test/builders/imported-execution';
import { D, type Decimal } from '../../money/decimal';
import { groupTrades, type Trade } from '../../trades/group-trades';
import { bookFee, FEE_RATE_WINDOW_MS, findRate, toFeeBook, type CryptoFillFacts } from './fee-assets';
import { importTable } from './import-table';
import { normaliseRows, readCryptoFillFacts, type ImportedExecution } from './normalise-rows';

/** A CSV text (no quoted line breaks) as importTable's header and rows. */
function readCsv(text: string): { headers: string[]; rows: string[][] } {
  const lines = text.trim().split('\n');
  const split = (line: string) =>
    [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[2] ?? m[1] ?? '');
  return { headers: split(lines[0]!), rows: lines.slice(1).map(split) };
}

function importCsv(text: string): { executions: ImportedExecution[]; trades: Trade[]; preset: string | undefined } {
  const result = importTable({ ...readCsv(text), accountTimeZone: 'UTC', defaultCurrency: 'USD' });
  expect(result.problems).toEqual([]);
  return {
    executions: result.executions,
    trades: groupTrades(result.executions.map(toExecutionOfImported)),
    preset: result.detection.preset?.id,
  };
}

const text = (value: Decimal) => value.toString();

// Binance trade history, current layout (broker-formats.md §3.15), newest first. The buys' fees are
// in the base asset; the SOL trades pay theirs in BNB, valued at the BNB/USDT fills an hour away.
const BINANCE_FILE = `
Date(UTC),Pair,Side,Price,Executed,Amount,Fee
2025-01-10 13:00:00,BNBUSDT,SELL,710.00,0.99900000BNB,709.29000000USDT,0.70929000USDT
2025-01-10 12:00:00,SOLUSDT,SELL,195.00,10.00000000SOL,"1,950.00000000USDT",0.00200000BNB
2025-01-09 12:00:00,SOLUSDT,BUY,190.00,10.00000000SOL,"1,900.00000000USDT",0.00200000BNB
2025-01-09 11:00:00,BNBUSDT,BUY,700.00,1.00000000BNB,700.00000000USDT,0.00100000BNB
2025-01-08 09:00:00,ETHUSDT,SELL,3400.00,0.49950000ETH,"1,698.30000000USDT",1.69830000USDT
2025-01-07 09:00:00,ETHUSDT,BUY,3300.00,0.50000000ETH,"1,650.00000000USDT",0.00050000ETH`;

describe('crypto fees by their asset', () => {
  it('closes Binance round trips whose sells are the quantities received, base and BNB fees booked in the quote', () => {
    const { executions, trades, preset } = importCsv(BINANCE_FILE);
    expect(preset).toBe('binance');
    const bnbBuy = executions.find((e) => e.symbol === 'BNB/USDT' && e.side === 'buy');
    // 1 BNB less the 0.001 BNB fee; the fee is 0.001 × 700 = 0.70 USDT.
    expect(bnbBuy).toMatchObject({ quantity: '0.999', fees: '0.7', quantityStep: '0.001' });
    const solBuy = executions.find((e) => e.symbol === 'SOL/USDT' && e.side === 'buy');
    // 0.002 BNB at the BNB/USDT buy an hour earlier (700): 1.40 USDT; the quantity is untouched.
    expect(solBuy).toMatchObject({ quantity: '10', fees: '1.4' });
    expect(solBuy?.unconvertedFee).toBeUndefined();
    // The SOL sell's nearest BNB/USDT fill is the sell an hour later (710): 1.42 USDT.
    expect(executions.find((e) => e.symbol === 'SOL/USDT' && e.side === 'sell')?.fees).toBe('1.42');

    expect(trades.map((t) => [t.symbol, t.status, text(t.netPnl)])).toEqual([
      // ETH: 0.4995 × (3,400 − 3,300) = 49.95, less 1.65 and 1.6983.
      ['ETH/USDT', 'closed', '46.6017'],
      // BNB: 0.999 × 10 = 9.99, less 0.70 and 0.70929.
      ['BNB/USDT', 'closed', '8.58071'],
      // SOL: 10 × 5 = 50, less 1.40 and 1.42.
      ['SOL/USDT', 'closed', '47.18'],
    ]);
    expect(trades.every((t) => t.residual.eq(0) && t.unconvertedFees.length === 0)).toBe(true);
  });

  it('keeps a BNB fee the file gives no rate for in BNB, on the trade, out of the fees', () => {
    // The older layout with its Fee Coin column; no BNB pair traded.
    const { executions, trades, preset } = importCsv(`
Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin
2025-01-08 08:15:30,BTCUSDT,SELL,97000,0.01,970,0.0013,BNB
2025-01-07 08:15:30,BTCUSDT,BUY,95000,0.01,950,0.00125,BNB`);
    expect(preset).toBe('binance-classic');
    expect(executions.map((e) => [e.quantity, e.fees, e.unconvertedFee])).toEqual([
      ['0.01', '0', { amount: '0.00125', asset: 'BNB' }],
      ['0.01', '0', { amount: '0.0013', asset: 'BNB' }],
    ]);
    const [trade] = trades;
    expect(trade?.status).toBe('closed');
    expect(text(trade!.netPnl)).toBe('20');
    expect(trade?.unconvertedFees.map((f) => [f.asset, text(f.amount)])).toEqual([['BNB', '0.00255']]);
  });

  it('closes a Binance trade whose sell is the ordered quantity as dust, its P&L the cash that moved', () => {
    // broker-formats.md's example rows: 0.5 ETH bought (0.4995 received), 0.5 sold.
    const { trades } = importCsv(`
Date(UTC),Pair,Side,Price,Executed,Amount,Fee
2025-01-08 08:15:30,ETHUSDT,SELL,3400.00,0.50000000ETH,"1,700.00000000USDT",1.70000000USDT
2025-01-07 08:15:30,ETHUSDT,BUY,3300.00,0.50000000ETH,"1,650.00000000USDT",0.00050000ETH`);
    const [trade] = trades;
    expect(trades).toHaveLength(1);
    expect(trade?.status).toBe('closed');
    // Sold 0.0005 beyond the 0.4995 held, less than the step 0.1 (the file's finest quantity, 0.5).
    expect(text(trade!.residual)).toBe('-0.0005');
    expect(text(trade!.openQuantity)).toBe('0');
    // 1,700 − 0.4995 × 3,300 = 51.65 gross; less 1.65 and 1.70.
    expect(text(trade!.grossPnl)).toBe('51.65');
    expect(text(trade!.netPnl)).toBe('48.3');
  });

  it('closes a position left below the step after a sell, the residual written off', () => {
    // 0.1234 BTC bought, 0.0001234 of it the fee: 0.1232766 held; sold in the step 0.0001.
    const { trades } = importCsv(`
Date(UTC),Pair,Side,Price,Executed,Amount,Fee
2025-01-08 08:00:00,BTCUSDT,SELL,100000.00,0.12320000BTC,"12,320.00000000USDT",12.32000000USDT
2025-01-07 08:00:00,BTCUSDT,BUY,90000.00,0.12340000BTC,"11,106.00000000USDT",0.00012340BTC`);
    const [trade] = trades;
    expect(trade?.status).toBe('closed');
    expect(text(trade!.residual)).toBe('0.0000766');
    // 12,320 − 0.1232766 × 90,000 (11,094.894) = 1,225.106; fees 0.0001234 × 90,000 = 11.106 and 12.32.
    expect(text(trade!.grossPnl)).toBe('1225.106');
    expect(text(trade!.netPnl)).toBe('1201.68');
    expect(trade?.openLots).toEqual([]);
  });

  it('takes a Kraken ledger leg’s fee in the base asset off the quantity received', () => {
    // ledgers.csv (§3.14): the BTC leg of the buy pays 0.0001 BTC; the sell gives up the 0.0399 held.
    const { executions, trades, preset } = importCsv(`
"txid","refid","time","type","subtype","aclass","asset","wallet","amount","fee","balance"
"L1","T1","2025-01-07 10:11:12","trade","","currency","ZUSD","spot / main",-3800.0000,0.0000,1200.0000
"L2","T1","2025-01-07 10:11:12","trade","","currency","XXBT","spot / main",0.0400000000,0.0001000000,0.0399000000
"L3","T2","2025-01-10 16:20:10","trade","","currency","XXBT","spot / main",-0.0399000000,0.0000000000,0.0000000000
"L4","T2","2025-01-10 16:20:10","trade","","currency","ZUSD","spot / main",3862.3200,8.8000,5053.5200`);
    expect(preset).toBe('kraken-ledgers');
    // Price 3,800 / 0.04 = 95,000; the fee 0.0001 × 95,000 = 9.50 USD.
    expect(executions.map((e) => [e.side, e.quantity, e.price, e.fees])).toEqual([
      ['buy', '0.0399', '95000', '9.5'],
      ['sell', '0.0399', '96800', '8.8'],
    ]);
    // 0.0399 × 1,800 = 71.82, less 9.50 and 8.80.
    expect(trades.map((t) => [t.status, text(t.netPnl)])).toEqual([['closed', '53.52']]);
  });

  it('leaves fees Kraken’s trades.csv and Coinbase charge in the quote as they are, and gives the step', () => {
    const kraken = importCsv(`
"txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"
"TQ5F2A-7KX3D-LW9E2M","OKD4QZ-2TN7P-6VJ3XB","XXBTZUSD","2025-01-07 10:11:12.1234","buy","limit",95000.00000,3800.00000,9.88000,0.04000000,0.00000,"",""
"TD9N3G-2SA5J-XC7T1F","OQ3U7V-9EL2P-4RY8WG","XXBTZUSD","2025-01-10 16:20:10.6610","sell","limit",96800.00000,3388.00000,8.80880,0.03500000,0.00000,"",""`);
    expect(kraken.preset).toBe('kraken');
    expect(kraken.executions.map((e) => [e.quantity, e.fees, e.quantityStep])).toEqual([
      ['0.04', '9.88', '0.001'],
      ['0.035', '8.8088', '0.001'],
    ]);
    expect(kraken.trades.map((t) => [t.status, text(t.openQuantity)])).toEqual([['open', '0.005']]);

    const coinbase = importCsv(`
ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
67852b11f0e4a7001e6f7a06,2025-01-13 15:31:09 UTC,Advanced Trade Sell,BTC,-0.05,USD,"$98,400.00","-$4,920.00","-$4,890.48",$29.52,Sold 0.05 BTC for 4890.48 USD on BTC-USD at 98400 USD/BTC
677d2c95d8a1b6001b3c4d02,2025-01-07 14:22:05 UTC,Buy,BTC,0.05,USD,"$96,000.00","$4,800.00","$4,848.00",$48.00,Bought 0.05 BTC for 4848 USD`);
    expect(coinbase.preset).toBe('coinbase');
    expect(coinbase.executions.map((e) => [e.quantity, e.fees, e.quantityStep])).toEqual([
      ['0.05', '48', '0.01'],
      ['0.05', '29.52', '0.01'],
    ]);
    // 0.05 × 2,400 = 120, less 48 and 29.52.
    expect(coinbase.trades.map((t) => [t.status, text(t.netPnl)])).toEqual([['closed', '42.48']]);

    const fills = importCsv(`
portfolio,trade id,product,side,created at,size,size unit,price,fee,total,price/fee/total unit
default,1001,ETH-USD,BUY,2025-01-07T14:00:00.000Z,0.5,ETH,3300.00,1.65,-1651.65,USD
default,1002,ETH-USD,SELL,2025-01-09T14:00:00.000Z,0.5,ETH,3400.00,1.70,1698.30,USD`);
    expect(fills.preset).toBe('coinbase-fills');
    // 0.5 × 100 = 50, less 1.65 and 1.70.
    expect(fills.trades.map((t) => [t.status, text(t.netPnl)])).toEqual([['closed', '46.65']]);
  });
});

describe('a long crypto file in chunks', () => {
  it('books each chunk with the whole file’s book (readCryptoFillFacts) as the file read whole', () => {
    const { headers, rows: cells } = readCsv(BINANCE_FILE);
    const rows = cells.map((row, index) => ({ line: index + 2, cells: row }));
    const whole = importTable({ headers, rows, accountTimeZone: 'UTC', defaultCurrency: 'USD' });
    const { detection } = whole;
    const params = {
      headers,
      rows,
      mapping: detection.mapping,
      dateFormat: detection.dateFormat ?? { order: 'YMD' as const },
      decimalSeparator: detection.decimalSeparator,
      timeZone: detection.timeZone,
      defaultCurrency: 'USD',
      preset: detection.preset,
    };
    const feeBook = toFeeBook(readCryptoFillFacts(params));
    // The SOL trades' BNB fees are valued by BNB/USDT fills in the other half of the file.
    const halves = [rows.slice(0, 3), rows.slice(3)].map((part) => normaliseRows({ ...params, rows: part, feeBook }));
    const byRow = (e: ImportedExecution) => [e.row, e.quantity, e.fees, e.quantityStep];
    const chunked = halves.flatMap((half) => half.executions.map(byRow));
    expect(chunked.sort()).toEqual(whole.executions.map(byRow).sort());
  });
});

describe('findRate', () => {
  const at = (hours: number) => Date.UTC(2025, 0, 10) + hours * 3_600_000;
  const fill = (base: string, quote: string, hours: number, price: string): CryptoFillFacts => ({
    crypto: { base, quote },
    time: at(hours),
    side: 'buy',
    quantity: D('1'),
    price: D(price),
  });

  it('takes the nearest fill of the pair within the window, the earlier of two equally near', () => {
    const book = toFeeBook([
      fill('BNB', 'USDT', -2, '690'),
      fill('BNB', 'USDT', 2, '710'),
      fill('BNB', 'USDT', 5, '720'),
    ]);
    expect(findRate(book, { asset: 'BNB', quote: 'USDT', time: at(0) })?.toString()).toBe('690');
    expect(findRate(book, { asset: 'BNB', quote: 'USDT', time: at(4) })?.toString()).toBe('720');
    expect(findRate(book, { asset: 'BNB', quote: 'USDT', time: at(5) + FEE_RATE_WINDOW_MS + 1 })).toBeNull();
  });

  it('inverts the inverse pair’s price when only that was traded', () => {
    const book = toFeeBook([fill('BTC', 'BNB', 1, '125')]);
    expect(findRate(book, { asset: 'BNB', quote: 'BTC', time: at(0) })?.toString()).toBe('0.008');
  });

  it('adds a base-asset fee to a sell’s quantity', () => {
    const sell = {
      ...fill('ETH', 'USDT', 0, '3000'),
      side: 'sell' as const,
      crypto: { base: 'ETH', quote: 'USDT', fee: { amount: '0.001', asset: 'ETH' } },
    };
    const booked = bookFee(sell, toFeeBook([sell]));
    expect([booked.quantity.toString(), booked.quoteFee?.toString(), booked.step?.toString()]).toEqual([
      '1.001',
      '3',
      '1',
    ]);
  });
});
