import { parseDecimal } from '../../values/parse-decimal';
import type { RawRecord, RowContext, RowHookResult } from '../../normalise/raw-record';
import { toNameSymbol } from './name-symbol';
import type { BrokerPreset, PresetConventions } from './types';

function readWealthsimpleActivityRow(record: RawRecord): RowHookResult {
  if (record.type !== '' && !/^trade$/i.test(record.type)) return { skip: `${record.type}: not a trade` };
  if (/^drip$/i.test(record.side)) return { skip: 'dividend reinvestment: not a trade' };
  if (/^\S+ \d{6}[CP]\d{8}$/.test(record.symbol)) return { ...record, assetClassHint: 'option' };
  return record;
}

// Wealthsimple monthly statement: `XEQT - iShares Core Equity ETF Portfolio: Bought 10.0000 shares
// (executed at 2026-01-05)`, newer text adds ` at $38.12 per share`.
const WS_STATEMENT =
  /^(\S+) - .*?: (Bought|Sold) ([\d.,]+) shares? \(executed at (\d{4}-\d{2}-\d{2})\)(?:,? at \$?([\d.,]+) per share)?/i;

function readWealthsimpleStatementRow(record: RawRecord): RowHookResult {
  if (!/^(BUY|SELL)$/i.test(record.side)) return record.side === '' ? record : { skip: `${record.side}: not a trade` };
  const match = WS_STATEMENT.exec(record.description);
  if (!match) return { skip: 'trade text not recognised (crypto and other lines need a manual entry)' };
  const [, symbol = '', verb = '', quantity = '', date = '', price] = match;
  let unitPrice = price ?? '';
  if (unitPrice === '') {
    // No price in older text: the cash amount over the quantity (fees are then part of the price).
    const amount = parseDecimal(record.amount);
    const shares = parseDecimal(quantity);
    if (amount !== null && shares !== null && Number(shares) !== 0) unitPrice = `=${amount.replace('-', '')}/${shares}`;
  }
  return {
    ...record,
    symbol,
    date,
    quantity,
    price: unitPrice,
    kind: { kind: 'trade', side: /^bought$/i.test(verb) ? 'buy' : 'sell', effect: null },
  };
}

function readQuestradeRow(record: RawRecord): RowHookResult {
  if (record.type !== '' && !/^trades?$/i.test(record.type)) return { skip: `${record.type}: not a trade` };
  const option = /^(CALL|PUT)\s+(\S+)\s+(\d{1,2}\/\d{1,2}\/\d{2,4})\s+([\d.]+)/i.exec(record.description);
  if (option) {
    const [, right = '', root = '', date = '', strike = ''] = option;
    return { ...record, symbol: `${root} ${date} ${strike} ${right}`, assetClassHint: 'option' };
  }
  return record;
}

// Trading 212: fee columns each have a `Currency (…)` column; `Exchange rate` is price-currency
// units per account-currency unit, so a fee in the account currency × rate is in the price currency.
const T212_FEES = [
  'Currency conversion fee',
  'Stamp duty reserve tax',
  'French transaction tax',
  'Finra fee',
  'Transaction fee',
  'Stamp duty',
];

function readTrading212Row(record: RawRecord, context: RowContext): RowHookResult {
  const priceCurrency = record.currency.toUpperCase();
  const rate = parseDecimal(context.cell('Exchange rate'));
  const fees: string[] = [];
  for (const header of T212_FEES) {
    const fee = parseDecimal(context.cell(header));
    if (fee === null) continue;
    const feeCurrency = context.cell(`Currency (${header})`).toUpperCase();
    if (feeCurrency === '' || feeCurrency === priceCurrency || rate === null) fees.push(fee);
    else fees.push(`=${fee}*${rate}`);
  }
  return { ...record, fees };
}

// BUX writes a trade's fee as its own `fees` row 1 ms after the trade, with the same Asset Id:
// each fee row belongs to the adjacent trade row of that asset within a second.
function readBuxRow(record: RawRecord, context: RowContext): RowHookResult {
  const category = context.cell('Transaction Category').toLowerCase();
  if (category === 'fees') {
    return buxTradeOfFee(context, context.rowIndex) === null
      ? { skip: 'fee not linked to a trade' }
      : { skip: 'trading fee, added to its trade' };
  }
  if (category !== 'trades') return { skip: `${category || 'other'}: not a trade` };
  const fees: string[] = [];
  for (const index of [context.rowIndex - 1, context.rowIndex + 1]) {
    if (index >= 0 && index < context.rowCount && buxTradeOfFee(context, index) === context.rowIndex) {
      fees.push(context.cellAt(index, 'Transaction Amount'));
    }
  }
  return { ...record, fees };
}

function buxTime(context: RowContext, index: number): number {
  const text = context.cellAt(index, 'Transaction Time (CET)');
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?/.exec(text);
  if (!match) return NaN;
  const [, y, mo, d, h, mi, s, fraction = '0'] = match;
  return (
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + Number(`0.${fraction}`) * 1000
  );
}

/** The index of the trade row a fee row belongs to, or null. */
function buxTradeOfFee(context: RowContext, feeIndex: number): number | null {
  if (context.cellAt(feeIndex, 'Transaction Category').toLowerCase() !== 'fees') return null;
  const feeTime = buxTime(context, feeIndex);
  let best: number | null = null;
  let bestGap = Infinity;
  for (const index of [feeIndex - 1, feeIndex + 1]) {
    if (index < 0 || index >= context.rowCount) continue;
    if (context.cellAt(index, 'Transaction Category').toLowerCase() !== 'trades') continue;
    if (context.cellAt(index, 'Asset Id') !== context.cellAt(feeIndex, 'Asset Id')) continue;
    const gap = Math.abs(buxTime(context, index) - feeTime);
    if (gap <= 1000 && gap < bestGap) {
      best = index;
      bestGap = gap;
    }
  }
  return best;
}

function readCoinbaseRow(record: RawRecord, context: RowContext): RowHookResult {
  let currency = record.currency;
  if (currency === '') {
    // v1 names the currency in the header: `USD Spot Price at Transaction`.
    const header = context.cells.length > 0 ? findV1Currency(context) : '';
    currency = header;
  }
  const base = record.symbol.toUpperCase();
  const crypto = { base, quote: currency.toUpperCase() };
  return { ...record, symbol: `${record.symbol}-${currency}`, currency, assetClassHint: 'crypto', crypto };
}

function findV1Currency(context: RowContext): string {
  for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SGD']) {
    if (context.cell(`${code} Spot Price at Transaction`) !== '') return code;
  }
  return '';
}

// Fills report: `ETH-USD`; the fee is in the `price/fee/total unit`, the quote.
function readCoinbaseFillsRow(record: RawRecord): RowHookResult {
  const [base = '', quote = ''] = record.symbol.toUpperCase().split('-');
  return { ...record, assetClassHint: 'crypto', crypto: { base, quote } };
}

// Kraken legacy pair codes: X-prefixed coins, Z-prefixed fiat (XXBTZUSD, XETHZEUR).
function toKrakenPair(pair: string): { symbol: string; quote: string } {
  const slash = /^([A-Z0-9]+)\/([A-Z0-9]+)$/.exec(pair);
  if (slash) return { symbol: `${slash[1] ?? ''}/${slash[2] ?? ''}`, quote: slash[2] ?? '' };
  const legacy = /^X([A-Z0-9]{3,4})Z([A-Z]{3})$/.exec(pair);
  if (legacy) return { symbol: `${legacy[1] ?? ''}/${legacy[2] ?? ''}`, quote: legacy[2] ?? '' };
  for (const quote of ['USDT', 'USDC', 'USD', 'EUR', 'GBP', 'CAD', 'CHF', 'JPY', 'AUD', 'XBT', 'ETH']) {
    if (pair.endsWith(quote) && pair.length > quote.length + 1) {
      return { symbol: `${pair.slice(0, -quote.length)}/${quote}`, quote };
    }
  }
  return { symbol: pair, quote: '' };
}

// trades.csv: `fee` is in the quote currency.
function readKrakenRow(record: RawRecord): RowHookResult {
  const { symbol, quote } = toKrakenPair(record.symbol);
  const currency = quote.replace('XBT', 'BTC');
  const base = toKrakenAsset(symbol.split('/')[0] ?? '');
  return { ...record, symbol, currency, assetClassHint: 'crypto', crypto: { base, quote: currency } };
}

const FIAT_LIKE = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'JPY', 'AUD', 'USDT', 'USDC'];

function toKrakenAsset(asset: string): string {
  const code = /^[XZ]([A-Z]{3})$/.test(asset) ? asset.slice(1) : asset;
  return code === 'XBT' ? 'BTC' : code;
}

// Kraken ledgers: a trade is two `trade` rows sharing a refid, one per asset; each row's fee is in
// its own asset (fee-assets.ts books the base leg's).
function readKrakenLedgerRow(record: RawRecord, context: RowContext): RowHookResult {
  if (!/^(trade|spend|receive)$/i.test(record.side)) return { skip: `${record.side || 'ledger entry'}: not a trade` };
  const refid = context.cell('refid');
  let partner = -1;
  for (let i = 0; i < context.rowCount; i++) {
    if (i !== context.rowIndex && context.cellAt(i, 'refid') === refid) partner = i;
  }
  if (partner < 0) return { skip: 'trade leg without its other leg' };
  const asset = toKrakenAsset(context.cell('asset'));
  const otherAsset = toKrakenAsset(context.cellAt(partner, 'asset'));
  const isQuote = FIAT_LIKE.includes(asset) && !FIAT_LIKE.includes(otherAsset);
  if (isQuote) return { skip: `quote-currency leg of the trade in row ${partner + 1}` };
  if (FIAT_LIKE.includes(asset) && FIAT_LIKE.includes(otherAsset) && context.rowIndex > partner) {
    return { skip: 'second leg of a currency exchange' };
  }
  const amount = parseDecimal(context.cell('amount')) ?? '0';
  const quoteAmount = (parseDecimal(context.cellAt(partner, 'amount')) ?? '0').replace('-', '');
  const quantity = amount.replace('-', '');
  const baseFee = parseDecimal(context.cell('fee')) ?? '0';
  const quoteFee = parseDecimal(context.cellAt(partner, 'fee')) ?? '0';
  const price = `=${quoteAmount}/${quantity}`;
  return {
    ...record,
    symbol: `${asset}/${otherAsset}`,
    currency: otherAsset,
    quantity,
    price,
    fees: [quoteFee],
    kind: { kind: 'trade', side: amount.startsWith('-') ? 'sell' : 'buy', effect: null },
    assetClassHint: 'crypto',
    crypto: { base: asset, quote: otherAsset, fee: { amount: baseFee, asset } },
  };
}

const BINANCE_QUOTES = [
  'USDT',
  'USDC',
  'BUSD',
  'FDUSD',
  'TUSD',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'USD',
  'TRY',
  'BRL',
  'GBP',
];

function splitBinancePair(pair: string): { base: string; quote: string } | null {
  for (const quote of BINANCE_QUOTES) {
    if (pair.endsWith(quote) && pair.length > quote.length) return { base: pair.slice(0, -quote.length), quote };
  }
  return null;
}

// Binance: fees carry their asset (`0.00050000ETH`, or the older layout's `Fee Coin`): the base on
// buys, the quote on sells, BNB when BNB fee payment is on (§3.15). fee-assets.ts books them.
function readBinanceRow(record: RawRecord, context: RowContext): RowHookResult {
  const pair = splitBinancePair(record.symbol.toUpperCase());
  if (!pair) return record;
  const feeText = record.fees[0] ?? '';
  const asset = (context.cell('Fee Coin') || /[A-Z]+$/.exec(feeText)?.[0] || pair.quote).toUpperCase();
  const amount = parseDecimal(feeText);
  const crypto = { ...pair, ...(amount === null ? {} : { fee: { amount, asset } }) };
  const symbol = `${pair.base}/${pair.quote}`;
  return { ...record, symbol, currency: pair.quote, fees: [], assetClassHint: 'crypto', crypto };
}

const NSE_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Last given weekday (0 = Sunday) of a month, ISO. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  return last.toISOString().slice(0, 10);
}

// Zerodha F&O: monthly `NIFTY25JAN23500CE`, weekly `NIFTY2591624450PE` (YY M DD, M = 1–9, O, N, D),
// futures `NIFTY25JANFUT`. Quantities are units (lots × lot size), so the multiplier is 1.
function readZerodhaRow(record: RawRecord, context: RowContext): RowHookResult {
  const symbol = record.symbol.toUpperCase();
  const expiryColumn = context.cell('expiry_date');
  const monthly = /^([A-Z&-]+?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d+(?:\.\d+)?)(CE|PE)$/.exec(
    symbol,
  );
  const weekly = /^([A-Z&-]+?)(\d{2})([1-9OND])(\d{2})(\d+(?:\.\d+)?)(CE|PE)$/.exec(symbol);
  const future = /^([A-Z&-]+?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)FUT$/.exec(symbol);
  const base = { ...record, currency: 'INR', multiplier: '1' };
  if (monthly) {
    const [, root = '', yy = '', mon = '', strike = '', right = ''] = monthly;
    const year = 2000 + Number(yy);
    const month = NSE_MONTHS.indexOf(mon) + 1;
    // NSE monthly expiries: last Thursday, last Tuesday from September 2025.
    const expiry = expiryColumn || lastWeekday(year, month, year * 100 + month >= 202509 ? 2 : 4);
    return {
      ...base,
      underlying: root,
      expiry,
      strike,
      optionRight: right === 'CE' ? 'C' : 'P',
      assetClassHint: 'option',
    };
  }
  if (weekly) {
    const [, root = '', yy = '', m = '', dd = '', strike = '', right = ''] = weekly;
    const month = m === 'O' ? 10 : m === 'N' ? 11 : m === 'D' ? 12 : Number(m);
    const expiry = `20${yy}-${String(month).padStart(2, '0')}-${dd}`;
    return {
      ...base,
      underlying: root,
      expiry,
      strike,
      optionRight: right === 'CE' ? 'C' : 'P',
      assetClassHint: 'option',
    };
  }
  if (future)
    return { ...base, symbol: `${future[1] ?? ''} ${future[3] ?? ''}${future[2] ?? ''}`, assetClassHint: 'future' };
  return base;
}

// CommSec account transactions: `B 100 BHP @ 38.500000`; brokerage folded into Debit/Credit.
const COMMSEC_TRADE = /^([BS])\s+([\d,]+)\s+(\S+)\s+@\s+([\d.]+)/;

function readCommsecRow(record: RawRecord, context: RowContext): RowHookResult {
  const trade = COMMSEC_TRADE.exec(record.description.trim());
  if (!trade || !/^C/i.test(record.execId)) return { skip: 'cash movement, not a trade' };
  const [, side = '', quantity = '', symbol = '', price = ''] = trade;
  const debit = context.cell('Debit($)');
  const credit = context.cell('Credit($)');
  return {
    ...record,
    symbol,
    quantity,
    price,
    amount: debit !== '' ? `-${debit.replace(/^-/, '')}` : credit,
    kind: { kind: 'trade', side: side === 'B' ? 'buy' : 'sell', effect: null },
  };
}

// AJ Bell names securities, it has no ticker: the name becomes the symbol until the user maps it.
function readAjBellRow(record: RawRecord): RowHookResult {
  return { ...record, symbol: record.symbol || toNameSymbol(record.description) };
}

/**
 * Crypto exchanges' files: UTC times and side words; their rows name the pair and the fee's asset
 * (RawRecord.crypto), which normaliseRows books over the file (fee-assets.ts).
 */
function toCryptoConventions(order: PresetConventions['order']): PresetConventions {
  return { dateOrder: 'YMD', timeZone: 'UTC', order, sides: 'words', feesFromAmount: false, isCrypto: true };
}

export const REST_OF_WORLD_PRESETS: readonly BrokerPreset[] = [
  {
    id: 'wealthsimple',
    broker: 'Wealthsimple',
    variant: 'Activities export (2025+)',
    signature: ['activity_type', 'activity_sub_type', 'symbol', 'quantity', 'unit_price', 'net_cash_amount'],
    columns: {
      date: ['transaction_date', 'effective_date'],
      time: ['effective_time'],
      settleDate: ['settlement_date'],
      account: ['account_id'],
      type: ['activity_type'],
      side: ['activity_sub_type'],
      symbol: ['symbol'],
      description: ['name'],
      currency: ['currency'],
      quantity: ['quantity'],
      price: ['unit_price'],
      commission: ['commission'],
      amount: ['net_cash_amount'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: 'America/Toronto',
      order: 'auto',
      sides: 'words',
      feesFromAmount: false,
    },
    readRow: readWealthsimpleActivityRow,
    brokerFigures: { net: ['net_cash_amount'] },
  },
  {
    id: 'wealthsimple-statement',
    broker: 'Wealthsimple',
    variant: 'Monthly statement transactions',
    signature: ['date', 'transaction', 'description', 'amount', 'balance', 'currency'],
    columns: {
      date: ['date'],
      side: ['transaction'],
      description: ['description'],
      amount: ['amount'],
      balance: ['balance'],
      currency: ['currency'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: 'America/Toronto',
      order: 'auto',
      sides: 'text',
      feesFromAmount: false,
      notes: ['Trades are read from the description text; the execution date there is used.'],
    },
    readRow: readWealthsimpleStatementRow,
  },
  {
    id: 'questrade',
    broker: 'Questrade',
    variant: 'Account activity',
    signature: ['Action', 'Symbol', 'Description', 'Quantity', 'Price', 'Commission', 'Net Amount', 'Activity Type'],
    columns: {
      date: ['Transaction Date', 'Settlement Date'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission'],
      amount: ['Net Amount'],
      currency: ['Currency'],
      account: ['Account #'],
      type: ['Activity Type'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: 'America/Toronto',
      order: 'auto',
      sides: 'words',
      feesFromAmount: false,
      notes: ['Questrade files carry a placeholder time (12:00:00 AM): fills are ordered by date and file order.'],
    },
    readRow: readQuestradeRow,
    brokerFigures: { net: ['Net Amount'] },
  },
  {
    id: 'trading-212',
    broker: 'Trading 212',
    variant: 'History export',
    signature: ['Action', 'Time', 'Ticker', 'No. of shares', 'Price / share'],
    columns: {
      side: ['Action'],
      date: ['Time'],
      symbol: ['Ticker'],
      description: ['Name'],
      quantity: ['No. of shares'],
      price: ['Price / share'],
      currency: ['Currency (Price / share)'],
      amount: ['Total'],
      execId: ['ID'],
      fees: T212_FEES,
    },
    conventions: { dateOrder: 'YMD', timeZone: 'UTC', order: 'auto', sides: 'words', feesFromAmount: false },
    readRow: readTrading212Row,
    brokerFigures: {
      pnl: ['Result'],
      net: ['Total'],
      currency: ['Currency (Total)', 'Currency (Result)'],
      fxRate: ['Exchange rate'],
      fxRateIs: 'unitsPerAccount',
    },
  },
  {
    id: 'bux',
    broker: 'BUX',
    variant: 'Account history',
    signature: [
      'Transaction Time (CET)',
      'Transaction Category',
      'Transaction Type',
      'Transaction Amount',
      'Asset Id',
      'Asset Quantity',
      'Asset Price',
    ],
    columns: {
      date: ['Transaction Time (CET)'],
      type: ['Transaction Category'],
      side: ['Transaction Type'],
      amount: ['Transaction Amount'],
      symbol: ['Asset Id'],
      description: ['Asset Name'],
      quantity: ['Asset Quantity'],
      price: ['Asset Price'],
      currency: ['Asset Currency'],
      balance: ['Cash Balance Amount'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: 'Europe/Amsterdam',
      order: 'auto',
      sides: 'words',
      feesFromAmount: false,
      notes: ['BUX labels times CET; they are read as Amsterdam time (CET/CEST).', 'Symbols are ISINs.'],
    },
    readRow: readBuxRow,
    // The P&L and the trade row's amount (its fee is a row of its own) are in the account's currency.
    brokerFigures: {
      pnl: ['Profit And Loss Amount'],
      net: ['Transaction Amount'],
      currency: ['Profit And Loss Currency', 'Transaction Currency'],
      fxRate: ['Exchange Rate'],
      fxRateIs: 'unitsPerAccount',
    },
  },
  {
    id: 'coinbase',
    broker: 'Coinbase',
    variant: 'Transaction history (v2–v4)',
    signature: ['Timestamp', 'Transaction Type', 'Asset', 'Quantity Transacted'],
    columns: {
      execId: ['ID'],
      date: ['Timestamp'],
      side: ['Transaction Type'],
      symbol: ['Asset'],
      quantity: ['Quantity Transacted'],
      currency: ['Price Currency', 'Spot Price Currency'],
      price: [
        'Price at Transaction',
        'Spot Price at Transaction',
        'USD Spot Price at Transaction',
        'EUR Spot Price at Transaction',
        'GBP Spot Price at Transaction',
      ],
      amount: [
        'Total (inclusive of fees and/or spread)',
        'Total (inclusive of fees)',
        'USD Total (inclusive of fees)',
        'EUR Total (inclusive of fees)',
        'GBP Total (inclusive of fees)',
      ],
      fees: ['Fees and/or Spread', 'Fees', 'USD Fees', 'EUR Fees', 'GBP Fees'],
      description: ['Notes'],
    },
    conventions: toCryptoConventions('newestFirst'),
    readRow: readCoinbaseRow,
  },
  {
    id: 'coinbase-fills',
    broker: 'Coinbase',
    variant: 'Coinbase Pro / Advanced fills',
    signature: ['trade id', 'product', 'side', 'created at', 'size', 'price', 'fee'],
    columns: {
      account: ['portfolio'],
      execId: ['trade id'],
      symbol: ['product'],
      side: ['side'],
      date: ['created at'],
      quantity: ['size'],
      price: ['price'],
      fees: ['fee'],
      amount: ['total'],
      currency: ['price/fee/total unit'],
    },
    conventions: toCryptoConventions('auto'),
    readRow: readCoinbaseFillsRow,
  },
  {
    id: 'kraken',
    broker: 'Kraken',
    variant: 'trades.csv',
    signature: ['txid', 'ordertxid', 'pair', 'time', 'type', 'price', 'cost', 'fee', 'vol'],
    columns: {
      execId: ['txid'],
      orderId: ['ordertxid'],
      symbol: ['pair'],
      date: ['time'],
      side: ['type'],
      price: ['price'],
      amount: ['cost'],
      fees: ['fee'],
      quantity: ['vol'],
    },
    conventions: toCryptoConventions('auto'),
    readRow: readKrakenRow,
  },
  {
    id: 'kraken-ledgers',
    broker: 'Kraken',
    variant: 'ledgers.csv',
    signature: ['txid', 'refid', 'time', 'type', 'asset', 'amount', 'fee', 'balance'],
    columns: {
      execId: ['txid'],
      date: ['time'],
      side: ['type'],
      symbol: ['asset'],
      amount: ['amount'],
      balance: ['balance'],
    },
    conventions: toCryptoConventions('auto'),
    readRow: readKrakenLedgerRow,
  },
  {
    id: 'binance',
    broker: 'Binance',
    variant: 'Spot trade history',
    signature: ['Date(UTC)', 'Pair', 'Side', 'Price', 'Executed', 'Amount', 'Fee'],
    columns: {
      date: ['Date(UTC)'],
      symbol: ['Pair'],
      side: ['Side'],
      price: ['Price'],
      quantity: ['Executed'],
      amount: ['Amount'],
      fees: ['Fee'],
    },
    conventions: toCryptoConventions('newestFirst'),
    readRow: readBinanceRow,
  },
  {
    id: 'binance-classic',
    broker: 'Binance',
    variant: 'Spot trade history (older)',
    signature: ['Date(UTC)', 'Market', 'Type', 'Price', 'Amount', 'Total', 'Fee', 'Fee Coin'],
    columns: {
      date: ['Date(UTC)'],
      symbol: ['Market'],
      side: ['Type'],
      price: ['Price'],
      quantity: ['Amount'],
      amount: ['Total'],
      fees: ['Fee'],
    },
    conventions: toCryptoConventions('newestFirst'),
    readRow: readBinanceRow,
  },
  {
    id: 'zerodha',
    broker: 'Zerodha',
    variant: 'Console tradebook',
    signature: ['symbol', 'trade_date', 'exchange', 'segment', 'trade_type', 'quantity', 'price', 'trade_id'],
    columns: {
      date: ['order_execution_time', 'trade_date'],
      symbol: ['symbol'],
      side: ['trade_type'],
      quantity: ['quantity'],
      price: ['price'],
      execId: ['trade_id'],
      orderId: ['order_id'],
      assetClass: ['segment'],
      expiry: ['expiry_date'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: 'Asia/Kolkata',
      order: 'auto',
      sides: 'words',
      feesFromAmount: false,
      currency: 'INR',
      notes: ['The tradebook has no charges: brokerage, STT and GST are in the contract notes, so P&L is gross.'],
    },
    readRow: readZerodhaRow,
  },
  {
    id: 'commsec',
    broker: 'Commsec',
    variant: 'Account transactions (2023+)',
    signature: ['Date', 'Reference', 'Details', 'Debit($)', 'Credit($)', 'Balance($)'],
    columns: { date: ['Date'], execId: ['Reference'], description: ['Details'], balance: ['Balance($)'] },
    conventions: {
      dateOrder: 'DMY',
      timeZone: 'Australia/Sydney',
      order: 'newestFirst',
      sides: 'text',
      feesFromAmount: true,
      currency: 'AUD',
      notes: ['Brokerage is folded into Debit/Credit: it is derived from the amount and quantity × price.'],
    },
    readRow: readCommsecRow,
  },
  {
    id: 'commsec-confirmations',
    broker: 'Commsec',
    variant: 'Transaction search / confirmations (before 2023)',
    signature: ['Code', 'Company', 'Date', 'Type', 'Quantity', 'Unit Price ($)', 'Brokerage+GST ($)'],
    columns: {
      symbol: ['Code'],
      description: ['Company'],
      date: ['Date'],
      side: ['Type'],
      quantity: ['Quantity'],
      price: ['Unit Price ($)'],
      commission: ['Brokerage+GST ($)'],
      execId: ['Contract Note'],
      amount: ['Total Value ($)'],
    },
    conventions: {
      dateOrder: 'DMY',
      timeZone: 'Australia/Sydney',
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'AUD',
    },
  },
  {
    id: 'aj-bell',
    broker: 'Aj Bell',
    variant: 'Transaction history',
    signature: ['Date', 'Transaction', 'Description', 'Quantity', 'Price', 'Amount (GBP)', 'Reference'],
    columns: {
      date: ['Date'],
      side: ['Transaction'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      amount: ['Amount (GBP)'],
      execId: ['Reference'],
    },
    conventions: {
      dateOrder: 'DMY',
      timeZone: 'Europe/London',
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: true,
      currency: 'GBP',
      notes: [
        'AJ Bell names securities without a ticker: a short symbol is made from the name; rename it if needed.',
        'The dealing charge is taken from the difference between Amount and quantity × price.',
      ],
    },
    readRow: readAjBellRow,
  },
  {
    id: 'aj-bell-cash-statement',
    broker: 'Aj Bell',
    variant: 'Cash statement',
    signature: ['Date', 'Description', 'Receipt (GBP)', 'Payment (GBP)', 'Balance (GBP)'],
    columns: { date: ['Date'], description: ['Description'], balance: ['Balance (GBP)'] },
    conventions: {
      dateOrder: 'DMY',
      timeZone: 'Europe/London',
      order: 'newestFirst',
      sides: 'text',
      feesFromAmount: false,
      currency: 'GBP',
      notes: ['The cash statement has no quantities or prices: import the transaction history for trades.'],
    },
    readRow: () => ({ skip: 'cash statement line: no quantity or price (import the transaction history)' }),
  },
];
