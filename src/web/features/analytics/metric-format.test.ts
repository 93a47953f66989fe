import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDailyStats, type DailyPoint, type DailyStats } from '../../../core/analytics';
import {
  MAX_TINT,
  RISK_METRICS,
  explainRisk,
  formatPercent,
  formatPercentTicks,
  formatRValue,
  formatMoneyIn,
  formatStat,
  formatUsd,
  toHeatBackground,
  toHeatScale,
  toHeatTint,
  toDistinctPercentDigits,
} from './metric-format';

const context = { startingEquity: 10_000, endingEquity: 12_000, days: 40, trades: 120, hasDailyReturns: true };

describe('formatStat', () => {
  it.each([
    [1234.5, 'money', '$1,234.50'],
    [-12, 'signedMoney', '-$12.00'],
    [12, 'signedMoney', '+$12.00'],
    [0.0427, 'percent', '4.27%'],
    [-0.0132, 'percent', '-1.32%'],
    [1.256, 'ratio', '1.26'],
    [0.5, 'r', '+0.50R'],
    [1234, 'count', '1,234'],
  ] as const)('shows %s as %s %s', (value, kind, text) => {
    expect(formatStat(value, kind)).toEqual({ text, note: null });
  });

  it('shows infinities as ∞ and undefined values as a dash, each with a reason', () => {
    expect(formatStat('Infinity', 'ratio').text).toBe('∞');
    expect(formatStat('-Infinity', 'ratio').text).toBe('−∞');
    const missing = formatStat(null, 'percent');
    expect(missing.text).toBe('—');
    expect(missing.note).toMatch(/not defined/i);
    expect(formatStat('Infinity', 'ratio').note).toMatch(/divided by zero/);
  });
});

describe('number formats', () => {
  it('never shows a negative zero', () => {
    expect(formatUsd(-0.001)).toBe('$0.00');
    expect(formatPercent(-0.000001)).toBe('0.00%');
    expect(formatRValue(-0.001)).toBe('0.00R');
  });
  it('rounds money half away from zero to cents', () => {
    expect(formatUsd(2.345)).toBe('$2.35');
    expect(formatUsd(-2.345, { isSigned: true })).toBe('-$2.35');
    expect(formatUsd(1999.6, { isWhole: true })).toBe('$2,000');
  });
});

describe('formatMoneyIn', () => {
  it.each([
    [1234.5, 'USD', {}, '$1,234.50'],
    [1234.5, 'EUR', {}, '€1,234.50'],
    [-12, 'EUR', { isSigned: true }, '-€12.00'],
    [3.1, 'GBP', { isSigned: true }, '+£3.10'],
    [0, 'EUR', { isSigned: true }, '€0.00'],
    [-0.004, 'EUR', {}, '€0.00'],
    [12, 'CHF', {}, 'CHF 12.00'],
    [1999.6, 'EUR', { isWhole: true }, '€2,000'],
    [-1234, 'EUR', { isSigned: true, compactDigits: 1 }, '-€1.2K'],
    [217.4, 'EUR', { isSigned: true, compactDigits: 0 }, '+€217'],
    [5, 'USDT', {}, 'USDT 5.00'],
  ] as const)('shows %s in %s (%o) as %s', (value, currency, options, text) => {
    expect(formatMoneyIn(value, currency, options)).toBe(text);
  });

  it('writes every money statistic in the currency it is given, never in dollars', () => {
    expect(formatStat(-70.25, 'signedMoney', 'EUR').text).toBe('-€70.25');
    expect(formatStat(70.25, 'money', 'GBP').text).toBe('£70.25');
    expect(formatStat(0.5, 'percent', 'EUR').text).toBe('50.00%');
  });

  it('is formatUsd in dollars, digit for digit', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.boolean(), (value, isSigned) => {
        expect(formatUsd(value, { isSigned })).toBe(formatMoneyIn(value, 'USD', { isSigned }));
        expect(formatMoneyIn(value, 'EUR', { isSigned })).toBe(formatUsd(value, { isSigned }).replace('$', '€'));
      }),
    );
  });
});

describe('risk explanations', () => {
  it('says the loss and the drawdown in the answer’s currency', () => {
    const inEuros = { ...context, currency: 'EUR' };
    const varHist = RISK_METRICS.find((m) => m.id === 'varHist95')!;
    expect(explainRisk(varHist, -0.0132, inEuros)).toBe(
      "On a bad day (1 in 20) you lose at least 1.32% of your account, about €158 at today's equity.",
    );
    const drawdown = RISK_METRICS.find((m) => m.id === 'maxDrawdownAbs')!;
    expect(explainRisk(drawdown, 812.5, inEuros)).toContain('you were €812.50 below your peak');
  });

  it('says what a historical 95% VaR means in dollars at today’s equity', () => {
    const metric = RISK_METRICS.find((m) => m.id === 'varHist95')!;
    expect(explainRisk(metric, -0.0132, context)).toBe(
      "On a bad day (1 in 20) you lose at least 1.32% of your account, about $158 at today's equity.",
    );
  });
  it('explains every metric in one line, including the missing case', () => {
    for (const metric of RISK_METRICS) {
      for (const value of [-0.2, 0, 0.05, 1.5, 7]) {
        const line = explainRisk(metric, value, context);
        expect(line.length).toBeGreaterThan(10);
        expect(line).not.toContain('\n');
        expect(line).not.toContain('NaN');
      }
      expect(explainRisk(metric, null, context)).toBe(metric.explainMissing);
      expect(explainRisk(metric, 'Infinity', context)).toBe(metric.explainMissing);
    }
  });
  it('says a daily figure is missing for want of a positive balance, not of days, when there are days', () => {
    // Ten days on an account that started at $0: the panel's intro cites the ten days.
    const stats = computeDailyStats(toDays([100, -50, 20, 30, -10, 40, 5, -5, 60, 10], 0), { startingEquity: 0 });
    expect(stats.days).toBe(10);
    for (const metric of RISK_METRICS.filter((m) => m.source === 'daily')) {
      const line = explainRisk(metric, stats[metric.key as keyof DailyStats] as number | null, {
        ...context,
        days: 10,
        hasDailyReturns: stats.totalReturn !== null,
      });
      expect(line, metric.id).not.toMatch(/trading day/);
      expect(line, metric.id).toMatch(/positive balance at the start of every day/);
    }
  });
  it.each([
    ['Needs at least one trading day.', 1],
    ['Needs at least two trading days with different returns.', 2],
  ])('states the days the computation needs: “%s”', (text, needed) => {
    const metrics = RISK_METRICS.filter((m) => m.explainMissing === text);
    expect(metrics.length).toBeGreaterThan(0);
    const valueOf = (pnls: number[], key: string) =>
      computeDailyStats(toDays(pnls, 10_000), { startingEquity: 10_000 })[key as keyof DailyStats];
    for (const metric of metrics) {
      expect(valueOf([], metric.key), metric.id).toBeNull();
      expect(valueOf([120, -80].slice(0, needed - 1), metric.key), metric.id).toBeNull();
      expect(valueOf([120, -80].slice(0, needed), metric.key), metric.id).not.toBeNull();
    }
  });
  it('covers the metrics the spec lists', () => {
    expect(RISK_METRICS.map((m) => m.id)).toEqual([
      'sharpe',
      'sortino',
      'calmar',
      'maxDrawdownAbs',
      'maxDrawdownFrac',
      'varHist95',
      'cvarHist95',
      'varHist99',
      'cvarHist99',
      'varGaussian95',
      'varGaussian99',
      'varModified95',
      'varModified99',
      'sqn',
      'kelly',
    ]);
  });
});

describe('formatPercentTicks', () => {
  it.each([
    [
      [0, 0.005, 0.01, 0.015],
      ['0.0%', '0.5%', '1.0%', '1.5%'],
    ],
    [
      [0, 0.0004, 0.0008],
      ['0.00%', '0.04%', '0.08%'],
    ],
    [
      [0, 0.05, 0.1, 0.15],
      ['0%', '5%', '10%', '15%'],
    ],
    [
      [0.1, 0.125, 0.15],
      ['10.0%', '12.5%', '15.0%'],
    ],
  ])('labels %j as %j', (ticks, labels) => {
    expect(formatPercentTicks(ticks)).toEqual(labels);
  });
  it('never gives two neighbouring ticks the same label when they differ by at least 0.0001%', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0.000002, max: 0.2, noNaN: true }),
        fc.integer({ min: 2, max: 30 }),
        (from, width, count) => {
          const labels = formatPercentTicks(Array.from({ length: count }, (_, i) => from + i * width));
          labels.forEach((label, i) => i > 0 && expect(label).not.toBe(labels[i - 1]));
        },
      ),
    );
  });
  it('keeps at least the decimals asked for', () => {
    expect(toDistinctPercentDigits([0, 0.05, 0.1], 1)).toBe(1);
  });
});

describe('heatmap colour scale', () => {
  it('diverges around zero for net P&L and around 50% for win rate', () => {
    const pnl = toHeatScale('netPnl', [100, -300, null, 50]);
    expect(pnl).toEqual({ kind: 'diverging', center: 0, span: 300 });
    expect(toHeatTint(-300, pnl)).toEqual({ tone: 'loss', percent: MAX_TINT });
    expect(toHeatTint(100, pnl).tone).toBe('gain');
    expect(toHeatTint(0, pnl)).toEqual({ tone: null, percent: 0 });
    expect(toHeatTint(null, pnl)).toEqual({ tone: null, percent: 0 });
    const rate = toHeatScale('winRate', [0.25, 1]);
    expect(rate).toEqual({ kind: 'diverging', center: 0.5, span: 0.5 });
    expect(toHeatTint(0.25, rate).tone).toBe('loss');
  });
  it('is sequential from zero for the trade count', () => {
    const count = toHeatScale('count', [0, 3, 12]);
    expect(toHeatTint(12, count)).toEqual({ tone: 'accent', percent: MAX_TINT });
    expect(toHeatTint(0, count).tone).toBeNull();
  });
  it('keeps every tint within bounds and grows with the distance from the centre', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (values) => {
          const scale = toHeatScale('netPnl', values);
          const sorted = [...values].filter((v) => v > 0).sort((a, b) => a - b);
          let previous = 0;
          for (const v of sorted) {
            const { percent } = toHeatTint(v, scale);
            expect(percent).toBeGreaterThanOrEqual(previous);
            expect(percent).toBeLessThanOrEqual(MAX_TINT);
            previous = percent;
          }
        },
      ),
    );
  });
  it('mixes the theme colour into the card background', () => {
    expect(toHeatBackground({ tone: 'gain', percent: 20 })).toBe(
      'color-mix(in srgb, var(--gain) 20%, var(--bg-elevated))',
    );
    expect(toHeatBackground({ tone: null, percent: 0 })).toBeUndefined();
  });
});

/** Consecutive days closing `pnls`, on an account that starts at `startingEquity`. */
function toDays(pnls: number[], startingEquity: number): DailyPoint[] {
  let equity = startingEquity;
  return pnls.map((pnl, i) => {
    const startEquity = equity;
    equity += pnl;
    const date = `2025-01-${String(i + 1).padStart(2, '0')}`;
    const dayNumber = 20_089 + i;
    return {
      date,
      dayNumber,
      trades: 1,
      pnl,
      startEquity,
      endEquity: equity,
      return: startEquity > 0 ? pnl / startEquity : null,
    };
  });
}
