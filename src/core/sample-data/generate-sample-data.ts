import { FUTURES_CONTRACTS, toFuturesSymbol } from '../instruments/futures';
import { toOccSymbol } from '../instruments/options';
import { D } from '../money/decimal';
import type { Side } from '../trades/execution';
import {
  listTradingDays,
  toDayNumber,
  toIsoDate,
  toNewYorkInstant,
  toNextWeekday,
  toThirdFriday,
  toYearMonth,
  type DayNumber,
} from './market-calendar';
import { createRandom, type Random } from './random';

/** The asset classes the sample trades. */
export type SampleAssetClass = 'stock' | 'etf' | 'option' | 'future';

/** One fill, in the shape `POST /api/executions` takes: decimals as exact strings, time ISO-8601 UTC. */
export type SampleExecution = {
  executedAt: string;
  symbol: string;
  assetClass: SampleAssetClass;
  side: Side;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
};

/** A round trip and its journal. Tag and strategy references are names from the data set. */
export type SampleTrade = {
  /** In time order: the first opens the trade; entries all come before the first exit. */
  executions: SampleExecution[];
  direction: 'long' | 'short';
  isOpen: boolean;
  stopPrice: string | null;
  targetPrice: string | null;
  strategy: string | null;
  tags: string[];
  rating: number | null;
  emotions: string[];
  /** Markdown. */
  notes: string;
};

export type SampleTag = { name: string; color: string; group: 'setup' | 'mistake' };
export type SampleStrategy = { name: string; description: string };
export type SampleAccount = {
  name: string;
  broker: string;
  currency: string;
  startingBalance: string;
  timezone: string;
};

export type SampleDataSet = {
  account: SampleAccount;
  strategies: SampleStrategy[];
  tags: SampleTag[];
  /** Closed trades in opening order, then the open positions. */
  trades: SampleTrade[];
};

export type GenerateSampleDataParams = {
  /** Same seed and same `now` → the same data set. */
  seed: number;
  /** The instant the data set ends at (ISO-8601); the last trading day is the one before it. */
  now: string;
  /**
   * How far back it starts, in months (30.4 days each). Default 6, or with `tradeCount` long
   * enough for `tradesPerDay` (default 40 then) trades a day.
   */
  months?: number;
  /** Average closed trades per trading day, when `tradeCount` is not given. Default 4. */
  tradesPerDay?: number;
  /** Exactly this many closed trades (benchmarks ask for 100,000); overrides `tradesPerDay`. */
  tradeCount?: number;
  /** Positions still open at the end. Default 3. */
  openCount?: number;
};

export const SAMPLE_ACCOUNT: SampleAccount = {
  name: 'Sample account',
  broker: 'Interactive Brokers',
  currency: 'USD',
  startingBalance: '50000',
  timezone: 'America/New_York',
};

type StrategyProfile = SampleStrategy & {
  winRate: number;
  winR: readonly [number, number];
  isSwing: boolean;
  longShare: number;
};

const STRATEGIES: readonly StrategyProfile[] = [
  {
    name: 'Opening Range Breakout',
    description:
      'Trade the break of the first 15-minute range with volume. Stop on the other side of the range; first target 2R.',
    winRate: 0.47,
    winR: [1, 3],
    isSwing: false,
    longShare: 0.6,
  },
  {
    name: 'VWAP Reclaim',
    description:
      'Enter when price reclaims VWAP after a flush and holds it for two candles. Stop below the reclaim low.',
    winRate: 0.55,
    winR: [0.6, 2],
    isSwing: false,
    longShare: 0.7,
  },
  {
    name: 'Trend Pullback',
    description: 'Buy the first pullback to the rising 20-day average in a stock making higher highs. Hold for days.',
    winRate: 0.44,
    winR: [1.5, 4],
    isSwing: true,
    longShare: 0.8,
  },
  {
    name: 'Earnings Fade',
    description: 'Fade an over-extended earnings gap once the first hour fails to extend. Short stock or buy puts.',
    winRate: 0.5,
    winR: [0.8, 2.5],
    isSwing: false,
    longShare: 0,
  },
];
/** Trades without a strategy: impulsive, a little worse. */
const NO_STRATEGY: StrategyProfile = {
  name: '',
  description: '',
  winRate: 0.42,
  winR: [0.5, 2],
  isSwing: false,
  longShare: 0.6,
};

const TAGS: readonly SampleTag[] = [
  { name: 'A+ setup', color: '#16a34a', group: 'setup' },
  { name: 'Gap and go', color: '#0ea5e9', group: 'setup' },
  { name: 'Breakout', color: '#2563eb', group: 'setup' },
  { name: 'Pullback', color: '#7c3aed', group: 'setup' },
  { name: 'Reversal', color: '#db2777', group: 'setup' },
  { name: 'News catalyst', color: '#0d9488', group: 'setup' },
  { name: 'FOMO', color: '#dc2626', group: 'mistake' },
  { name: 'Moved stop', color: '#b91c1c', group: 'mistake' },
  { name: 'Oversized', color: '#ea580c', group: 'mistake' },
  { name: 'Early exit', color: '#d97706', group: 'mistake' },
  { name: 'Chased entry', color: '#ca8a04', group: 'mistake' },
];
const SETUP_TAGS = TAGS.filter((t) => t.group === 'setup').map((t) => t.name);
const LOSS_MISTAKES = ['FOMO', 'Oversized', 'Chased entry'];
const EMOTIONS_WIN = ['Calm', 'Confident', 'Focused', 'Patient'];
const EMOTIONS_LOSS = ['Anxious', 'Impatient', 'Frustrated', 'Greedy'];

/** Prices and money are integers in units of 1/10,000 (exact to 4 places, no float drift). */
const UNIT = 10_000;

type Underlying = {
  symbol: string;
  assetClass: 'stock' | 'etf';
  price: number;
  /** Daily move, one standard deviation, as a fraction. */
  volatility: number;
  hasOptions: boolean;
};

const UNDERLYINGS: readonly Underlying[] = [
  { symbol: 'AAPL', assetClass: 'stock', price: 195, volatility: 0.014, hasOptions: true },
  { symbol: 'NVDA', assetClass: 'stock', price: 125, volatility: 0.028, hasOptions: true },
  { symbol: 'TSLA', assetClass: 'stock', price: 240, volatility: 0.032, hasOptions: true },
  { symbol: 'AMD', assetClass: 'stock', price: 150, volatility: 0.026, hasOptions: true },
  { symbol: 'MSFT', assetClass: 'stock', price: 425, volatility: 0.013, hasOptions: true },
  { symbol: 'META', assetClass: 'stock', price: 520, volatility: 0.02, hasOptions: true },
  { symbol: 'AMZN', assetClass: 'stock', price: 185, volatility: 0.018, hasOptions: false },
  { symbol: 'GOOGL', assetClass: 'stock', price: 170, volatility: 0.017, hasOptions: false },
  { symbol: 'NFLX', assetClass: 'stock', price: 650, volatility: 0.022, hasOptions: false },
  { symbol: 'COIN', assetClass: 'stock', price: 220, volatility: 0.04, hasOptions: false },
  { symbol: 'SPY', assetClass: 'etf', price: 560, volatility: 0.009, hasOptions: true },
  { symbol: 'QQQ', assetClass: 'etf', price: 480, volatility: 0.011, hasOptions: true },
  { symbol: 'IWM', assetClass: 'etf', price: 215, volatility: 0.013, hasOptions: false },
];

type FuturesProfile = {
  root: 'ES' | 'MES' | 'NQ' | 'CL';
  price: number;
  volatility: number;
  /** Price step, in UNIT. */
  tick: number;
  /** Typical stop, in points. */
  stop: readonly [number, number];
  /** Round-turn costs per contract and side, in UNIT. */
  commission: number;
  fees: number;
  isQuarterly: boolean;
};

const FUTURES: readonly FuturesProfile[] = [
  {
    root: 'ES',
    price: 5600,
    volatility: 0.009,
    tick: 2500,
    stop: [3, 10],
    commission: 22_500,
    fees: 13_800,
    isQuarterly: true,
  },
  {
    root: 'MES',
    price: 5600,
    volatility: 0.009,
    tick: 2500,
    stop: [3, 10],
    commission: 6_200,
    fees: 3_500,
    isQuarterly: true,
  },
  {
    root: 'NQ',
    price: 19_500,
    volatility: 0.011,
    tick: 2500,
    stop: [15, 40],
    commission: 22_500,
    fees: 13_800,
    isQuarterly: true,
  },
  {
    root: 'CL',
    price: 75,
    volatility: 0.018,
    tick: 100,
    stop: [0.15, 0.4],
    commission: 22_500,
    fees: 15_000,
    isQuarterly: false,
  },
];

const SESSION_OPEN = 9 * 3600 + 30 * 60;
const SESSION_CLOSE = 16 * 3600;

/** A chosen instrument with what pricing needs. */
type Instrument = {
  symbol: string;
  assetClass: SampleAssetClass;
  /** Value of a price move of 1 per unit of quantity (options 100, futures the point value). */
  multiplier: number;
  tick: number;
  /** Entry price, in UNIT. */
  price: number;
  /** Stop distance, in UNIT. */
  stopDistance: number;
  commission: (quantity: number) => number;
  fees: (quantity: number, notional: number, side: Side) => number;
};

/** An integer number of UNITs as an exact decimal string ("12.5", "-0.0025", "3"). */
export function toUnitString(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(Math.round(units));
  const whole = Math.floor(abs / UNIT);
  const fraction = String(abs % UNIT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
const roundCents = (units: number) => Math.round(units / 100) * 100;

/** The stocks' and ETFs' costs: $0.005 a share (min $1); SEC and FINRA fees on sells. */
const stockCommission = (quantity: number) => Math.max(UNIT, quantity * 50);
const stockFees = (quantity: number, notional: number, side: Side) =>
  side === 'sell' ? roundCents(notional * 0.0000278) + roundCents(Math.min(quantity * 1.66, 83_000)) : 0;

type DayLevels = Map<string, number[]>;

/** A daily random walk per underlying and futures root: the price level each trading day. */
function buildLevels(random: Random, dayCount: number): DayLevels {
  const levels: DayLevels = new Map();
  const walk = (key: string, start: number, volatility: number) => {
    const path: number[] = [];
    let price = start;
    for (let i = 0; i < dayCount; i += 1) {
      // A slight upward drift, so the equity indices trend like real ones.
      price *= 1 + 0.0003 + volatility * random.gauss();
      price = Math.max(start * 0.4, Math.min(start * 2.5, price));
      path.push(price);
    }
    levels.set(key, path);
  };
  for (const u of UNDERLYINGS) walk(u.symbol, u.price, u.volatility);
  for (const f of FUTURES) walk(f.root, f.price, f.volatility);
  return levels;
}

/** Front quarterly (H/M/U/Z) contract rolled a week before the third Friday, or the next monthly for CL. */
function toFuturesContractSymbol(root: FuturesProfile['root'], day: DayNumber, isQuarterly: boolean): string {
  let { year, month } = toYearMonth(day);
  if (isQuarterly) {
    while (month % 3 !== 0 || toThirdFriday(year, month) - 8 < day) {
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
  } else {
    // CL's front month expires around the 20th of the month before delivery: trade the next one.
    month += new Date(day * 86_400_000).getUTCDate() >= 15 ? 2 : 1;
    while (month > 12) {
      month -= 12;
      year += 1;
    }
  }
  return toFuturesSymbol({ root, month, year, yearDigit: null });
}

type Timing = { entryDay: DayNumber; exitDay: DayNumber; entrySecond: number; exitSecond: number };

type PlannedTrade = {
  profile: StrategyProfile;
  direction: 'long' | 'short';
  /** Realised R before costs, as planned; negative for a loser. */
  r: number;
  isWin: boolean;
  kind: 'stock' | 'option' | 'future';
  timing: Timing;
};

const dayIndexOf = (days: readonly DayNumber[], day: DayNumber) => {
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Builds a realistic, deterministic journal: several months of US-session trades in stocks, ETFs,
 * options (OCC symbols, multiplier 100) and futures (ES, MES, NQ, CL at their point values), long
 * and short, with scale-ins, partial exits and broker-like commissions; about half winners with a
 * positive expectancy; stops on most trades so R is known; strategies, setup/mistake tags, ratings,
 * emotions and a few Markdown notes; and `openCount` positions still open at the end.
 *
 * Pure: the same params give the same data set. Times are ISO-8601 UTC of New York session times;
 * prices and money are exact decimal strings (to 4 places at most).
 */
export function generateSampleData(params: GenerateSampleDataParams): SampleDataSet {
  const random = createRandom(params.seed);
  // A large trade count without a period spreads over as many years as an active day trader
  // (40 trades a day) would need, so dense benchmark data still looks like real trading.
  const months =
    params.months ??
    (params.tradeCount === undefined ? 6 : Math.max(6, params.tradeCount / ((params.tradesPerDay ?? 40) * 21)));
  const lastDay = toDayNumber(params.now) - 1;
  const firstDay = lastDay - Math.round(months * 30.4);
  const days = listTradingDays(firstDay, lastDay);
  if (days.length === 0) throw new RangeError('The sample period holds no trading day');
  const tradeCount = params.tradeCount ?? Math.round(days.length * (params.tradesPerDay ?? 4));
  const levels = buildLevels(random, days.length);
  const busyUntil = new Map<string, number>();

  const perDay = new Array<number>(days.length).fill(0);
  for (let i = 0; i < tradeCount; i += 1) perDay[random.int(0, days.length - 1)]! += 1; // index within bounds

  const trades: SampleTrade[] = [];
  for (let d = 0; d < days.length; d += 1) {
    const count = perDay[d] ?? 0;
    const plans: PlannedTrade[] = [];
    for (let i = 0; i < count; i += 1) plans.push(planTrade(random, { days, dayIndex: d, isOpen: false }));
    plans.sort((a, b) => a.timing.entrySecond - b.timing.entrySecond);
    for (const plan of plans) trades.push(buildTrade(random, { plan, days, levels, busyUntil, isOpen: false }));
  }
  const openCount = params.openCount ?? 3;
  for (let i = 0; i < openCount; i += 1) {
    const dayIndex = Math.max(0, days.length - 1 - random.int(0, 2));
    const plan = planTrade(random, { days, dayIndex, isOpen: true });
    trades.push(buildTrade(random, { plan, days, levels, busyUntil, isOpen: true }));
  }

  return {
    account: { ...SAMPLE_ACCOUNT },
    strategies: STRATEGIES.map(({ name, description }) => ({ name, description })),
    tags: TAGS.map((t) => ({ ...t })),
    trades,
  };
}

function planTrade(
  random: Random,
  params: { days: readonly DayNumber[]; dayIndex: number; isOpen: boolean },
): PlannedTrade {
  const { days, dayIndex } = params;
  const profile = random.chance(0.12) ? NO_STRATEGY : random.pick(STRATEGIES);
  const direction = random.chance(profile.longShare) ? 'long' : 'short';
  const kind =
    profile.name === 'Earnings Fade'
      ? random.chance(0.35)
        ? 'option'
        : 'stock'
      : random.pickWeighted<PlannedTrade['kind']>([
          ['stock', profile.isSwing ? 0.6 : 0.5],
          ['option', 0.22],
          ['future', profile.isSwing ? 0.18 : 0.28],
        ]);
  const isBreakeven = random.chance(0.03);
  const isWin = !isBreakeven && random.chance(profile.winRate);
  let r: number;
  if (isBreakeven) r = 0;
  else if (isWin) r = random.between(profile.winR[0], profile.winR[1]);
  else r = random.chance(0.08) ? -random.between(1.2, 1.8) : -random.between(0.35, 1.05);

  const entryDay = days[dayIndex]!; // dayIndex is within bounds
  const isSwing = profile.isSwing && kind !== 'future' && dayIndex < days.length - 1;
  const entrySecond = SESSION_OPEN + 60 + random.int(0, isSwing ? 6 * 3600 : 5 * 3600 + 40 * 60);
  let exitDay = entryDay;
  let exitSecond: number;
  if (isSwing) {
    exitDay = days[Math.min(days.length - 1, dayIndex + random.int(1, 8))]!; // clamped index
    exitSecond = SESSION_OPEN + random.int(10 * 60, 6 * 3600);
  } else {
    exitSecond = Math.min(SESSION_CLOSE - 30, entrySecond + random.int(3 * 60, 110 * 60));
  }
  return { profile, direction, r, isWin, kind, timing: { entryDay, exitDay, entrySecond, exitSecond } };
}

/** Picks a free instrument of the planned kind (another when every one is busy) and prices it. */
function chooseInstrument(
  random: Random,
  params: {
    plan: PlannedTrade;
    days: readonly DayNumber[];
    levels: DayLevels;
    busyUntil: Map<string, number>;
    isOpen: boolean;
  },
): Instrument {
  const { plan, days, levels, busyUntil } = params;
  const { entryDay, exitDay, entrySecond } = plan.timing;
  const entryAt = toNewYorkInstant(entryDay, entrySecond);
  const dayIndex = dayIndexOf(days, entryDay);
  const isFree = (symbol: string) => (busyUntil.get(symbol) ?? -Infinity) < entryAt;
  const levelOf = (key: string) => levels.get(key)?.[dayIndex] ?? 100;
  const intraday = () => 1 + 0.004 * random.gauss();

  const stockOf = (u: Underlying): Instrument => {
    const price = roundTo(levelOf(u.symbol) * intraday() * UNIT, 100);
    const isSwing = exitDay !== entryDay;
    const stopFraction = isSwing ? random.between(0.025, 0.05) : random.between(0.004, 0.012);
    return {
      symbol: u.symbol,
      assetClass: u.assetClass,
      multiplier: 1,
      tick: 100,
      price,
      stopDistance: roundTo(price * stopFraction, 100),
      commission: stockCommission,
      fees: stockFees,
    };
  };
  const futureOf = (f: FuturesProfile): Instrument => {
    const price = roundTo(levelOf(f.root) * intraday() * UNIT, f.tick);
    return {
      symbol: toFuturesContractSymbol(f.root, entryDay, f.isQuarterly),
      assetClass: 'future',
      multiplier: Number(FUTURES_CONTRACTS[f.root]?.pointValue ?? '1'),
      tick: f.tick,
      price,
      stopDistance: roundTo(random.between(f.stop[0], f.stop[1]) * UNIT, f.tick),
      commission: (q) => q * f.commission,
      fees: (q) => q * f.fees,
    };
  };
  const optionOf = (u: Underlying, strikeOffset: number): Instrument | null => {
    const underlying = levelOf(u.symbol) * intraday();
    const step = underlying > 300 ? 5 : underlying > 50 ? 2.5 : 1;
    const right = plan.direction === 'long' ? 'call' : 'put';
    const strike = Math.round(underlying / step) * step + strikeOffset * step * (right === 'call' ? 1 : -1);
    // An open position's option has weeks left; a closed one's expires on or after its exit.
    const expiryDay = toNextWeekday(params.isOpen ? entryDay + 14 : exitDay, 5) + (random.chance(0.3) ? 7 : 0);
    const symbol = toOccSymbol({ root: u.symbol, expiry: toIsoDate(expiryDay), right, strike: D(String(strike)) });
    if (!symbol) return null;
    const daysLeft = expiryDay - entryDay + 1;
    const premium = underlying * (0.006 + 0.0025 * Math.min(daysLeft, 10)) * random.between(0.8, 1.25);
    const price = roundTo(Math.max(0.3, premium) * UNIT, premium >= 3 ? 500 : 100);
    return {
      symbol,
      assetClass: 'option',
      multiplier: 100,
      tick: price >= 3 * UNIT ? 500 : 100,
      price,
      stopDistance: roundTo(price * random.between(0.3, 0.5), 100),
      commission: (q) => q * 6_500,
      fees: (q) => q * 200,
    };
  };

  const optionable = UNDERLYINGS.filter((u) => u.hasOptions);
  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = random.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!]; // both indices within bounds
    }
    return copy;
  };
  const candidates: (() => Instrument | null)[] =
    plan.kind === 'future'
      ? shuffled(FUTURES).map((f) => () => futureOf(f))
      : plan.kind === 'option'
        ? shuffled(optionable).map((u) => () => optionOf(u, 0))
        : shuffled(UNDERLYINGS).map((u) => () => stockOf(u));
  // Every preferred one busy (dense benchmark data): any stock, then options further from the money.
  candidates.push(...shuffled(UNDERLYINGS).map((u) => () => stockOf(u)));
  for (const make of candidates) {
    const candidate = make();
    if (candidate && isFree(candidate.symbol)) return candidate;
  }
  for (let offset = 0; offset < 100_000; offset += 1) {
    const u = optionable[offset % optionable.length]!; // modulo keeps it in bounds
    const candidate = optionOf(u, 1 + Math.floor(offset / optionable.length));
    if (candidate && isFree(candidate.symbol)) return candidate;
  }
  throw new RangeError('No free instrument for a sample trade');
}

function buildTrade(
  random: Random,
  params: {
    plan: PlannedTrade;
    days: readonly DayNumber[];
    levels: DayLevels;
    busyUntil: Map<string, number>;
    isOpen: boolean;
  },
): SampleTrade {
  const { plan, isOpen } = params;
  const instrument = chooseInstrument(random, params);
  const sign = plan.direction === 'long' ? 1 : -1;
  // Options are bought to open: a bearish view is a long put, so the option trade itself is long.
  const isOption = instrument.assetClass === 'option';
  const tradeSign = isOption ? 1 : sign;
  const direction = isOption ? 'long' : plan.direction;
  const entrySide: Side = tradeSign > 0 ? 'buy' : 'sell';
  const exitSide: Side = tradeSign > 0 ? 'sell' : 'buy';

  const { price, stopDistance, tick, multiplier } = instrument;
  const riskBudget = random.between(150, 400) * UNIT;
  let quantity = Math.max(1, Math.floor(riskBudget / (stopDistance * multiplier)));
  if (instrument.assetClass === 'stock' || instrument.assetClass === 'etf')
    quantity = quantity > 50 ? Math.round(quantity / 10) * 10 : quantity;
  const isOversized = !plan.isWin && random.chance(0.06);
  if (isOversized) quantity *= 2;

  // Entry fills: one, or a scale-in of two or three (the first at the planned price).
  const entryCount = quantity >= 2 && random.chance(0.25) ? (quantity >= 3 && random.chance(0.3) ? 3 : 2) : 1;
  const entryQuantities = splitQuantity(random, quantity, entryCount);
  const entryPrices = entryQuantities.map((_, i) =>
    i === 0 ? price : Math.max(tick, roundTo(price + tradeSign * random.between(-0.35, 0.35) * stopDistance, tick)),
  );

  const { entryDay, exitDay, entrySecond, exitSecond } = plan.timing;
  let second = entrySecond;
  const at = (day: DayNumber, s: number) => new Date(toNewYorkInstant(day, s)).toISOString();
  const executions: SampleExecution[] = [];
  const fill = (side: Side, q: number, p: number, executedAt: string): SampleExecution => {
    const notional = (q * p * multiplier) / UNIT;
    return {
      executedAt,
      symbol: instrument.symbol,
      assetClass: instrument.assetClass,
      side,
      quantity: String(q),
      price: toUnitString(p),
      commission: toUnitString(instrument.commission(q)),
      fees: toUnitString(instrument.fees(q, notional * UNIT, side)),
    };
  };
  entryQuantities.forEach((q, i) => {
    executions.push(fill(entrySide, q, entryPrices[i]!, at(entryDay, second))); // same length as quantities
    second += random.int(20, 9 * 60);
  });

  const stopPrice = Math.max(tick, price - tradeSign * stopDistance);
  const hasStop = random.chance(0.9);
  const hasTarget = hasStop && random.chance(0.6);
  const targetPrice = price + tradeSign * 2 * stopDistance;

  if (!isOpen) {
    const exitTarget = Math.max(tick, roundTo(price + tradeSign * plan.r * stopDistance, tick));
    const exitCount = plan.isWin && quantity >= 2 && random.chance(0.45) ? Math.min(quantity, random.int(2, 3)) : 1;
    const exitQuantities = splitQuantity(random, quantity, exitCount);
    const spread = exitCount > 1 ? roundTo(0.25 * stopDistance, tick) : 0;
    let exitAtSecond = exitDay === entryDay ? Math.max(second + 30, exitSecond) : exitSecond;
    exitQuantities.forEach((q, i) => {
      const offset = exitCount === 1 ? 0 : (i - (exitCount - 1) / 2) * spread;
      const p = Math.max(tick, exitTarget + tradeSign * offset);
      executions.push(fill(exitSide, q, p, at(exitDay, exitAtSecond)));
      exitAtSecond += random.int(30, 15 * 60);
    });
    params.busyUntil.set(instrument.symbol, Date.parse(executions[executions.length - 1]!.executedAt)); // non-empty
  } else {
    params.busyUntil.set(instrument.symbol, Infinity);
  }

  return {
    executions,
    direction,
    isOpen,
    stopPrice: hasStop ? toUnitString(stopPrice) : null,
    targetPrice: hasTarget ? toUnitString(targetPrice) : null,
    strategy: plan.profile.name || null,
    ...journalOf(random, { plan, isOversized, isOpen, symbol: instrument.symbol }),
  };
}

/** Splits a positive integer quantity into `count` positive integer parts, the first the largest. */
function splitQuantity(random: Random, quantity: number, count: number): number[] {
  if (count <= 1 || quantity < count) return [quantity];
  const parts: number[] = [];
  let left = quantity;
  for (let i = count; i > 1; i -= 1) {
    const part = Math.max(1, Math.min(left - (i - 1), Math.round(left * random.between(0.4, 0.65))));
    parts.push(part);
    left -= part;
  }
  parts.push(left);
  return parts;
}

function journalOf(
  random: Random,
  params: { plan: PlannedTrade; isOversized: boolean; isOpen: boolean; symbol: string },
): Pick<SampleTrade, 'tags' | 'rating' | 'emotions' | 'notes'> {
  const { plan } = params;
  const tags = new Set<string>();
  if (random.chance(0.6)) tags.add(random.pick(SETUP_TAGS));
  if (random.chance(0.15)) tags.add(random.pick(SETUP_TAGS));
  if (plan.isWin && plan.r >= 2 && random.chance(0.5)) tags.add('A+ setup');
  if (params.isOversized) tags.add('Oversized');
  if (plan.r < -1.15) tags.add('Moved stop');
  if (!params.isOpen && !plan.isWin && random.chance(0.3)) tags.add(random.pick(LOSS_MISTAKES));
  if (plan.isWin && plan.r < 1 && random.chance(0.35)) tags.add('Early exit');

  const isRated = !params.isOpen && random.chance(0.7);
  const rating = isRated ? (plan.isWin ? random.int(3, 5) : random.int(1, 3)) : null;
  const emotions = random.chance(0.3) ? [random.pick(plan.isWin ? EMOTIONS_WIN : EMOTIONS_LOSS)] : [];
  const notes = random.chance(0.06) ? toNotes(random, { ...params, tags: [...tags] }) : '';
  return { tags: [...tags], rating, emotions, notes };
}

function toNotes(random: Random, params: { plan: PlannedTrade; symbol: string; tags: string[] }): string {
  const { plan } = params;
  const name = plan.profile.name || 'No plan';
  const symbol = params.symbol.trim().split(/\s+/)[0] ?? params.symbol;
  const outcome =
    plan.r > 0
      ? `Worked: about **+${plan.r.toFixed(1)}R**.`
      : plan.r < 0
        ? `Stopped out: about **${plan.r.toFixed(1)}R**.`
        : 'Scratched it at breakeven.';
  const lesson = random.pick([
    'Waited for the setup to confirm instead of anticipating it.',
    'Size was right; I did not look at the P&L while in the trade.',
    'Entered before the candle closed. Next time wait for the close.',
    'Took the first target and trailed the rest under the 5-minute lows.',
    'Market was choppy; should have sat on my hands after the first loss.',
  ]);
  return [
    `## ${symbol}: ${name}`,
    '',
    `**Plan:** ${plan.direction === 'long' ? 'long' : 'short'} with a defined stop, target 2R.`,
    '',
    `- ${outcome}`,
    `- ${lesson}`,
    ...(params.tags.length > 0 ? [`- Tags: ${params.tags.join(', ')}`] : []),
  ].join('\n');
}
