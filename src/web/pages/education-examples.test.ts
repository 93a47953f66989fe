import { describe, expect, it } from 'vitest';
import {
  computeBreakevenWinRate,
  computeTradeR,
  EXPECTANCY_EXAMPLES,
  formatR,
  SMALL_LOSS_EXAMPLE,
  TRADE_R_EXAMPLES,
} from './education-page';

describe('education page examples', () => {
  it('computes the high-win-rate lesson as a loss: 80% at +0.5R / −3R is −0.2R', () => {
    const [highWin] = EXPECTANCY_EXAMPLES;
    expect(highWin).toMatchObject({ winRate: 0.8, avgWinR: 0.5, avgLossR: 3 });
    expect(highWin.expectancyR).toBe(-0.2);
    expect(formatR(highWin.expectancyR)).toBe('−0.2R');
  });

  it('computes the low-win-rate lesson as a gain: 40% at +3R / −1R is +0.6R', () => {
    const [, lowWin] = EXPECTANCY_EXAMPLES;
    expect(lowWin).toMatchObject({ winRate: 0.4, avgWinR: 3, avgLossR: 1 });
    expect(lowWin.expectancyR).toBe(0.6);
    expect(formatR(lowWin.expectancyR)).toBe('+0.6R');
  });

  it('corrects the seed: 80% at +0.5R / −1R is +0.2R, not −0.4R', () => {
    expect(SMALL_LOSS_EXAMPLE).toMatchObject({ winRate: 0.8, avgWinR: 0.5, avgLossR: 1 });
    expect(SMALL_LOSS_EXAMPLE.expectancyR).toBe(0.2);
    expect(formatR(SMALL_LOSS_EXAMPLE.expectancyR)).toBe('+0.2R');
  });

  it('states the breakeven win rates the cards quote', () => {
    expect(computeBreakevenWinRate(0.5, 3)).toBeCloseTo(6 / 7, 12);
    expect(computeBreakevenWinRate(3, 1)).toBe(0.25);
  });

  it('computes the dollar examples of R on one trade, fees and multiplier included', () => {
    const [stock, future] = TRADE_R_EXAMPLES;
    expect(computeTradeR(stock!)).toEqual({ initialRisk: 300, grossPnl: 700, netPnl: 690, r: 2.3 });
    const es = computeTradeR(future!);
    expect(es).toMatchObject({ initialRisk: 1000, grossPnl: 1500, netPnl: 1490.8 });
    expect(formatR(es.r)).toBe('+1.49R');
  });

  it.each([
    [0, '0R'],
    [-3, '−3R'],
    [2.3, '+2.3R'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatR(value)).toBe(expected);
  });
});
