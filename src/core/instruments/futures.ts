/**
 * Futures contracts: point values and month codes.
 *
 * `pointValue` is the currency value of a move of 1.00 in the price as the exchange quotes it
 * (CME/ICE/Eurex contract specifications), i.e. the multiplier: P&L = Δprice × contracts ×
 * pointValue. Grains and livestock are quoted in cents, so ZC's 5,000 bushels make 50 (USD per
 * cent); treasuries are quoted in points of par, so ZN's $100,000 face makes 1000.
 */
export type FuturesContract = {
  name: string;
  exchange: string;
  /** Decimal string, read with `D` where needed. */
  pointValue: string;
  currency: string;
};

export const FUTURES_CONTRACTS: Readonly<Record<string, FuturesContract>> = {
  // Equity index
  ES: { name: 'E-mini S&P 500', exchange: 'CME', pointValue: '50', currency: 'USD' },
  MES: { name: 'Micro E-mini S&P 500', exchange: 'CME', pointValue: '5', currency: 'USD' },
  NQ: { name: 'E-mini Nasdaq-100', exchange: 'CME', pointValue: '20', currency: 'USD' },
  MNQ: { name: 'Micro E-mini Nasdaq-100', exchange: 'CME', pointValue: '2', currency: 'USD' },
  YM: { name: 'E-mini Dow ($5)', exchange: 'CBOT', pointValue: '5', currency: 'USD' },
  MYM: { name: 'Micro E-mini Dow', exchange: 'CBOT', pointValue: '0.5', currency: 'USD' },
  RTY: { name: 'E-mini Russell 2000', exchange: 'CME', pointValue: '50', currency: 'USD' },
  M2K: { name: 'Micro E-mini Russell 2000', exchange: 'CME', pointValue: '5', currency: 'USD' },
  EMD: { name: 'E-mini S&P MidCap 400', exchange: 'CME', pointValue: '100', currency: 'USD' },
  NKD: { name: 'Nikkei 225 (USD)', exchange: 'CME', pointValue: '5', currency: 'USD' },
  // Energy
  CL: { name: 'Crude Oil (WTI)', exchange: 'NYMEX', pointValue: '1000', currency: 'USD' },
  MCL: { name: 'Micro WTI Crude Oil', exchange: 'NYMEX', pointValue: '100', currency: 'USD' },
  QM: { name: 'E-mini Crude Oil', exchange: 'NYMEX', pointValue: '500', currency: 'USD' },
  BZ: { name: 'Brent Crude Oil (last day)', exchange: 'NYMEX', pointValue: '1000', currency: 'USD' },
  NG: { name: 'Henry Hub Natural Gas', exchange: 'NYMEX', pointValue: '10000', currency: 'USD' },
  QG: { name: 'E-mini Natural Gas', exchange: 'NYMEX', pointValue: '2500', currency: 'USD' },
  HO: { name: 'NY Harbor ULSD (heating oil)', exchange: 'NYMEX', pointValue: '42000', currency: 'USD' },
  RB: { name: 'RBOB Gasoline', exchange: 'NYMEX', pointValue: '42000', currency: 'USD' },
  // Metals
  GC: { name: 'Gold', exchange: 'COMEX', pointValue: '100', currency: 'USD' },
  MGC: { name: 'Micro Gold', exchange: 'COMEX', pointValue: '10', currency: 'USD' },
  SI: { name: 'Silver', exchange: 'COMEX', pointValue: '5000', currency: 'USD' },
  SIL: { name: 'Micro Silver (1,000 oz)', exchange: 'COMEX', pointValue: '1000', currency: 'USD' },
  HG: { name: 'Copper', exchange: 'COMEX', pointValue: '25000', currency: 'USD' },
  MHG: { name: 'Micro Copper', exchange: 'COMEX', pointValue: '2500', currency: 'USD' },
  PL: { name: 'Platinum', exchange: 'NYMEX', pointValue: '50', currency: 'USD' },
  PA: { name: 'Palladium', exchange: 'NYMEX', pointValue: '100', currency: 'USD' },
  // Interest rates
  ZB: { name: 'U.S. Treasury Bond', exchange: 'CBOT', pointValue: '1000', currency: 'USD' },
  UB: { name: 'Ultra U.S. Treasury Bond', exchange: 'CBOT', pointValue: '1000', currency: 'USD' },
  ZN: { name: '10-Year T-Note', exchange: 'CBOT', pointValue: '1000', currency: 'USD' },
  TN: { name: 'Ultra 10-Year T-Note', exchange: 'CBOT', pointValue: '1000', currency: 'USD' },
  ZF: { name: '5-Year T-Note', exchange: 'CBOT', pointValue: '1000', currency: 'USD' },
  ZT: { name: '2-Year T-Note', exchange: 'CBOT', pointValue: '2000', currency: 'USD' },
  SR3: { name: 'Three-Month SOFR', exchange: 'CME', pointValue: '2500', currency: 'USD' },
  // Currencies (USD per unit of the foreign currency)
  '6E': { name: 'Euro FX', exchange: 'CME', pointValue: '125000', currency: 'USD' },
  M6E: { name: 'Micro EUR/USD', exchange: 'CME', pointValue: '12500', currency: 'USD' },
  '6J': { name: 'Japanese Yen', exchange: 'CME', pointValue: '12500000', currency: 'USD' },
  '6B': { name: 'British Pound', exchange: 'CME', pointValue: '62500', currency: 'USD' },
  M6B: { name: 'Micro GBP/USD', exchange: 'CME', pointValue: '6250', currency: 'USD' },
  '6A': { name: 'Australian Dollar', exchange: 'CME', pointValue: '100000', currency: 'USD' },
  M6A: { name: 'Micro AUD/USD', exchange: 'CME', pointValue: '10000', currency: 'USD' },
  '6C': { name: 'Canadian Dollar', exchange: 'CME', pointValue: '100000', currency: 'USD' },
  '6S': { name: 'Swiss Franc', exchange: 'CME', pointValue: '125000', currency: 'USD' },
  '6N': { name: 'New Zealand Dollar', exchange: 'CME', pointValue: '100000', currency: 'USD' },
  '6M': { name: 'Mexican Peso', exchange: 'CME', pointValue: '500000', currency: 'USD' },
  // Agriculture (grains and livestock quoted in cents)
  ZC: { name: 'Corn', exchange: 'CBOT', pointValue: '50', currency: 'USD' },
  ZS: { name: 'Soybeans', exchange: 'CBOT', pointValue: '50', currency: 'USD' },
  ZW: { name: 'Chicago SRW Wheat', exchange: 'CBOT', pointValue: '50', currency: 'USD' },
  KE: { name: 'KC HRW Wheat', exchange: 'CBOT', pointValue: '50', currency: 'USD' },
  ZM: { name: 'Soybean Meal', exchange: 'CBOT', pointValue: '100', currency: 'USD' },
  ZL: { name: 'Soybean Oil', exchange: 'CBOT', pointValue: '600', currency: 'USD' },
  LE: { name: 'Live Cattle', exchange: 'CME', pointValue: '400', currency: 'USD' },
  HE: { name: 'Lean Hogs', exchange: 'CME', pointValue: '400', currency: 'USD' },
  GF: { name: 'Feeder Cattle', exchange: 'CME', pointValue: '500', currency: 'USD' },
  // Volatility and crypto
  VX: { name: 'Cboe VIX', exchange: 'CFE', pointValue: '1000', currency: 'USD' },
  VXM: { name: 'Mini Cboe VIX', exchange: 'CFE', pointValue: '100', currency: 'USD' },
  BTC: { name: 'Bitcoin', exchange: 'CME', pointValue: '5', currency: 'USD' },
  MBT: { name: 'Micro Bitcoin', exchange: 'CME', pointValue: '0.1', currency: 'USD' },
  ETH: { name: 'Ether', exchange: 'CME', pointValue: '50', currency: 'USD' },
  MET: { name: 'Micro Ether', exchange: 'CME', pointValue: '0.1', currency: 'USD' },
  // Eurex
  FDAX: { name: 'DAX', exchange: 'EUREX', pointValue: '25', currency: 'EUR' },
  FDXM: { name: 'Mini-DAX', exchange: 'EUREX', pointValue: '5', currency: 'EUR' },
  FDXS: { name: 'Micro-DAX', exchange: 'EUREX', pointValue: '1', currency: 'EUR' },
  FESX: { name: 'EURO STOXX 50', exchange: 'EUREX', pointValue: '10', currency: 'EUR' },
  FGBL: { name: 'Euro-Bund', exchange: 'EUREX', pointValue: '1000', currency: 'EUR' },
};

/** The contract of a root, or undefined when the table does not know it. */
export function findFuturesContract(root: string): FuturesContract | undefined {
  return Object.hasOwn(FUTURES_CONTRACTS, root) ? FUTURES_CONTRACTS[root] : undefined;
}

/** Month codes, F = January … Z = December. */
export const MONTH_CODES = ['F', 'G', 'H', 'J', 'K', 'M', 'N', 'Q', 'U', 'V', 'X', 'Z'] as const;
export type MonthCode = (typeof MONTH_CODES)[number];

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** A futures symbol split into its parts. */
export type FuturesSymbol = {
  root: string;
  /** 1–12; null for a continuous or bare root. */
  month: number | null;
  /** Four-digit year; null when absent or when a one-digit year had no reference year. */
  year: number | null;
  /** The year digit as written, kept when `year` could not be resolved (`ESZ4` without a date). */
  yearDigit: number | null;
};

export type ParseFuturesOptions = {
  /** Resolves one-digit years (`ESZ4`): the first year ≥ this one ending in that digit. */
  referenceYear?: number;
};

const CODE_FORM = /^\/?([A-Z0-9]{1,5}?)([FGHJKMNQUVXZ])(\d{1,2}|\d{4})$/;
const NINJA_FORM = /^\/?([A-Z0-9]{1,5}) (\d{2})-(\d{2})$/;
const NAME_FORM = /^\/?([A-Z0-9]{1,5}) ?(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[ ']*(\d{2}|\d{4})$/;
const CONTINUOUS_FORM = /^\/?([A-Z0-9]{1,5})[12]!$/;
const BARE_FORM = /^\/?([A-Z0-9]{1,5})$/;

/**
 * Splits a futures symbol: `ESZ4`, `ESZ24`, `ESZ2024`, `/ESZ24` (thinkorswim), `MNQH5`, `6EM25`,
 * `ES 12-24` (NinjaTrader), `ES DEC24` / `ES DEC 2024`, `ES1!` (TradingView continuous) and, when
 * `allowBare` is set, a bare root `ES`. Case and surrounding spaces are ignored. The root is not
 * checked against {@link FUTURES_CONTRACTS}: the caller decides whether an unknown root is a
 * future. Two-digit years are 20YY. Returns null for anything else.
 */
export function parseFuturesSymbol(
  text: string,
  options: ParseFuturesOptions & { allowBare?: boolean } = {},
): FuturesSymbol | null {
  const symbol = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const code = CODE_FORM.exec(symbol);
  if (code) {
    const [, root = '', monthCode = '', yearText = ''] = code;
    return withYear(root, MONTH_CODES.indexOf(monthCode as MonthCode) + 1, yearText, options.referenceYear);
  }
  const ninja = NINJA_FORM.exec(symbol);
  if (ninja) {
    const [, root = '', monthText = '', yearText = ''] = ninja;
    const month = Number(monthText);
    return month >= 1 && month <= 12 ? withYear(root, month, yearText, options.referenceYear) : null;
  }
  const named = NAME_FORM.exec(symbol);
  if (named) {
    const [, root = '', monthName = '', yearText = ''] = named;
    return withYear(root, MONTH_NAMES.indexOf(monthName as (typeof MONTH_NAMES)[number]) + 1, yearText, undefined);
  }
  const continuous = CONTINUOUS_FORM.exec(symbol) ?? (options.allowBare ? BARE_FORM.exec(symbol) : null);
  if (continuous) return { root: continuous[1] ?? '', month: null, year: null, yearDigit: null };
  return null;
}

function withYear(root: string, month: number, yearText: string, referenceYear: number | undefined): FuturesSymbol {
  const digits = Number(yearText);
  if (yearText.length === 4) return { root, month, year: digits, yearDigit: null };
  if (yearText.length === 2) return { root, month, year: 2000 + digits, yearDigit: null };
  if (referenceYear === undefined) return { root, month, year: null, yearDigit: digits };
  const year = referenceYear + ((digits - (referenceYear % 10) + 10) % 10);
  return { root, month, year, yearDigit: null };
}

/**
 * The normalised symbol: root + month code + two-digit year (`ESZ24`); with an unresolved year the
 * digit as written (`ESZ4`); a bare root alone (`ES`).
 */
export function toFuturesSymbol(parts: FuturesSymbol): string {
  if (parts.month === null) return parts.root;
  const code = MONTH_CODES[parts.month - 1] ?? '';
  if (parts.year !== null) return `${parts.root}${code}${String(parts.year % 100).padStart(2, '0')}`;
  return `${parts.root}${code}${parts.yearDigit ?? ''}`;
}

/** The contract month `YYYY-MM`, or null when the month or year is unknown. */
export function toContractMonth(parts: FuturesSymbol): string | null {
  if (parts.month === null || parts.year === null) return null;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}`;
}
