import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, D, divide, multiply, subtract } from '../money/decimal';
import {
  computePositionSize,
  toConversionPair,
  type PositionSize,
  type PositionSizeParams,
  type SizingAsset,
  type SizingIssue,
} from './position-size';

const STOCK: SizingAsset = { type: 'stock' };

function sized(overrides: Partial<PositionSizeParams>): PositionSize {
  const result = computePositionSize({
    accountSize: '25000',
    riskMode: 'percent',
    risk: '1',
    entry: '50',
    stop: '48',
    asset: STOCK,
    ...overrides,
  });
  if (!result.isOk) throw new Error(`expected a size, got ${result.issues.map((i) => i.message).join('; ')}`);
  return result.size;
}

function issuesOf(overrides: Partial<PositionSizeParams>): SizingIssue[] {
  const result = computePositionSize({
    accountSize: '25000',
    riskMode: 'percent',
    risk: '1',
    entry: '50',
    stop: '48',
    asset: STOCK,
    ...overrides,
  });
  if (result.isOk) throw new Error(`expected issues, got size ${result.size.size.toString()}`);
  return result.issues;
}

const codes = (issues: SizingIssue[]) => issues.map((i) => `${i.field}:${i.code}`);

describe('computePositionSize', () => {
  describe('stocks', () => {
    it('sizes 1 % of 25,000 with a 2.00 stop as 125 shares risking exactly 250', () => {
      const s = sized({ target: '56' });
      expect(s.direction).toBe('long');
      expect(s.size.toString()).toBe('125');
      expect(s.requestedRisk.toString()).toBe('250');
      expect(s.riskAmount.toString()).toBe('250');
      expect(s.riskPercent.toString()).toBe('1');
      expect(s.notional.toString()).toBe('6250');
      expect(s.notionalToAccount.toString()).toBe('0.25');
      expect(s.rewardRisk?.toString()).toBe('3');
      expect(s.rewardAmount?.toString()).toBe('750');
    });

    it('rounds down to whole shares, never risking more than asked', () => {
      const s = sized({ accountSize: '10000', entry: '10', stop: '9.7' });
      expect(s.exactSize.toFixed(2)).toBe('333.33');
      expect(s.size.toString()).toBe('333');
      expect(s.riskAmount.toString()).toBe('99.9');
      expect(s.riskPercent.toString()).toBe('0.999');
    });

    it('keeps six decimal places for fractional shares', () => {
      const s = sized({ accountSize: '10000', entry: '10', stop: '9.7', asset: { type: 'stock', isFractional: true } });
      expect(s.size.toString()).toBe('333.333333');
      expect(s.riskAmount.toString()).toBe('99.9999999');
    });

    it('takes the risk in money when asked', () => {
      const s = sized({ riskMode: 'amount', risk: '300', entry: '20', stop: '21.5', target: '17' });
      expect(s.direction).toBe('short');
      expect(s.size.toString()).toBe('200');
      expect(s.riskAmount.toString()).toBe('300');
      expect(s.rewardRisk?.toString()).toBe('2');
    });

    it('reads thousands separators in what the user typed', () => {
      expect(sized({ accountSize: '25,000' }).size.toString()).toBe('125');
    });
  });

  describe('options', () => {
    it('multiplies by 100 per contract unless told otherwise', () => {
      const s = sized({ accountSize: '5000', risk: '2', entry: '2.5', stop: '1.5', asset: { type: 'option' } });
      expect([s.size.toString(), s.riskAmount.toString(), s.notional.toString()]).toEqual(['1', '100', '250']);
      const mini = sized({
        accountSize: '5000',
        risk: '2',
        entry: '2.5',
        stop: '1.5',
        asset: { type: 'option', multiplier: '10' },
      });
      expect(mini.size.toString()).toBe('10');
    });
  });

  describe('futures', () => {
    it.each([
      ['ES', '1', '625'],
      ['MES', '16', '1000'],
      ['ESZ25', '1', '625'],
      ['/MESH6', '16', '1000'],
      ['NQ', '4', '1000'],
    ])('sizes %s from the point value table: %s contracts risking %s', (symbol, size, risk) => {
      const s = sized({
        accountSize: '100000',
        entry: '5000',
        stop: '4987.5',
        asset: { type: 'future', symbol },
      });
      expect([s.size.toString(), s.riskAmount.toString()]).toEqual([size, risk]);
    });

    it('reports the contract it used', () => {
      const s = sized({
        accountSize: '100000',
        entry: '5000',
        stop: '4987.5',
        asset: { type: 'future', symbol: 'es' },
      });
      expect(s.future).toEqual({ root: 'ES', name: 'E-mini S&P 500', pointValue: D('50'), currency: 'USD' });
      expect(s.notional.toString()).toBe('250000');
    });

    it('says how much risk or account one contract needs when the size rounds to zero', () => {
      const [issue] = issuesOf({
        accountSize: '10000',
        entry: '5000',
        stop: '4990',
        asset: { type: 'future', symbol: 'ES' },
      });
      expect(issue?.code).toBe('SIZE_ROUNDS_TO_ZERO');
      expect(issue?.minimumRisk?.toString()).toBe('500');
      expect(issue?.minimumAccount?.toString()).toBe('50000');
      expect(issue?.message).toBe(
        'Risking 100.00 USD buys less than 1 contract: 1 contract risks 500.00 USD with this stop. ' +
          'Risk at least that much, or size it from an account of at least 50,000.00 USD.',
      );
    });

    it('needs a point value for a root the table does not know', () => {
      expect(codes(issuesOf({ asset: { type: 'future', symbol: 'XYZ' } }))).toEqual(['symbol:UNKNOWN_FUTURES_ROOT']);
      expect(sized({ asset: { type: 'future', symbol: 'XYZ', pointValue: '25' } }).size.toString()).toBe('5');
    });

    it('converts a euro contract into a dollar account at the EUR/USD rate', () => {
      expect(codes(issuesOf({ asset: { type: 'future', symbol: 'FDAX' } }))).toEqual([
        'conversionRate:NEEDS_CONVERSION',
      ]);
      // 20 points × 25 EUR × 1.25 = 625 USD a contract.
      const s = sized({
        accountSize: '100000',
        entry: '18000',
        stop: '17980',
        asset: { type: 'future', symbol: 'FDAX' },
        conversionRate: '1.25',
      });
      expect([s.size.toString(), s.riskAmount.toString()]).toEqual(['1', '625']);
      expect(s.conversion).toEqual({ pair: 'EUR/USD', isInverse: false, rate: D('1.25') });
    });
  });

  describe('forex', () => {
    it('values a pip of a USD-quoted pair at 10 per standard lot', () => {
      const s = sized({ accountSize: '10000', entry: '1.1', stop: '1.095', asset: { type: 'forex', pair: 'EUR/USD' } });
      expect(s.forex?.stopPips.toString()).toBe('50');
      expect(s.forex?.pipValuePerLot.standard.toString()).toBe('10');
      expect(s.forex?.pipValuePerLot.mini.toString()).toBe('1');
      expect(s.forex?.pipValuePerLot.micro.toString()).toBe('0.1');
      expect(s.size.toString()).toBe('20000');
      expect(s.forex?.lots.standard.toString()).toBe('0.2');
      expect(s.forex?.lots.micro.toString()).toBe('20');
      expect(s.riskAmount.toString()).toBe('100');
    });

    it('rounds down to the chosen lot size', () => {
      const micro = sized({
        accountSize: '10000',
        entry: '1.1',
        stop: '1.093',
        asset: { type: 'forex', pair: 'EURUSD' },
      });
      expect(micro.size.toString()).toBe('14000');
      const mini = sized({
        accountSize: '10000',
        entry: '1.1',
        stop: '1.093',
        asset: { type: 'forex', pair: 'EURUSD', lotType: 'mini' },
      });
      expect(mini.size.toString()).toBe('10000');
      expect(mini.riskAmount.toString()).toBe('70');
    });

    it('divides by the price for a USD-based pair (JPY pip 0.01)', () => {
      const s = sized({ accountSize: '10000', entry: '150', stop: '149.5', asset: { type: 'forex', pair: 'USD/JPY' } });
      expect(s.forex?.pipSize.toString()).toBe('0.01');
      expect(s.forex?.stopPips.toString()).toBe('50');
      expect(s.forex?.pipValuePerLot.standard.toFixed(4)).toBe('6.6667');
      expect(s.size.toString()).toBe('30000');
      expect(s.riskAmount.lte(D('100'))).toBe(true);
      expect(s.riskAmount.toFixed(2)).toBe('100.00');
      expect(s.notional.toFixed(2)).toBe('30000.00');
    });

    it('needs the conversion rate for a cross and reads it in market order', () => {
      const [issue] = issuesOf({ entry: '0.86', stop: '0.855', asset: { type: 'forex', pair: 'EUR/GBP' } });
      expect(issue?.code).toBe('NEEDS_CONVERSION');
      expect(issue?.message).toContain('GBP/USD');
      const s = sized({
        accountSize: '10000',
        entry: '0.86',
        stop: '0.855',
        asset: { type: 'forex', pair: 'EUR/GBP' },
        conversionRate: '1.25',
      });
      expect(s.forex?.pipValuePerLot.standard.toString()).toBe('12.5');
      expect(s.size.toString()).toBe('16000');
      expect(s.riskAmount.toString()).toBe('100');
      const jpy = sized({
        accountSize: '10000',
        entry: '160',
        stop: '159.5',
        asset: { type: 'forex', pair: 'EUR/JPY' },
        conversionRate: '150',
      });
      expect(jpy.conversion?.pair).toBe('USD/JPY');
      expect(jpy.size.toString()).toBe('30000');
    });

    it('rejects something that is not a pair', () => {
      expect(codes(issuesOf({ asset: { type: 'forex', pair: 'EURO' } }))).toEqual(['pair:BAD_PAIR']);
    });
  });

  describe('crypto and CFDs', () => {
    it('sizes crypto to 8 decimal places', () => {
      const s = sized({
        accountSize: '10000',
        riskMode: 'amount',
        risk: '100',
        entry: '60000',
        stop: '57000',
        asset: { type: 'crypto' },
      });
      expect(s.size.toString()).toBe('0.03333333');
      expect(s.riskAmount.toString()).toBe('99.99999');
    });

    it('uses the CFD multiplier and increment', () => {
      const s = sized({ entry: '100', stop: '98', asset: { type: 'cfd', multiplier: '10', increment: '0.1' } });
      expect(s.size.toString()).toBe('12.5');
      expect(s.riskAmount.toString()).toBe('250');
    });
  });

  describe('validation', () => {
    it.each<[string, Partial<PositionSizeParams>, string[]]>([
      ['a stop at the entry', { stop: '50' }, ['stop:STOP_AT_ENTRY']],
      ['a target on the stop side of a long', { target: '47' }, ['target:TARGET_WRONG_SIDE']],
      ['a target on the stop side of a short', { stop: '52', target: '53' }, ['target:TARGET_WRONG_SIDE']],
      ['a target at the entry', { target: '50' }, ['target:TARGET_WRONG_SIDE']],
      ['a zero account', { accountSize: '0' }, ['accountSize:NOT_POSITIVE']],
      ['a negative risk', { risk: '-1' }, ['risk:NOT_POSITIVE']],
      ['risk over 100 %', { risk: '101' }, ['risk:RISK_OVER_100']],
      ['risk in money over the account', { riskMode: 'amount', risk: '30000' }, ['risk:RISK_OVER_ACCOUNT']],
      ['a stop on the wrong side of the given direction', { direction: 'short' }, ['stop:STOP_WRONG_SIDE']],
      ['text for a price', { entry: 'abc' }, ['entry:NOT_A_NUMBER']],
      ['empty fields', { accountSize: '', entry: ' ' }, ['accountSize:MISSING', 'entry:MISSING']],
    ])('reports %s', (_, overrides, expected) => {
      expect(codes(issuesOf(overrides))).toEqual(expected);
    });

    it('reports the minimum risk for a whole share', () => {
      const [issue] = issuesOf({ accountSize: '100', entry: '500', stop: '490' });
      expect(issue?.minimumRisk?.toString()).toBe('10');
      expect(issue?.minimumAccount?.toString()).toBe('1000');
    });
  });
});

describe('toConversionPair', () => {
  it.each([
    ['GBP', 'USD', 'GBP/USD', false],
    ['JPY', 'USD', 'USD/JPY', true],
    ['USD', 'EUR', 'EUR/USD', true],
    ['CHF', 'USD', 'USD/CHF', true],
    ['SEK', 'EUR', 'EUR/SEK', true],
  ])('converts %s into %s with %s', (from, to, pair, isInverse) => {
    expect(toConversionPair(from, to)).toEqual({ pair, isInverse });
  });
});

// ---------------------------------------------------------------------------------------------
// Invariants

const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => (n / 100).toFixed(2));
const ASSETS: SizingAsset[] = [
  { type: 'stock' },
  { type: 'stock', isFractional: true },
  { type: 'option' },
  { type: 'future', symbol: 'ES' },
  { type: 'future', symbol: 'MNQ' },
  { type: 'future', symbol: 'ZN' },
  { type: 'forex', pair: 'EUR/USD' },
  { type: 'forex', pair: 'USD/JPY', lotType: 'mini' },
  { type: 'forex', pair: 'EUR/GBP', lotType: 'standard' },
  { type: 'crypto' },
  { type: 'cfd', multiplier: '2.5', increment: '0.01' },
];
const setup = fc.record({
  account: cents(100_00, 10_000_000_00),
  riskAmount: cents(1, 100_000_00),
  entry: cents(100, 10_000_00),
  distance: fc.integer({ min: 1, max: 5000 }),
  reward: fc.integer({ min: 1, max: 9000 }),
  asset: fc.constantFrom(...ASSETS),
});
type Setup = typeof setup extends fc.Arbitrary<infer T> ? T : never;

function paramsOf(s: Setup, overrides: Partial<PositionSizeParams> = {}): PositionSizeParams {
  // Distances in ten-thousandths of the entry keep every stop and mirrored target above 0.
  const entry = D(s.entry);
  const toDistance = (tenThousandths: number) => divide(multiply(entry, D(tenThousandths)), D(10_000));
  return {
    accountSize: s.account,
    riskMode: 'amount',
    risk: s.riskAmount,
    entry: s.entry,
    stop: subtract(entry, toDistance(s.distance)).toString(),
    target: add(entry, toDistance(s.reward)).toString(),
    asset: s.asset,
    conversionRate: '1.27',
    ...overrides,
  };
}

describe('computePositionSize invariants', () => {
  it('never risks more than asked, and one more increment would', () => {
    fc.assert(
      fc.property(setup, (s) => {
        fc.pre(D(s.riskAmount).lte(D(s.account)));
        const result = computePositionSize(paramsOf(s));
        if (!result.isOk) {
          expect(codes(result.issues)).toEqual(['risk:SIZE_ROUNDS_TO_ZERO']);
          expect(result.issues[0]?.minimumRisk?.gt(D(s.riskAmount))).toBe(true);
          return;
        }
        const { size, increment, riskAmount, requestedRisk, riskPerUnit } = result.size;
        expect(riskAmount.lte(requestedRisk)).toBe(true);
        expect(multiply(add(size, increment), riskPerUnit).gt(requestedRisk)).toBe(true);
        expect(size.mod(increment).eq(0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('scales with the risk to within one increment per multiple', () => {
    fc.assert(
      fc.property(setup, fc.integer({ min: 2, max: 10 }), (s, k) => {
        const scaled = multiply(D(s.riskAmount), D(k)).toString();
        const big = computePositionSize(paramsOf(s, { accountSize: '1000000000', risk: scaled }));
        const small = computePositionSize(paramsOf(s, { accountSize: '1000000000' }));
        fc.pre(big.isOk && small.isOk);
        if (!big.isOk || !small.isOk) return;
        const kSmall = multiply(small.size.size, D(k));
        expect(big.size.size.gte(kSmall)).toBe(true);
        expect(big.size.size.lt(add(kSmall, multiply(small.size.increment, D(k))))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('sizes a short mirrored around the entry exactly like the long', () => {
    fc.assert(
      fc.property(setup, (s) => {
        const long = paramsOf(s);
        const twiceEntry = multiply(D(s.entry), D(2));
        const mirror = (price: string) => subtract(twiceEntry, D(price)).toString();
        const short = { ...long, stop: mirror(long.stop), target: mirror(long.target ?? '') };
        const a = computePositionSize(long);
        const b = computePositionSize(short);
        expect(a.isOk).toBe(b.isOk);
        if (!a.isOk || !b.isOk) return;
        expect([a.size.direction, b.size.direction]).toEqual(['long', 'short']);
        expect(b.size.size.toString()).toBe(a.size.size.toString());
        expect(b.size.riskAmount.toString()).toBe(a.size.riskAmount.toString());
        expect(b.size.rewardRisk?.toString()).toBe(a.size.rewardRisk?.toString());
      }),
      { numRuns: 200 },
    );
  });
});
