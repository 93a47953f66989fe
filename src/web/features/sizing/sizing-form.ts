import type { AccountJson } from '../../../contracts/trades';
import { isInstrumentError, parseInstrument } from '../../../core/instruments/parse-instrument';
import { findFuturesContract, parseFuturesSymbol } from '../../../core/instruments/futures';
import { add, toDecimal, ZERO, type Decimal } from '../../../core/money/decimal';
import {
  toConversionPair,
  type LotType,
  type PositionSize,
  type PositionSizeParams,
  type RiskMode,
  type SizingAsset,
  type SizingAssetType,
  type SizingField,
  type SizingIssue,
} from '../../../core/sizing/position-size';

/** Everything the calculator's inputs hold, as typed. */
export type SizingForm = {
  accountSize: string;
  riskMode: RiskMode;
  risk: string;
  entry: string;
  stop: string;
  target: string;
  assetType: SizingAssetType;
  /** Futures symbol or root. */
  symbol: string;
  /** Futures point value override (needed for roots the table lacks). */
  pointValue: string;
  pair: string;
  lotType: LotType;
  /** Options and CFDs. */
  multiplier: string;
  /** CFDs: the smallest tradeable size. */
  increment: string;
  isFractional: boolean;
  conversionRate: string;
};

export const DEFAULT_SIZING_FORM: SizingForm = {
  accountSize: '',
  riskMode: 'percent',
  risk: '1',
  entry: '',
  stop: '',
  target: '',
  assetType: 'stock',
  symbol: '',
  pointValue: '',
  pair: 'EUR/USD',
  lotType: 'micro',
  multiplier: '',
  increment: '',
  isFractional: false,
  conversionRate: '',
};

export const ASSET_TYPE_LABELS: Record<SizingAssetType, string> = {
  stock: 'Stock',
  etf: 'ETF',
  option: 'Option',
  future: 'Future',
  forex: 'Forex',
  crypto: 'Crypto',
  cfd: 'CFD',
};

export const LOT_LABELS: Record<LotType, string> = {
  standard: 'Standard (100,000)',
  mini: 'Mini (10,000)',
  micro: 'Micro (1,000)',
};

function toAsset(form: SizingForm): SizingAsset {
  switch (form.assetType) {
    case 'stock':
    case 'etf':
      return { type: form.assetType, isFractional: form.isFractional };
    case 'option':
      return { type: 'option', multiplier: form.multiplier };
    case 'future':
      return { type: 'future', symbol: form.symbol, pointValue: form.pointValue };
    case 'forex':
      return { type: 'forex', pair: form.pair, lotType: form.lotType };
    case 'crypto':
      return { type: 'crypto' };
    case 'cfd':
      return { type: 'cfd', multiplier: form.multiplier, increment: form.increment };
  }
}

/** The core calculator's parameters for the form. */
export function toSizingParams(
  form: SizingForm,
  options: { accountCurrency?: string; direction?: 'long' | 'short' } = {},
): PositionSizeParams {
  return {
    accountSize: form.accountSize,
    accountCurrency: options.accountCurrency ?? 'USD',
    riskMode: form.riskMode,
    risk: form.risk,
    entry: form.entry,
    stop: form.stop,
    target: form.target,
    ...(options.direction ? { direction: options.direction } : {}),
    asset: toAsset(form),
    conversionRate: form.conversionRate,
  };
}

/**
 * The asset a trade symbol names, for the trade form's panel: `ESZ25` a future, `EUR/USD` forex,
 * `BTC-USD` crypto, an OCC symbol an option, anything else a stock.
 */
export function toAssetGuess(symbol: string): Pick<SizingForm, 'assetType' | 'symbol' | 'pair'> | null {
  const text = symbol.trim();
  if (text === '') return null;
  const instrument = parseInstrument(text);
  if (!isInstrumentError(instrument)) {
    switch (instrument.assetClass) {
      case 'future':
        return { assetType: 'future', symbol: text, pair: '' };
      case 'forex':
        return { assetType: 'forex', symbol: '', pair: instrument.symbol };
      case 'crypto':
      case 'option':
        return { assetType: instrument.assetClass, symbol: '', pair: '' };
      default:
        break;
    }
  }
  // A bare futures root (`MES`, `/ES`) reads as a stock ticker; the table decides.
  const root = parseFuturesSymbol(text, { allowBare: true })?.root;
  if (root && text.startsWith('/') && findFuturesContract(root)) return { assetType: 'future', symbol: text, pair: '' };
  return { assetType: 'stock', symbol: '', pair: '' };
}

/**
 * The default account size: the starting balances of the accounts in the first account's
 * currency, added; null when there is no account or the total is 0.
 */
export function toDefaultAccountSize(accounts: AccountJson[]): { amount: string; currency: string } | null {
  const currency = accounts[0]?.currency;
  if (!currency) return null;
  let total: Decimal = ZERO;
  for (const account of accounts) {
    const balance = account.currency === currency ? toDecimal(account.startingBalance) : null;
    if (balance) total = add(total, balance);
  }
  return total.gt(0) ? { amount: total.toString(), currency } : null;
}

/** Field errors worth showing next to an input: not "missing", which the results explain. */
export function toFieldErrors(issues: SizingIssue[]): Partial<Record<SizingField, string>> {
  const errors: Partial<Record<SizingField, string>> = {};
  for (const issue of issues) {
    if (issue.code === 'MISSING' || issue.code === 'SIZE_ROUNDS_TO_ZERO' || issue.code === 'NEEDS_CONVERSION') continue;
    errors[issue.field] ??= issue.message;
  }
  return errors;
}

/** The conversion pair to ask for when prices are in another currency than the account's, else null. */
export function toNeededConversion(form: SizingForm, accountCurrency: string): string | null {
  let priceCurrency: string | null = null;
  if (form.assetType === 'forex') {
    const pair = parseInstrument(form.pair, { assetClass: 'forex' });
    if (isInstrumentError(pair) || pair.baseCurrency === accountCurrency) return null;
    priceCurrency = pair.quoteCurrency;
  } else if (form.assetType === 'future') {
    const root = parseFuturesSymbol(form.symbol, { allowBare: true })?.root;
    priceCurrency = (root && findFuturesContract(root)?.currency) ?? null;
  }
  if (!priceCurrency || priceCurrency === accountCurrency) return null;
  return toConversionPair(priceCurrency, accountCurrency).pair;
}

/** The futures contract the symbol names, for showing its point value. */
export function toFuturesInfo(
  symbol: string,
): { root: string; name: string; pointValue: string; currency: string } | null {
  const root = parseFuturesSymbol(symbol, { allowBare: true })?.root;
  const contract = root ? findFuturesContract(root) : undefined;
  return root && contract ? { root, ...contract } : null;
}

// ------------------------------------------------------------------------------------------------
// Display

function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A quantity as typed into the quantity field: plain digits, no grouping. */
export function toQuantityText(size: PositionSize): string {
  return size.size.toString();
}

/** "125 shares", "1 contract", "20,000 units", "0.03333333 coins". */
export function formatSize(size: PositionSize): string {
  const amount = groupThousands(size.size.toString());
  const isOne = size.size.eq(1);
  switch (size.unit) {
    case 'shares':
      return `${amount} ${isOne ? 'share' : 'shares'}`;
    case 'contracts':
      return `${amount} ${isOne ? 'contract' : 'contracts'}`;
    case 'coins':
      return `${amount} ${isOne ? 'coin' : 'coins'}`;
    case 'units':
      return size.forex ? `${amount} ${size.forex.base}` : `${amount} ${isOne ? 'unit' : 'units'}`;
  }
}

/** A decimal to at most `places` places, grouped, trailing zeros dropped: 0.20000 → 0.2. */
export function formatNumber(value: Decimal, places = 2): string {
  const fixed = value.round(places, 0).toFixed(places);
  return groupThousands(fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed);
}

/** Reward:risk as "3.00 : 1". */
export function formatRewardRisk(value: Decimal): string {
  return `${value.toFixed(2)} : 1`;
}

/** riskPercent to two places: "0.99%". Rounded down, as the risk itself is. */
export function formatPercent(value: Decimal): string {
  return `${value.round(2, 0).toFixed(2)}%`;
}

/**
 * The risk after switching between % and money, keeping its value where the account size allows:
 * 1 % of 25,000 becomes 250; 250 of 25,000 becomes 1 %.
 */
export function toToggledRisk(form: SizingForm, riskMode: RiskMode): Pick<SizingForm, 'riskMode' | 'risk'> {
  if (riskMode === form.riskMode) return { riskMode, risk: form.risk };
  const account = toDecimal(form.accountSize.replace(/[,_\s]/g, ''));
  const risk = toDecimal(form.risk.replace(/[,_\s]/g, ''));
  if (!account || !risk || !account.gt(0) || !risk.gt(0)) return { riskMode, risk: form.risk };
  const next =
    riskMode === 'amount' ? account.times(risk).div(100).round(2, 0) : risk.times(100).div(account).round(4, 0);
  return { riskMode, risk: next.toString() };
}
