import { parseDecimal } from '../../values/parse-decimal';
import type { RawRecord, RowContext, RowHookResult } from '../../normalise/raw-record';
import { toNameSymbol } from './name-symbol';
import type { BrokerPreset } from './types';

const NY = 'America/New_York';

// IBKR: one discriminator per file decides which rows are fills (`Order` rows summarise the
// `Trade`/`Execution` rows beneath them when both are present, so they would count twice).
function readIbkrActivityRow(record: RawRecord, context: RowContext): RowHookResult {
  if (context.cells[0] === 'Trades' && /total/i.test(context.cells[1] ?? '')) return { skip: 'subtotal or total line' };
  if (context.cells[0] !== 'Trades' || context.cells[1] !== 'Data') return { skip: 'not a trade row of the statement' };
  const discriminator = context.cell('DataDiscriminator');
  if (/total/i.test(discriminator)) return { skip: 'subtotal or total line' };
  if (/closedlot/i.test(discriminator)) return { skip: 'closed-lot detail of a fill listed above' };
  if (discriminator === 'Order') {
    for (let i = 0; i < context.rowCount; i++) {
      if (/^(trade|execution)$/i.test(context.cellAt(i, 'DataDiscriminator'))) {
        return { skip: 'order summary: its executions are listed separately' };
      }
    }
  }
  if (/forex/i.test(record.assetClass)) return { skip: 'currency conversion, not a trade' };
  return readIbkrCodes(record, context.cell('Code'));
}

function readIbkrCodes(record: RawRecord, code: string): RowHookResult {
  const codes = code.split(';').map((c) => c.trim());
  if (codes.includes('Ep')) return { ...record, kind: { kind: 'event', event: 'expiration' } };
  if (codes.includes('A')) return { ...record, kind: { kind: 'event', event: 'assignment' } };
  if (codes.includes('Ex')) return { ...record, kind: { kind: 'event', event: 'exercise' } };
  return record;
}

const readIbkrFlexCode = (context: RowContext) => context.cell('Code') || context.cell('Notes/Codes');

const isIbkrFlexCancel = (context: RowContext, code: string) =>
  context.cell('TransactionType') === 'TradeCancel' || code.split(';').includes('Ca');

/** Why an IBKR Flex row is no execution of its own (a summary line, a header or trailer record, a conversion), or null. */
function readIbkrFlexNonExecution(context: RowContext, assetClass: string): string | null {
  const level = context.cell('LevelOfDetail');
  if (level !== '' && level.toUpperCase() !== 'EXECUTION') return `${level.toLowerCase()} summary line`;
  if (/^(BOF|BOA|BOS|EOS|EOA|EOF|MSG)$/.test(context.cells[0] ?? '')) return 'header or trailer record';
  if (assetClass.toUpperCase() === 'CASH') return 'currency conversion, not a trade';
  return null;
}

/** The trade a TradeCancel row names ('' when none). */
const readIbkrFlexOriginalId = (context: RowContext) =>
  context.cell('OrigTradeID') || context.cell('OrigTransactionID');

/** The trade an IBKR TradeCancel execution cancels (its OrigTradeID), or null. */
function readIbkrFlexCancelledId(context: RowContext): string | null {
  if (readIbkrFlexNonExecution(context, context.cell('AssetClass')) !== null) return null;
  if (!isIbkrFlexCancel(context, readIbkrFlexCode(context))) return null;
  return readIbkrFlexOriginalId(context) || null;
}

function readIbkrFlexRow(record: RawRecord, context: RowContext): RowHookResult {
  const nonExecution = readIbkrFlexNonExecution(context, record.assetClass);
  if (nonExecution !== null) return { skip: nonExecution };
  const code = readIbkrFlexCode(context);
  if (isIbkrFlexCancel(context, code)) {
    const original = readIbkrFlexOriginalId(context);
    return original === '' ? { skip: 'cancelled execution' } : { ...record, cancelsId: original };
  }
  const tradeId = context.cell('TradeID');
  const withIds = tradeId === '' ? record : { ...record, otherIds: [tradeId] };
  if (record.assetClass.toUpperCase() === 'OPT') return readIbkrCodes({ ...withIds, assetClassHint: 'option' }, code);
  return readIbkrCodes(withIds, code);
}

function readSchwabRow(record: RawRecord): RowHookResult {
  return record;
}

function readFidelityRow(record: RawRecord): RowHookResult {
  return { ...record, symbol: record.symbol.trim().replace(/^-/, '') };
}

// Robinhood writes options in Description (`SPY 1/17/2025 Call $600.00`), OEXP quantities such as
// `5S` (short contracts), and a multi-line stock description (`Tesla\nCUSIP: 88160R101`).
function readRobinhoodRow(record: RawRecord): RowHookResult {
  const description = (record.description.split('\n')[0] ?? '').replace(
    /^Option (Expiration|Assignment|Exercise) for /i,
    '',
  );
  const isOption = /\b(call|put)\b/i.test(description) && /\d+\/\d+\/\d{4}/.test(description);
  const shortMark = /^(\d+(?:\.\d+)?)S$/i.exec(record.quantity);
  return {
    ...record,
    symbol: isOption ? description : record.symbol,
    quantity: shortMark ? (shortMark[1] ?? '') : record.quantity,
    ...(isOption ? { assetClassHint: 'option' as const } : {}),
    ...(shortMark ? { eventSideHint: 'buy' as const } : {}),
  };
}

function readWebullRow(record: RawRecord, context: RowContext): RowHookResult {
  const filled = parseDecimal(record.quantity);
  if (/cancel|reject|fail|expired/i.test(record.status) || filled === null || filled === '0') {
    return { skip: 'order not filled' };
  }
  if (record.symbol === '') return { skip: 'multi-leg order summary: its legs follow' };
  if (context.cell('Name') === '' && /^[A-Z]+\d{6}[CP]\d{8}$/.test(record.symbol)) {
    return { ...record, assetClassHint: 'option' };
  }
  return record;
}

// E*TRADE 2025+: `PUT  AAPL   01/31/25   225.000` in Description, the underlying in Symbol.
function readEtradeRow(record: RawRecord): RowHookResult {
  const option = /^(PUT|CALL)\s+(\S+)\s+(\d{1,2}\/\d{1,2}\/\d{2,4})\s+([\d.]+)/i.exec(record.description.trim());
  if (option) {
    const [, right = '', root = '', date = '', strike = ''] = option;
    return { ...record, symbol: `${root} ${date} ${strike} ${right}`, assetClassHint: 'option' };
  }
  const classic = /^([A-Z.]+)-+(\d{6}[CP]\d+)$/.exec(record.symbol);
  if (classic) return { ...record, symbol: `${classic[1] ?? ''}${classic[2] ?? ''}`, assetClassHint: 'option' };
  return record;
}

function readEtradeStockPlanRow(record: RawRecord): RowHookResult {
  return record.symbol === '' ? { ...record, symbol: record.description } : record;
}

// thinkorswim Cash Balance: `BOT +300 F @10.05`, `SOLD -14 KOD @35.53`,
// `BOT +2 SPY 100 (Weeklys) 21 FEB 25 600 CALL @3.15 CBOE`.
const TOS_TRADE = /^(BOT|SOLD)\s+([+-]?[\d,.]+)\s+(.+?)\s+@\s*([\d,.]+)(?:\s+[A-Z]+)?\s*$/;

function readTosCashRow(record: RawRecord): RowHookResult {
  if (!/^\d/.test(record.date)) return { skip: 'section title or header, not a data row' };
  if (record.type === 'BAL') return { skip: 'balance line' };
  if (record.type === 'RAD' || record.type === 'EXP') {
    return { skip: 'option removal: the expiration is booked from the trade history' };
  }
  if (record.type !== 'TRD') return record.type === '' ? record : { skip: `${record.type} line, not a trade` };
  const trade = TOS_TRADE.exec(record.description.trim());
  if (!trade) return record;
  const [, verb = '', quantity = '', instrument = '', price = ''] = trade;
  if (/\b(VERTICAL|BUTTERFLY|CONDOR|IRON|STRANGLE|STRADDLE|CALENDAR|DIAGONAL|COMBO|COVERED)\b/.test(instrument)) {
    return { skip: 'multi-leg order: import the Account Trade History section for its legs' };
  }
  const isOption = /\b(CALL|PUT)\b/.test(instrument);
  return {
    ...record,
    kind: { kind: 'trade', side: verb === 'BOT' ? 'buy' : 'sell', effect: null },
    quantity: quantity.replace(/^[+-]/, ''),
    symbol: instrument.replace(/^\//, '/'),
    price,
    ...(isOption ? { assetClassHint: 'option' as const } : {}),
  };
}

function readTosTradeHistoryRow(record: RawRecord, context: RowContext): RowHookResult {
  let date = record.date;
  // Extra legs of a multi-leg order leave Exec Time blank: they share the order's time.
  for (let i = context.rowIndex - 1; date === '' && i >= 0; i--) date = context.cellAt(i, 'Exec Time');
  const right = record.optionRight.toUpperCase();
  const price = record.price === '~' || record.price === '' ? context.cell('Net Price') : record.price;
  const base = { ...record, date, price, quantity: record.quantity.replace(/^[+-]/, '') };
  if (right === 'CALL' || right === 'PUT') {
    return { ...base, symbol: `${record.symbol} ${record.expiry} ${record.strike} ${right}`, assetClassHint: 'option' };
  }
  if (record.symbol.startsWith('/')) return { ...base, assetClassHint: 'future' };
  return base;
}

// Old tdameritrade.com transactions.csv: `Sold 80 ERO @ 18.08`; ends with `***END OF FILE***`.
function readTdTransactionsRow(record: RawRecord): RowHookResult {
  if (record.date.startsWith('***')) return { skip: 'end-of-file marker' };
  return record;
}

function readVanguardRow(record: RawRecord): RowHookResult {
  if (/sweep/i.test(record.side) || /^VMFXX$/i.test(record.symbol))
    return { skip: 'settlement-fund sweep, not a trade' };
  return record;
}

function readVanguard529Row(record: RawRecord): RowHookResult {
  if (/sweep/i.test(record.side)) return { skip: 'settlement-fund sweep, not a trade' };
  return record.symbol === '' ? { ...record, symbol: toNameSymbol(record.description) } : record;
}

export const NORTH_AMERICA_PRESETS: readonly BrokerPreset[] = [
  {
    id: 'interactive-brokers',
    broker: 'Interactive Brokers',
    variant: 'Flex Query, Trade Confirmation (Executions)',
    signature: ['Symbol', 'Buy/Sell', 'Quantity', 'Price', 'Date/Time'],
    excludes: ['TradePrice', 'DataDiscriminator'],
    columns: {
      date: ['Date/Time', 'TradeDate'],
      symbol: ['Symbol'],
      side: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission'],
      amount: ['Proceeds'],
      account: ['ClientAccountID'],
      currency: ['CurrencyPrimary'],
      assetClass: ['AssetClass'],
      underlying: ['UnderlyingSymbol'],
      expiry: ['Expiry'],
      strike: ['Strike'],
      optionRight: ['Put/Call'],
      multiplier: ['Multiplier'],
      execId: ['ExecID', 'TradeID'],
      orderId: ['OrderID'],
      description: ['Description'],
      type: ['TransactionType'],
      openClose: ['Code'],
      settleDate: ['SettleDate'],
    },
    conventions: { dateOrder: 'YMD', timeZone: NY, order: 'oldestFirst', sides: 'words', feesFromAmount: false },
    readRow: readIbkrFlexRow,
    readCancelledId: readIbkrFlexCancelledId,
    brokerFigures: { net: ['NetCash'], pnl: ['FifoPnlRealized'], fxRate: ['FXRateToBase'] },
  },
  {
    id: 'interactive-brokers-activity-flex',
    broker: 'Interactive Brokers',
    variant: 'Flex Query, Activity (Trades)',
    signature: ['Symbol', 'Buy/Sell', 'Quantity', 'TradePrice'],
    columns: {
      date: ['DateTime', 'TradeDate'],
      symbol: ['Symbol'],
      side: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['TradePrice'],
      commission: ['IBCommission'],
      fees: ['Taxes'],
      amount: ['NetCash'],
      account: ['ClientAccountID'],
      currency: ['CurrencyPrimary'],
      assetClass: ['AssetClass'],
      underlying: ['UnderlyingSymbol'],
      expiry: ['Expiry'],
      strike: ['Strike'],
      optionRight: ['Put/Call'],
      multiplier: ['Multiplier'],
      execId: ['IBExecID', 'TradeID', 'TransactionID'],
      orderId: ['IBOrderID'],
      description: ['Description'],
      type: ['TransactionType'],
      openClose: ['Open/CloseIndicator'],
    },
    conventions: { dateOrder: 'YMD', timeZone: NY, order: 'oldestFirst', sides: 'words', feesFromAmount: false },
    readRow: readIbkrFlexRow,
    readCancelledId: readIbkrFlexCancelledId,
    brokerFigures: { net: ['NetCash'], pnl: ['FifoPnlRealized'], fxRate: ['FXRateToBase'] },
  },
  {
    id: 'interactive-brokers-activity-statement',
    broker: 'Interactive Brokers',
    variant: 'Activity Statement (Trades section)',
    signature: ['DataDiscriminator', 'Asset Category', 'Symbol', 'Date/Time', 'Quantity', 'T. Price'],
    columns: {
      date: ['Date/Time'],
      symbol: ['Symbol'],
      quantity: ['Quantity'],
      price: ['T. Price'],
      commission: ['Comm/Fee'],
      amount: ['Proceeds'],
      currency: ['Currency'],
      assetClass: ['Asset Category'],
      openClose: ['Code'],
    },
    conventions: {
      dateOrder: 'YMD',
      timeZone: NY,
      order: 'oldestFirst',
      sides: 'signedQuantity',
      feesFromAmount: false,
    },
    readRow: readIbkrActivityRow,
    brokerFigures: { pnl: ['Realized P/L'] },
  },
  {
    id: 'interactive-brokers-transaction-history',
    broker: 'Interactive Brokers',
    variant: 'Transaction History',
    signature: ['Transaction History', 'Header', 'Transaction Type', 'Symbol', 'Quantity', 'Price', 'Net Amount'],
    columns: {
      date: ['Date'],
      account: ['Account'],
      description: ['Description'],
      side: ['Transaction Type'],
      symbol: ['Symbol'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission'],
      amount: ['Net Amount'],
    },
    conventions: { dateOrder: 'YMD', timeZone: NY, order: 'auto', sides: 'words', feesFromAmount: false },
    readRow: (record, context) =>
      context.cells[0] === 'Transaction History' && context.cells[1] === 'Data'
        ? record
        : { skip: 'not a data row of the transaction history' },
    brokerFigures: { net: ['Net Amount'] },
  },
  {
    id: 'charles-schwab',
    broker: 'Charles Schwab',
    variant: 'Transaction history',
    signature: ['Date', 'Action', 'Symbol', 'Quantity', 'Price', 'Fees & Comm', 'Amount'],
    columns: {
      date: ['Date'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Fees & Comm'],
      amount: ['Amount'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readSchwabRow,
    brokerFigures: { net: ['Amount'] },
  },
  {
    id: 'fidelity',
    broker: 'Fidelity',
    variant: 'Account history (single account, 2024+)',
    signature: ['Run Date', 'Action', 'Symbol', 'Quantity', 'Price ($)', 'Amount ($)', 'Cash Balance ($)'],
    excludes: ['Account', 'Account Number'],
    columns: {
      date: ['Run Date'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price ($)'],
      commission: ['Commission ($)'],
      fees: ['Fees ($)'],
      amount: ['Amount ($)'],
      balance: ['Cash Balance ($)'],
      settleDate: ['Settlement Date'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readFidelityRow,
    brokerFigures: { net: ['Amount ($)'] },
  },
  {
    id: 'fidelity-classic',
    broker: 'Fidelity',
    variant: 'Account history (older single account)',
    signature: ['Run Date', 'Action', 'Symbol', 'Security Description', 'Quantity', 'Price ($)', 'Amount ($)'],
    excludes: ['Account'],
    columns: {
      date: ['Run Date'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Security Description'],
      assetClass: ['Security Type'],
      quantity: ['Quantity'],
      price: ['Price ($)'],
      commission: ['Commission ($)'],
      fees: ['Fees ($)'],
      amount: ['Amount ($)'],
      settleDate: ['Settlement Date'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readFidelityRow,
    brokerFigures: { net: ['Amount ($)'] },
  },
  {
    id: 'fidelity-all-accounts',
    broker: 'Fidelity',
    variant: 'Account history (older all accounts)',
    signature: ['Run Date', 'Account', 'Action', 'Symbol', 'Security Description', 'Quantity', 'Price ($)'],
    columns: {
      date: ['Run Date'],
      account: ['Account'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Security Description'],
      assetClass: ['Security Type'],
      quantity: ['Quantity'],
      price: ['Price ($)'],
      commission: ['Commission ($)'],
      fees: ['Fees ($)'],
      amount: ['Amount ($)'],
      settleDate: ['Settlement Date'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readFidelityRow,
    brokerFigures: { net: ['Amount ($)'] },
  },
  {
    id: 'fidelity-all-accounts-2025',
    broker: 'Fidelity',
    variant: 'Account history (all accounts, Dec 2025)',
    signature: ['Run Date', 'Account Number', 'Action', 'Symbol', 'Quantity', 'Price', 'Amount', 'Exchange Quantity'],
    columns: {
      date: ['Run Date'],
      account: ['Account Number', 'Account'],
      side: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission'],
      fees: ['Fees'],
      amount: ['Amount'],
      currency: ['Currency'],
      settleDate: ['Settlement Date'],
    },
    conventions: { dateOrder: 'MDY', timeZone: NY, order: 'newestFirst', sides: 'words', feesFromAmount: false },
    readRow: readFidelityRow,
    brokerFigures: { net: ['Amount'] },
  },
  {
    id: 'robinhood',
    broker: 'Robinhood',
    variant: 'Account activity report',
    signature: [
      'Activity Date',
      'Process Date',
      'Settle Date',
      'Instrument',
      'Trans Code',
      'Quantity',
      'Price',
      'Amount',
    ],
    columns: {
      date: ['Activity Date'],
      settleDate: ['Settle Date'],
      account: ['Account Type'],
      symbol: ['Instrument'],
      description: ['Description'],
      side: ['Trans Code'],
      quantity: ['Quantity'],
      price: ['Price'],
      amount: ['Amount'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: true,
      currency: 'USD',
      notes: [
        'Robinhood has no fee column: regulatory fees are taken from the difference between Amount and quantity × price.',
      ],
    },
    readRow: readRobinhoodRow,
  },
  {
    id: 'webull',
    broker: 'Webull',
    variant: 'Order history (stocks or options)',
    signature: ['Symbol', 'Side', 'Status', 'Filled', 'Avg Price', 'Filled Time'],
    columns: {
      date: ['Filled Time'],
      symbol: ['Symbol'],
      description: ['Name'],
      side: ['Side'],
      status: ['Status'],
      quantity: ['Filled'],
      price: ['Avg Price'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readWebullRow,
  },
  {
    id: 'webull-2025',
    broker: 'Webull',
    variant: 'Order history (newer layout)',
    signature: ['Symbol', 'Filled Qty', 'Filled Avg Price'],
    columns: {
      date: ['Fill Time', 'Filled Time'],
      symbol: ['Symbol'],
      description: ['Name'],
      side: ['Side', 'B/S'],
      type: ['Side Type'],
      status: ['Status'],
      quantity: ['Filled Qty'],
      price: ['Filled Avg Price'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readWebullRow,
  },
  {
    id: 'webull-international',
    broker: 'Webull',
    variant: 'Trade records (international / Australia)',
    signature: ['Symbol', 'Trade Date', 'Time', 'Buy/Sell', 'Quantity', 'Trade Price', 'Comm/Fee/Tax'],
    columns: {
      date: ['Trade Date'],
      time: ['Time'],
      symbol: ['Symbol'],
      description: ['Name'],
      currency: ['Currency'],
      assetClass: ['Type'],
      side: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['Trade Price'],
      amount: ['Net Amount'],
      commission: ['Comm/Fee/Tax'],
      fees: ['GST'],
    },
    conventions: { dateOrder: 'YMD', timeZone: null, order: 'auto', sides: 'words', feesFromAmount: false },
  },
  {
    id: 'e-trade',
    broker: 'E*TRADE',
    variant: 'Transaction history (2025+ "All Transactions")',
    signature: ['Activity/Trade Date', 'Activity Type', 'Description', 'Symbol', 'Quantity #', 'Price $', 'Amount $'],
    columns: {
      date: ['Activity/Trade Date'],
      settleDate: ['Settlement Date'],
      side: ['Activity Type'],
      description: ['Description'],
      symbol: ['Symbol'],
      quantity: ['Quantity #'],
      price: ['Price $'],
      amount: ['Amount $'],
      commission: ['Commission'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readEtradeRow,
  },
  {
    id: 'e-trade-classic',
    broker: 'E*TRADE',
    variant: 'Transaction history (classic)',
    signature: ['TransactionDate', 'TransactionType', 'SecurityType', 'Symbol', 'Quantity', 'Amount', 'Price'],
    columns: {
      date: ['TransactionDate'],
      side: ['TransactionType'],
      assetClass: ['SecurityType'],
      symbol: ['Symbol'],
      quantity: ['Quantity'],
      amount: ['Amount'],
      price: ['Price'],
      commission: ['Commission'],
      description: ['Description'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readEtradeRow,
  },
  {
    id: 'e-trade-stock-plan',
    broker: 'E*TRADE',
    variant: 'Stock plan transactions',
    signature: ['Date', 'Transaction type', 'Description', 'Quantity', 'Price', 'Commission', 'Fees', 'Amount'],
    columns: {
      date: ['Date'],
      side: ['Transaction type'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission'],
      fees: ['Fees'],
      amount: ['Amount'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
      notes: ['The stock-plan file has no symbol column: the description is used as the symbol.'],
    },
    readRow: readEtradeStockPlanRow,
  },
  {
    id: 'td-ameritrade',
    broker: 'TD Ameritrade',
    variant: 'thinkorswim Account Statement (Cash Balance)',
    signature: ['DATE', 'TIME', 'TYPE', 'REF #', 'DESCRIPTION', 'Commissions & Fees', 'AMOUNT', 'BALANCE'],
    columns: {
      date: ['DATE'],
      time: ['TIME'],
      type: ['TYPE'],
      execId: ['REF #'],
      description: ['DESCRIPTION'],
      fees: ['Misc Fees'],
      commission: ['Commissions & Fees'],
      amount: ['AMOUNT'],
      balance: ['BALANCE'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'oldestFirst',
      sides: 'text',
      feesFromAmount: false,
      currency: 'USD',
      dedupeIdenticalRows: false,
      notes: ['Times are in the platform time zone (Eastern unless changed in thinkorswim).'],
    },
    readRow: readTosCashRow,
  },
  {
    id: 'td-ameritrade-trade-history',
    broker: 'TD Ameritrade',
    variant: 'thinkorswim Account Statement (Account Trade History)',
    signature: ['Exec Time', 'Spread', 'Side', 'Qty', 'Pos Effect', 'Symbol', 'Price'],
    columns: {
      date: ['Exec Time'],
      side: ['Side'],
      quantity: ['Qty'],
      openClose: ['Pos Effect'],
      symbol: ['Symbol'],
      expiry: ['Exp'],
      strike: ['Strike'],
      optionRight: ['Type'],
      price: ['Price'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readTosTradeHistoryRow,
  },
  {
    id: 'td-ameritrade-transactions',
    broker: 'TD Ameritrade',
    variant: 'tdameritrade.com transactions.csv',
    signature: ['DATE', 'TRANSACTION ID', 'DESCRIPTION', 'QUANTITY', 'SYMBOL', 'PRICE', 'COMMISSION', 'AMOUNT'],
    columns: {
      date: ['DATE'],
      execId: ['TRANSACTION ID'],
      description: ['DESCRIPTION'],
      quantity: ['QUANTITY'],
      symbol: ['SYMBOL'],
      price: ['PRICE'],
      commission: ['COMMISSION'],
      amount: ['AMOUNT'],
      fees: ['REG FEE', 'SHORT-TERM RDM FEE', 'FUND REDEMPTION FEE', 'DEFERRED SALES CHARGE'],
      balance: ['NET CASH BALANCE'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'auto',
      sides: 'text',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readTdTransactionsRow,
  },
  {
    id: 'td-ameritrade-institutional',
    broker: 'TD Ameritrade',
    variant: 'Institutional transactions',
    signature: ['DATE', 'DESCRIPTION', 'SYMBOL', 'TRANS TYPE', 'QUANTITY', 'PRICE', 'NET AMOUNT', 'TRANS ID'],
    columns: {
      date: ['DATE'],
      description: ['DESCRIPTION'],
      symbol: ['SYMBOL'],
      side: ['TRANS TYPE'],
      quantity: ['QUANTITY'],
      price: ['PRICE'],
      amount: ['NET AMOUNT'],
      commission: ['COMMISSION'],
      execId: ['TRANS ID'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'auto',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readTdTransactionsRow,
  },
  {
    id: 'vanguard-us',
    broker: 'Vanguard US',
    variant: 'OfxDownload.csv (transactions)',
    signature: ['Account Number', 'Trade Date', 'Transaction Type', 'Symbol', 'Shares', 'Share Price', 'Net Amount'],
    columns: {
      account: ['Account Number'],
      date: ['Trade Date'],
      settleDate: ['Settlement Date'],
      side: ['Transaction Type'],
      description: ['Investment Name'],
      symbol: ['Symbol'],
      quantity: ['Shares'],
      price: ['Share Price'],
      commission: ['Commissions and Fees', 'Commission Fees'],
      amount: ['Net Amount'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
    },
    readRow: readVanguardRow,
  },
  {
    id: 'vanguard-us-529',
    broker: 'Vanguard US',
    variant: '529 plan transactions',
    signature: [
      'Account Number',
      'Trade Date',
      'Process Date',
      'Transaction Type',
      'Investment Name',
      'Share Price',
      'Shares',
      'Gross Amount',
      'Net Amount',
    ],
    excludes: ['Symbol'],
    columns: {
      account: ['Account Number'],
      date: ['Trade Date'],
      side: ['Transaction Type'],
      description: ['Investment Name'],
      price: ['Share Price'],
      quantity: ['Shares'],
      amount: ['Net Amount'],
    },
    conventions: {
      dateOrder: 'MDY',
      timeZone: NY,
      order: 'newestFirst',
      sides: 'words',
      feesFromAmount: false,
      currency: 'USD',
      notes: ['The 529 file has no symbol column: the fund name is used as the symbol.'],
    },
    readRow: readVanguard529Row,
  },
];
