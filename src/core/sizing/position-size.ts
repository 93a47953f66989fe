import { findFuturesContract, parseFuturesSymbol } from '../instruments/futures';
import { isInstrumentError, parseInstrument } from '../instruments/parse-instrument';
import {
  add,
  D,
  DIVISION_PLACES,
  divide,
  isPositive,
  isZero,
  multiply,
  ONE,
  roundDecimal,
  ROUNDING,
  subtract,
  toAbsolute,
  toDecimal,
  toMoneyString,
  type Decimal,
} from '../money/decimal';

/** What is being sized. ETFs size like stocks. */
export const SIZING_ASSET_TYPES = ['stock', 'etf', 'option', 'future', 'forex', 'crypto', 'cfd'] as const;
export type SizingAssetType = (typeof SIZING_ASSET_TYPES)[number];

export type RiskMode = 'percent' | 'amount';

/** Forex lot sizes in units of the base currency. */
export const LOT_UNITS = { standard: D(100_000), mini: D(10_000), micro: D(1_000) } as const;
export type LotType = keyof typeof LOT_UNITS;
export const LOT_TYPES = ['standard', 'mini', 'micro'] as const satisfies readonly LotType[];

/** Option contracts cover 100 shares unless the contract says otherwise. */
export const OPTION_MULTIPLIER = D(100);
/** Crypto trades in fractions down to 1 satoshi (8 places). */
export const CRYPTO_INCREMENT = D('0.00000001');
/** Fractional shares: 6 places, the finest step common brokers offer. */
export const FRACTIONAL_SHARE_INCREMENT = D('0.000001');

/** The asset and what it needs beyond the prices. Decimal inputs are strings as the user typed them. */
export type SizingAsset =
  | { type: 'stock' | 'etf'; isFractional?: boolean }
  | { type: 'option'; /** Default 100. */ multiplier?: string }
  | {
      type: 'future';
      /** A root (`ES`) or a contract (`ESZ25`, `/MESH6`); the point value comes from the futures table. */
      symbol: string;
      /** Overrides the table; required for a root the table does not know. */
      pointValue?: string;
    }
  | {
      type: 'forex';
      /** `EUR/USD`, `EURUSD`, `USD_JPY`… */
      pair: string;
      /** The tradeable step: one lot of this size. Default micro (1,000 units). */
      lotType?: LotType;
    }
  | { type: 'crypto' }
  | {
      type: 'cfd';
      /** Default 1. */ multiplier?: string;
      /** The smallest tradeable size; default 1. */ increment?: string;
    };

export type PositionSizeParams = {
  /** In the account currency, > 0. */
  accountSize: string;
  /** Three-letter code; default USD. */
  accountCurrency?: string;
  riskMode: RiskMode;
  /** A percentage of the account (`1` = 1 %) or an amount in the account currency. */
  risk: string;
  entry: string;
  stop: string;
  target?: string;
  /** When given, the stop must sit on its losing side. Otherwise the stop decides the direction. */
  direction?: 'long' | 'short';
  asset: SizingAsset;
  /**
   * Needed only when prices are quoted in another currency than the account's (a EUR/GBP cross, a
   * DAX future in a USD account): the market rate of the pair {@link toConversionPair} names.
   */
  conversionRate?: string;
};

export type SizingField =
  | 'accountSize'
  | 'risk'
  | 'entry'
  | 'stop'
  | 'target'
  | 'direction'
  | 'symbol'
  | 'pointValue'
  | 'pair'
  | 'multiplier'
  | 'increment'
  | 'conversionRate'
  | 'accountCurrency';

export type SizingIssueCode =
  | 'MISSING'
  | 'NOT_A_NUMBER'
  | 'NOT_POSITIVE'
  | 'RISK_OVER_100'
  | 'RISK_OVER_ACCOUNT'
  | 'STOP_AT_ENTRY'
  | 'STOP_WRONG_SIDE'
  | 'TARGET_WRONG_SIDE'
  | 'UNKNOWN_FUTURES_ROOT'
  | 'BAD_PAIR'
  | 'NEEDS_CONVERSION'
  | 'SIZE_ROUNDS_TO_ZERO';

export type SizingIssue = {
  field: SizingField;
  code: SizingIssueCode;
  message: string;
  /** SIZE_ROUNDS_TO_ZERO: the smallest risk, in the account currency, that buys one increment. */
  minimumRisk?: Decimal;
  /** SIZE_ROUNDS_TO_ZERO in percent mode: the smallest account that buys one increment at that %. */
  minimumAccount?: Decimal;
};

/** A pair between the price currency and the account currency, as the market quotes it. */
export type ConversionPair = {
  /** `GBP/USD`, `USD/JPY`. */
  pair: string;
  /** True when the pair's base is the account currency, so 1 price-currency unit = 1 ÷ rate. */
  isInverse: boolean;
};

export type ForexDetails = {
  base: string;
  quote: string;
  pipSize: Decimal;
  /** The stop distance in pips. */
  stopPips: Decimal;
  /** Value of one pip for one lot of each size, in the account currency. */
  pipValuePerLot: Record<LotType, Decimal>;
  /** The size in lots of each kind (units ÷ lot units). */
  lots: Record<LotType, Decimal>;
  lotType: LotType;
};

export type FuturesDetails = { root: string; name: string | null; pointValue: Decimal; currency: string };

export type PositionSize = {
  direction: 'long' | 'short';
  /** Shares, contracts, base-currency units (forex), coins or CFD units; a multiple of `increment`. */
  size: Decimal;
  /** The unrounded size that would risk exactly the requested amount (to 20 places). */
  exactSize: Decimal;
  increment: Decimal;
  unit: 'shares' | 'contracts' | 'units' | 'coins';
  /** |entry − stop|, in price units. */
  stopDistance: Decimal;
  /** Account currency gained or lost per 1.00 price move per unit of size (multiplier × conversion). */
  valuePerPoint: Decimal;
  /** Account currency lost per unit of size if the stop is hit. */
  riskPerUnit: Decimal;
  /** The risk asked for, in the account currency. */
  requestedRisk: Decimal;
  /** What `size` actually risks: size × riskPerUnit ≤ requestedRisk. */
  riskAmount: Decimal;
  /** riskAmount ÷ accountSize × 100. */
  riskPercent: Decimal;
  /** size × entry × valuePerPoint: what the position controls, in the account currency. */
  notional: Decimal;
  /** notional ÷ accountSize (1 = the whole account). */
  notionalToAccount: Decimal;
  /** |target − entry| ÷ |entry − stop|; null without a target. */
  rewardRisk: Decimal | null;
  /** What `size` makes at the target, in the account currency; null without a target. */
  rewardAmount: Decimal | null;
  accountCurrency: string;
  /** The pair and rate used to convert prices into the account currency, if any. */
  conversion: (ConversionPair & { rate: Decimal }) | null;
  forex: ForexDetails | null;
  future: FuturesDetails | null;
};

export type PositionSizeResult = { isOk: true; size: PositionSize } | { isOk: false; issues: SizingIssue[] };

const HUNDRED = D(100);
const LAST_PLACE = D(`1e-${DIVISION_PLACES}`);

/** An exact ratio: a conversion of 1 ÷ price stays exact until it is shown. */
type Fraction = { numerator: Decimal; denominator: Decimal };
/** Quoting precedence of the majors: the earlier currency is the pair's base (EUR/USD, USD/JPY). */
const MAJOR_ORDER = ['EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF', 'JPY'];

/**
 * The pair whose rate converts prices in `priceCurrency` into `accountCurrency`, in market order:
 * `toConversionPair('GBP', 'USD')` is GBP/USD; `toConversionPair('JPY', 'USD')` is USD/JPY (inverse).
 * Majors follow the usual precedence (EUR, GBP, AUD, NZD, USD, CAD, CHF, JPY); any other currency
 * is quoted against the major (USD/SEK, EUR/PLN).
 */
export function toConversionPair(priceCurrency: string, accountCurrency: string): ConversionPair {
  const rank = (c: string) => {
    const index = MAJOR_ORDER.indexOf(c);
    return index === -1 ? MAJOR_ORDER.length : index;
  };
  const isPriceFirst = rank(priceCurrency) < rank(accountCurrency);
  return isPriceFirst
    ? { pair: `${priceCurrency}/${accountCurrency}`, isInverse: false }
    : { pair: `${accountCurrency}/${priceCurrency}`, isInverse: true };
}

type ReadResult = { value: Decimal } | { issue: SizingIssue };

function read(raw: string | undefined, field: SizingField, label: string): ReadResult {
  const text = (raw ?? '').trim().replace(/[,_\s]/g, '');
  if (text === '') return { issue: { field, code: 'MISSING', message: `Enter the ${label}.` } };
  const value = toDecimal(text);
  if (value === null) return { issue: { field, code: 'NOT_A_NUMBER', message: `The ${label} is not a number.` } };
  if (!isPositive(value))
    return { issue: { field, code: 'NOT_POSITIVE', message: `The ${label} must be greater than 0.` } };
  return { value };
}

/** Groups thousands for messages: 25000.00 → 25,000.00. */
function toAmountText(value: Decimal, currency: string): string {
  const [whole = '0', fraction] = toMoneyString(value).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction ?? '00'} ${currency}`;
}

type AssetTerms = {
  increment: Decimal;
  unit: PositionSize['unit'];
  /** Currency value of a 1.00 price move per unit of size, in the price currency. */
  multiplier: Decimal;
  priceCurrency: string;
  forex: { base: string; quote: string; pipSize: Decimal; lotType: LotType } | null;
  future: FuturesDetails | null;
};

function readAssetTerms(asset: SizingAsset, accountCurrency: string, issues: SizingIssue[]): AssetTerms | null {
  switch (asset.type) {
    case 'stock':
    case 'etf':
      return {
        increment: asset.isFractional ? FRACTIONAL_SHARE_INCREMENT : ONE,
        unit: 'shares',
        multiplier: ONE,
        priceCurrency: accountCurrency,
        forex: null,
        future: null,
      };
    case 'option': {
      const multiplier = optionalPositive(asset.multiplier, 'multiplier', 'multiplier', OPTION_MULTIPLIER, issues);
      return multiplier
        ? { increment: ONE, unit: 'contracts', multiplier, priceCurrency: accountCurrency, forex: null, future: null }
        : null;
    }
    case 'cfd': {
      const multiplier = optionalPositive(asset.multiplier, 'multiplier', 'multiplier', ONE, issues);
      const increment = optionalPositive(asset.increment, 'increment', 'smallest size', ONE, issues);
      return multiplier && increment
        ? { increment, unit: 'units', multiplier, priceCurrency: accountCurrency, forex: null, future: null }
        : null;
    }
    case 'crypto':
      return {
        increment: CRYPTO_INCREMENT,
        unit: 'coins',
        multiplier: ONE,
        priceCurrency: accountCurrency,
        forex: null,
        future: null,
      };
    case 'future':
      return readFutureTerms(asset, accountCurrency, issues);
    case 'forex': {
      const instrument = parseInstrument(asset.pair, { assetClass: 'forex' });
      if (isInstrumentError(instrument) || !instrument.baseCurrency || !instrument.quoteCurrency) {
        issues.push({
          field: 'pair',
          code: asset.pair.trim() === '' ? 'MISSING' : 'BAD_PAIR',
          message:
            asset.pair.trim() === ''
              ? 'Enter the currency pair.'
              : `"${asset.pair.trim()}" is not a currency pair such as EUR/USD.`,
        });
        return null;
      }
      const lotType = asset.lotType ?? 'micro';
      return {
        increment: LOT_UNITS[lotType],
        unit: 'units',
        multiplier: ONE,
        priceCurrency: instrument.quoteCurrency,
        forex: {
          base: instrument.baseCurrency,
          quote: instrument.quoteCurrency,
          pipSize: instrument.pipSize ?? D('0.0001'),
          lotType,
        },
        future: null,
      };
    }
  }
}

function optionalPositive(
  raw: string | undefined,
  field: SizingField,
  label: string,
  fallback: Decimal,
  issues: SizingIssue[],
): Decimal | null {
  if (raw === undefined || raw.trim() === '') return fallback;
  const result = read(raw, field, label);
  if ('issue' in result) {
    issues.push(result.issue);
    return null;
  }
  return result.value;
}

function readFutureTerms(
  asset: Extract<SizingAsset, { type: 'future' }>,
  accountCurrency: string,
  issues: SizingIssue[],
): AssetTerms | null {
  const symbol = asset.symbol.trim();
  if (symbol === '') {
    issues.push({ field: 'symbol', code: 'MISSING', message: 'Enter the futures symbol, such as ES or MNQ.' });
    return null;
  }
  const root = parseFuturesSymbol(symbol, { allowBare: true })?.root ?? symbol.toUpperCase();
  const contract = findFuturesContract(root);
  const hasOverride = asset.pointValue !== undefined && asset.pointValue.trim() !== '';
  if (!contract && !hasOverride) {
    issues.push({
      field: 'symbol',
      code: 'UNKNOWN_FUTURES_ROOT',
      message: `No point value is known for ${root}; enter the point value.`,
    });
    return null;
  }
  const pointValue = hasOverride
    ? optionalPositive(asset.pointValue, 'pointValue', 'point value', ONE, issues)
    : D(contract?.pointValue ?? '1');
  if (!pointValue) return null;
  const currency = contract?.currency ?? accountCurrency;
  return {
    increment: ONE,
    unit: 'contracts',
    multiplier: pointValue,
    priceCurrency: currency,
    forex: null,
    future: { root, name: contract?.name ?? null, pointValue, currency },
  };
}

/**
 * Account currency per 1 unit of the price currency: 1 when they match; 1 ÷ entry for a pair based
 * in the account currency (USD/JPY in a USD account: a pip is worth pip size × units ÷ price);
 * otherwise from the given rate of {@link toConversionPair}'s pair.
 */
function readConversion(
  terms: AssetTerms,
  params: PositionSizeParams,
  accountCurrency: string,
  entry: Decimal,
  issues: SizingIssue[],
): { factor: Fraction; conversion: PositionSize['conversion'] } | null {
  if (terms.priceCurrency === accountCurrency)
    return { factor: { numerator: ONE, denominator: ONE }, conversion: null };
  if (terms.forex && terms.forex.base === accountCurrency) {
    return {
      factor: { numerator: ONE, denominator: entry },
      conversion: { pair: `${terms.forex.base}/${terms.forex.quote}`, isInverse: true, rate: entry },
    };
  }
  const pair = toConversionPair(terms.priceCurrency, accountCurrency);
  const raw = params.conversionRate ?? '';
  if (raw.trim() === '') {
    issues.push({
      field: 'conversionRate',
      code: 'NEEDS_CONVERSION',
      message: `Prices are in ${terms.priceCurrency}: enter the ${pair.pair} rate to convert them to ${accountCurrency}.`,
    });
    return null;
  }
  const rate = read(raw, 'conversionRate', `${pair.pair} rate`);
  if ('issue' in rate) {
    issues.push(rate.issue);
    return null;
  }
  return {
    factor: pair.isInverse ? { numerator: ONE, denominator: rate.value } : { numerator: rate.value, denominator: ONE },
    conversion: { ...pair, rate: rate.value },
  };
}

/**
 * The largest position whose loss at the stop does not exceed the risk asked for.
 *
 * Units: prices in the instrument's quote (futures points, option premium per share, forex rate);
 * amounts in the account currency. Size is in shares, contracts, base-currency units (forex) or
 * coins, rounded DOWN to the tradeable increment (1 share or contract; 1 lot of the chosen forex lot
 * size; 0.00000001 coin; 0.000001 fractional share), so the risk actually taken never exceeds the
 * request. Direction comes from the stop: below the entry is long, above is short. Reward:risk is
 * measured on prices, so it does not depend on the size. All arithmetic is exact except the
 * divisions (risk ÷ risk per unit, the 1 ÷ price of an account-based forex pair), which keep 20
 * places; the rounding-down is then checked by exact multiplication.
 *
 * Expected failures (missing or bad numbers, a stop at the entry or on the wrong side, a target
 * on the stop's side, risk over 100 % or over the account, a size that rounds to zero) come back as
 * issues, each naming the field it belongs to.
 */
export function computePositionSize(params: PositionSizeParams): PositionSizeResult {
  const issues: SizingIssue[] = [];
  const accountCurrency = (params.accountCurrency ?? 'USD').trim().toUpperCase() || 'USD';
  const take = (result: ReadResult): Decimal | null => {
    if ('issue' in result) {
      issues.push(result.issue);
      return null;
    }
    return result.value;
  };
  const account = take(read(params.accountSize, 'accountSize', 'account size'));
  const riskInput = take(read(params.risk, 'risk', params.riskMode === 'percent' ? 'risk percentage' : 'risk amount'));
  const entry = take(read(params.entry, 'entry', 'entry price'));
  const stop = take(read(params.stop, 'stop', 'stop price'));
  const hasTarget = params.target !== undefined && params.target.trim() !== '';
  const target = hasTarget ? take(read(params.target, 'target', 'target price')) : null;
  const terms = readAssetTerms(params.asset, accountCurrency, issues);

  if (riskInput && params.riskMode === 'percent' && riskInput.gt(HUNDRED)) {
    issues.push({ field: 'risk', code: 'RISK_OVER_100', message: 'The risk cannot be more than 100% of the account.' });
  }
  if (riskInput && account && params.riskMode === 'amount' && riskInput.gt(account)) {
    issues.push({
      field: 'risk',
      code: 'RISK_OVER_ACCOUNT',
      message: 'The risk cannot be more than the account size.',
    });
  }

  let direction: 'long' | 'short' | null = null;
  if (entry && stop) {
    if (stop.eq(entry)) {
      issues.push({
        field: 'stop',
        code: 'STOP_AT_ENTRY',
        message: 'The stop equals the entry, so nothing would be at risk.',
      });
    } else {
      direction = stop.lt(entry) ? 'long' : 'short';
      if (params.direction && params.direction !== direction) {
        issues.push({
          field: 'stop',
          code: 'STOP_WRONG_SIDE',
          message:
            params.direction === 'long'
              ? 'For a long, the stop must be below the entry.'
              : 'For a short, the stop must be above the entry.',
        });
        direction = null;
      }
    }
  }
  if (direction && entry && target) {
    const isProfitSide = direction === 'long' ? target.gt(entry) : target.lt(entry);
    if (!isProfitSide) {
      issues.push({
        field: 'target',
        code: 'TARGET_WRONG_SIDE',
        message:
          direction === 'long'
            ? 'With the stop below the entry (a long), the target must be above the entry.'
            : 'With the stop above the entry (a short), the target must be below the entry.',
      });
    }
  }

  const converted = terms && entry ? readConversion(terms, params, accountCurrency, entry, issues) : null;
  if (issues.length > 0 || !account || !riskInput || !entry || !stop || !terms || !direction || !converted) {
    return { isOk: false, issues };
  }

  const requestedRisk = params.riskMode === 'percent' ? divide(multiply(account, riskInput), HUNDRED) : riskInput;
  const stopDistance = toAbsolute(subtract(entry, stop));
  // Amounts are kept as numerator ÷ denominator (the conversion's) until the end, so a 1 ÷ price
  // conversion never rounds before the size is decided.
  const { numerator, denominator } = converted.factor;
  const toAccount = (priceAmount: Decimal) => multiply(priceAmount, multiply(terms.multiplier, numerator));
  const riskPerUnitScaled = toAccount(stopDistance);
  const riskPerIncrementScaled = multiply(riskPerUnitScaled, terms.increment);
  const budgetScaled = multiply(requestedRisk, denominator);
  const size = multiply(toWholeIncrements(budgetScaled, riskPerIncrementScaled), terms.increment);
  const riskPerIncrement = divideRoundingUp(riskPerIncrementScaled, denominator);

  if (isZero(size)) {
    const minimumAccount =
      params.riskMode === 'percent' ? divide(multiply(riskPerIncrement, HUNDRED), riskInput) : undefined;
    const one = `${toSizeText(terms.increment)} ${toUnitName(terms, terms.increment)}`;
    issues.push({
      field: 'risk',
      code: 'SIZE_ROUNDS_TO_ZERO',
      message:
        `Risking ${toAmountText(requestedRisk, accountCurrency)} buys less than ${one}: ${one} risks ` +
        `${toAmountText(riskPerIncrement, accountCurrency)} with this stop. Risk at least that much` +
        (minimumAccount
          ? `, or size it from an account of at least ${toAmountText(minimumAccount, accountCurrency)}.`
          : '.'),
      minimumRisk: riskPerIncrement,
      ...(minimumAccount ? { minimumAccount } : {}),
    });
    return { isOk: false, issues };
  }

  const riskAmount = divideRoundingDown(multiply(size, riskPerUnitScaled), denominator);
  const notional = divide(toAccount(multiply(size, entry)), denominator);
  const valuePerPoint = divide(toAccount(ONE), denominator);
  const rewardDistance = target ? toAbsolute(subtract(target, entry)) : null;
  const forex = terms.forex;
  return {
    isOk: true,
    size: {
      direction,
      size,
      exactSize: divide(budgetScaled, riskPerUnitScaled),
      increment: terms.increment,
      unit: terms.unit,
      stopDistance,
      valuePerPoint,
      riskPerUnit: divide(riskPerUnitScaled, denominator),
      requestedRisk,
      riskAmount,
      riskPercent: divide(multiply(riskAmount, HUNDRED), account),
      notional,
      notionalToAccount: divide(notional, account),
      rewardRisk: rewardDistance ? divide(rewardDistance, stopDistance) : null,
      rewardAmount: rewardDistance ? divide(toAccount(multiply(size, rewardDistance)), denominator) : null,
      accountCurrency,
      conversion: converted.conversion,
      forex: forex
        ? {
            base: forex.base,
            quote: forex.quote,
            pipSize: forex.pipSize,
            stopPips: divide(stopDistance, forex.pipSize),
            pipValuePerLot: {
              standard: divide(toAccount(multiply(forex.pipSize, LOT_UNITS.standard)), denominator),
              mini: divide(toAccount(multiply(forex.pipSize, LOT_UNITS.mini)), denominator),
              micro: divide(toAccount(multiply(forex.pipSize, LOT_UNITS.micro)), denominator),
            },
            lots: {
              standard: divide(size, LOT_UNITS.standard),
              mini: divide(size, LOT_UNITS.mini),
              micro: divide(size, LOT_UNITS.micro),
            },
            lotType: forex.lotType,
          }
        : null,
      future: terms.future,
    },
  };
}

/** a ÷ b to 20 places, never above the exact quotient (for an amount at risk). */
function divideRoundingDown(a: Decimal, b: Decimal): Decimal {
  const quotient = divide(a, b);
  return multiply(quotient, b).gt(a) ? subtract(quotient, LAST_PLACE) : quotient;
}

/** a ÷ b to 20 places, never below the exact quotient (for a minimum that must suffice). */
function divideRoundingUp(a: Decimal, b: Decimal): Decimal {
  const quotient = divide(a, b);
  return multiply(quotient, b).lt(a) ? add(quotient, LAST_PLACE) : quotient;
}

/**
 * ⌊budget ÷ step⌋ as a Decimal, exact: the 20-place quotient is floored, then corrected by exact
 * multiplication in case its last-place rounding crossed a whole number.
 */
function toWholeIncrements(budget: Decimal, step: Decimal): Decimal {
  let count = roundDecimal(divide(budget, step), 0, ROUNDING.down);
  while (isPositive(count) && multiply(count, step).gt(budget)) count = subtract(count, ONE);
  while (!multiply(add(count, ONE), step).gt(budget)) count = add(count, ONE);
  return count;
}

function toSizeText(value: Decimal): string {
  return value.toString();
}

function toUnitName(terms: AssetTerms, amount: Decimal): string {
  const isOne = amount.eq(ONE);
  switch (terms.unit) {
    case 'shares':
      return isOne ? 'share' : 'shares';
    case 'contracts':
      return isOne ? 'contract' : 'contracts';
    case 'coins':
      return 'coins';
    case 'units':
      return terms.forex ? `${terms.forex.base} (1 ${terms.forex.lotType} lot)` : isOne ? 'unit' : 'units';
  }
}
