import { describe, expect, it } from 'vitest';
import { D } from '../money/decimal';
import { importTable } from '../import/normalise/import-table';
import { toReconcileFills } from '../../../test/builders/reconcile-fill';
import { hasUnexplainedDifference, reconcileFills, type ReconcileFill } from './reconcile';

/** A CSV text (no quoted line breaks) as importTable's header and rows. */
function readCsv(text: string): { headers: string[]; rows: string[][] } {
  const lines = text.trim().split('\n');
  const split = (line: string) =>
    [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[2] ?? m[1] ?? '');
  return { headers: split(lines[0]!), rows: lines.slice(1).map(split) };
}

function importFile(text: string, account: { currency: string; timeZone: string }) {
  const result = importTable({
    ...readCsv(text),
    accountTimeZone: account.timeZone,
    defaultCurrency: account.currency,
  });
  expect(result.problems).toEqual([]);
  const executions = [...result.executions].sort((a, b) => a.sequence - b.sequence);
  return { executions, fills: toReconcileFills(result.executions), preset: result.detection.preset?.id };
}

const money = (value: { toString(): string } | null) => (value === null ? null : value.toString());

// Trading 212 (broker-formats.md §3.11), an EUR account: `Exchange rate` is USD per EUR, `Total`
// the EUR cash with the conversion fee in, `Result` the realised P&L in EUR.
const TRADING_212 = `
Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID,Currency conversion fee,Currency (Currency conversion fee)
Market buy,2025-01-08 15:31:02.930,US0378331005,AAPL,Apple,3.0000000000,242.40,USD,1.03500000,,EUR,703.66,EUR,,,,EOF4100000003,1.05,EUR
Limit buy,2025-01-09 09:05:00,NL0010273215,ASML,ASML Holding,4.0000000000,690.00,EUR,1.00000000,,EUR,2760.00,EUR,,,,EOF4100000004,,
Limit sell,2025-01-10 14:20:33.671,NL0010273215,ASML,ASML Holding,4.0000000000,702.10,EUR,1.00000000,48.40,EUR,2808.40,EUR,,,,EOF4100000005,,
Market sell,2025-01-13 16:00:00,US0378331005,AAPL,Apple,3.0000000000,250.00,USD,1.04000000,16.41,EUR,720.07,EUR,,,,EOF4100000006,1.08,EUR`;

describe('reconcileFills', () => {
  it('agrees with Trading 212 to the cent in the account currency, each fill at its own rate', () => {
    const { executions, fills, preset } = importFile(TRADING_212, { currency: 'EUR', timeZone: 'UTC' });
    expect(preset).toBe('trading-212');
    // The AAPL buy: 1 / 1.035 EUR per USD; the EUR conversion fee 1.05 is 1.05 × 1.035 = 1.08675 USD.
    expect(executions[0]).toMatchObject({ currency: 'USD', fees: '1.08675' });
    expect(executions[0]?.broker).toEqual({ net: '-703.66', currency: 'EUR', fxRate: '0.966183574879' });
    expect(executions[3]?.broker).toMatchObject({ pnl: '16.41', net: '720.07' });
    const { fills: checks, days } = reconcileFills({
      fills,
      accountCurrency: 'EUR',
      timeZone: 'UTC',
      brokerTimeZone: 'UTC',
    });
    expect(checks.map((c) => [c.figure, c.agrees])).toEqual([
      ['net', true],
      ['net', true],
      ['pnl', true],
      ['pnl', true],
    ]);
    // Buy: −(727.20 + 1.08675) USD / 1.035 = −703.66 EUR; sell: (750 − 1.1232) / 1.04 = 720.07 EUR.
    // ASML: 4 × (702.10 − 690.00) = 48.40; AAPL: 720.07 − 703.66 = 16.41.
    expect(days.map((d) => [d.date, money(d.ours.net), money(d.broker.net), money(d.difference)])).toEqual([
      ['2025-01-08', '0', '0', '0'],
      ['2025-01-09', '0', '0', '0'],
      ['2025-01-10', '48.4', '48.4', '0'],
      ['2025-01-13', '16.41', '16.41', '0'],
    ]);
    expect(days.some(hasUnexplainedDifference)).toBe(false);
  });
});

let nextId = 0;
/** A fill of AAPL in USD on 2025-01-06 unless told otherwise; broker figures only when given. */
function fill(
  overrides: Partial<Omit<ReconcileFill, 'broker'>> & { pnl?: string; net?: string; brokerCurrency?: string },
) {
  const { pnl, net, brokerCurrency, ...rest } = overrides;
  nextId += 1;
  return {
    id: `x${nextId}`,
    executedAt: '2025-01-06T15:00:00.000Z',
    instrumentKey: 'stock:AAPL',
    side: 'buy',
    quantity: D('10'),
    price: D('100'),
    commission: D('0'),
    fees: D('0'),
    multiplier: D('1'),
    currency: 'USD',
    fxRate: null,
    broker:
      pnl === undefined && net === undefined
        ? null
        : {
            pnl: pnl === undefined ? null : D(pnl),
            net: net === undefined ? null : D(net),
            currency: brokerCurrency ?? null,
          },
    ...rest,
  } satisfies ReconcileFill;
}

const USD = { accountCurrency: 'USD', timeZone: 'UTC', brokerTimeZone: 'UTC' };
const on = (date: string, time = '15:00:00') => `${date}T${time}.000Z`;

describe('reconcileFills explanations', () => {
  it('names a commission the broker books and Edgebook does not have (fee_missing)', () => {
    // IBKR-style: FIFO P&L 10 × (105 − 100) = 50; the broker's 48 takes a 2.00 commission off.
    const { fills, days } = reconcileFills({
      ...USD,
      fills: [fill({ pnl: '0' }), fill({ side: 'sell', price: D('105'), executedAt: on('2025-01-07'), pnl: '48' })],
    });
    expect(fills[1]).toMatchObject({ figure: 'pnl', agrees: false, kind: null });
    expect(money(days[1]!.difference)).toBe('2');
    // Its gross agrees: ours 50 is the gross; a broker figure equal to our gross is a fee one side lacks.
    const withFee = reconcileFills({
      ...USD,
      fills: [
        fill({ pnl: '0', commission: D('1') }),
        fill({ side: 'sell', price: D('105'), executedAt: on('2025-01-07'), pnl: '50', commission: D('1') }),
      ],
    });
    expect(withFee.fills[1]).toMatchObject({ kind: 'fee_missing' });
    expect(withFee.days[1]!.explanations).toEqual([
      {
        kind: 'fee_missing',
        amount: D('-2'),
        executionIds: [withFee.fills[1]!.executionId, withFee.fills[0]!.executionId],
      },
    ]);
    expect(hasUnexplainedDifference(withFee.days[1]!)).toBe(false);
  });

  it('names an option imported without its multiplier (multiplier)', () => {
    // 1 contract 4.10 → 5.10 is 100 × 1.00 = 100 at the broker; Edgebook with multiplier 1 has 1.
    const option = { instrumentKey: 'option:AAPL250117C00190000' };
    const { fills, days } = reconcileFills({
      ...USD,
      fills: [
        fill({ ...option, quantity: D('1'), price: D('4.10'), net: '-410' }),
        fill({ ...option, side: 'sell', quantity: D('1'), price: D('5.10'), executedAt: on('2025-01-07'), net: '510' }),
      ],
    });
    expect(fills.map((f) => f.kind)).toEqual(['multiplier', 'multiplier']);
    // Ours 1.00; the broker's cash says 100.00: the whole −99 is the multiplier's.
    expect(days[1]).toMatchObject({ difference: D('-99') });
    expect(days[1]!.explanations.map((e) => [e.kind, e.amount.toString()])).toEqual([['multiplier', '-99']]);
  });

  it('names a sell whose opening buy is not in Edgebook (missing_fill)', () => {
    const { fills, days } = reconcileFills({
      ...USD,
      fills: [fill({ side: 'sell', price: D('105'), pnl: '50' })],
    });
    expect(fills[0]).toMatchObject({ kind: 'missing_fill', difference: D('-50') });
    expect(days[0]!.explanations.map((e) => [e.kind, e.amount.toString()])).toEqual([['missing_fill', '-50']]);
  });

  it("names the broker's average cost against FIFO lots (cost_basis_method)", () => {
    // Buys 10 @ 100 and 10 @ 110, sell 10 @ 120: FIFO 200, average cost (105) 150.
    const { fills, days } = reconcileFills({
      ...USD,
      fills: [
        fill({ pnl: '0' }),
        fill({ price: D('110'), executedAt: on('2025-01-06', '16:00:00'), pnl: '0' }),
        fill({ side: 'sell', price: D('120'), executedAt: on('2025-01-07'), pnl: '150' }),
      ],
    });
    expect(fills[2]).toMatchObject({ kind: 'cost_basis_method', difference: D('50') });
    expect(days[1]!.explanations.map((e) => [e.kind, e.amount.toString()])).toEqual([['cost_basis_method', '50']]);
  });

  it('counts a fill near midnight on the broker day its statement gives it (timezone_shift)', () => {
    // 02:00 UTC on the 8th is still the 7th in New York, the broker's zone.
    const { days } = reconcileFills({
      accountCurrency: 'USD',
      timeZone: 'UTC',
      brokerTimeZone: 'America/New_York',
      fills: [
        fill({ executedAt: on('2025-01-06'), pnl: '0' }),
        fill({ side: 'sell', price: D('105'), executedAt: on('2025-01-08', '02:00:00'), pnl: '50' }),
      ],
    });
    expect(days.map((d) => [d.date, money(d.ours.net), money(d.broker.net), money(d.difference)])).toEqual([
      ['2025-01-06', '0', '0', '0'],
      ['2025-01-07', '0', '50', '-50'],
      ['2025-01-08', '50', null, null],
    ]);
    expect(days[1]!.explanations.map((e) => [e.kind, e.amount.toString()])).toEqual([['timezone_shift', '-50']]);
  });

  it('converts at each fill’s own rate and names a rate-only difference (fx_rate)', () => {
    // An EUR account: bought at 0.9 EUR per USD (−900), sold at 0.95 (997.50): 97.50 EUR.
    const eur = { accountCurrency: 'EUR', timeZone: 'UTC', brokerTimeZone: 'UTC' };
    const agreeing = reconcileFills({
      ...eur,
      fills: [
        fill({ fxRate: D('0.9'), net: '-900', brokerCurrency: 'EUR' }),
        fill({
          side: 'sell',
          price: D('105'),
          fxRate: D('0.95'),
          executedAt: on('2025-01-07'),
          pnl: '97.5',
          brokerCurrency: 'EUR',
        }),
      ],
    });
    expect(agreeing.fills.map((f) => f.agrees)).toEqual([true, true]);
    // A broker that converts the USD P&L (50) at the closing rate only: 47.50.
    const closing = reconcileFills({
      ...eur,
      fills: [
        fill({ fxRate: D('0.9'), net: '-900', brokerCurrency: 'EUR' }),
        fill({
          side: 'sell',
          price: D('105'),
          fxRate: D('0.95'),
          executedAt: on('2025-01-07'),
          pnl: '47.5',
          brokerCurrency: 'EUR',
        }),
      ],
    });
    expect(closing.fills[1]).toMatchObject({ kind: 'fx_rate', difference: D('50') });
    // No rate at all: the fill is left out of the sums and named.
    const unrated = reconcileFills({ ...eur, fills: [fill({ net: '-900', brokerCurrency: 'EUR' })] });
    expect(unrated.fills[0]).toMatchObject({ difference: null, kind: 'fx_rate' });
    expect(unrated.days[0]!.explanations.map((e) => e.kind)).toEqual(['fx_rate']);
  });
});
