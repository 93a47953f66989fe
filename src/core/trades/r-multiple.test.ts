import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../../test/builders/execution';
import { D, multiply } from '../money/decimal';
import { groupTrades, type Trade } from './group-trades';
import { computeInitialEntry, computeInitialRisk, computeRMultiple, RISK_REASON_MESSAGES } from './r-multiple';

const T0 = Date.parse('2025-01-02T14:30:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function onlyTrade(...executions: Parameters<typeof makeExecution>[0][]): Trade {
  const [trade] = groupTrades(executions.map((overrides) => makeExecution(overrides)));
  if (!trade) throw new Error('no trade');
  return trade;
}

/** Long 100 at 10, out at 12 (+200 gross, −2 costs). */
const winningLong = () =>
  onlyTrade(
    { side: 'buy', quantity: '100', price: '10', commission: '1', executedAt: at(0) },
    { side: 'sell', quantity: '100', price: '12', commission: '1', executedAt: at(60) },
  );

describe('computeInitialEntry', () => {
  it('takes the fills at the opening time and stops at the first later scale-in', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '60', price: '10', executedAt: at(0) },
      { side: 'buy', quantity: '40', price: '10.5', executedAt: at(0) },
      { side: 'buy', quantity: '100', price: '11', executedAt: at(30) },
      { side: 'sell', quantity: '200', price: '12', executedAt: at(60) },
    );
    const entry = computeInitialEntry(trade);
    expect([entry.quantity.toString(), entry.avgPrice.toString()]).toEqual(['100', '10.2']);
  });

  it('stops at an exit at the opening time', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '100', price: '10', executedAt: at(0) },
      { side: 'sell', quantity: '50', price: '10', executedAt: at(0) },
      { side: 'buy', quantity: '50', price: '10', executedAt: at(0) },
      { side: 'sell', quantity: '100', price: '11', executedAt: at(9) },
    );
    expect(computeInitialEntry(trade).quantity.toString()).toBe('100');
  });

  it('uses the remainder of a fill that flipped the position', () => {
    const [, short] = groupTrades([
      makeExecution({ side: 'buy', quantity: '100', price: '10', executedAt: at(0) }),
      makeExecution({ side: 'sell', quantity: '300', price: '12', executedAt: at(60) }),
      makeExecution({ side: 'buy', quantity: '200', price: '11', executedAt: at(120) }),
    ]);
    expect(short && computeInitialEntry(short).quantity.toString()).toBe('200');
  });
});

describe('computeInitialRisk', () => {
  it('measures a long’s risk from entry down to the stop', () => {
    const result = computeInitialRisk({ trade: winningLong(), initialStop: D('9.5') });
    expect([result.risk?.toString(), result.source]).toEqual(['50', 'stop']);
  });

  it('measures a short’s risk from entry up to the stop', () => {
    const trade = onlyTrade(
      { side: 'sell', quantity: '50', price: '20', executedAt: at(0) },
      { side: 'buy', quantity: '50', price: '18', executedAt: at(60) },
    );
    expect(computeInitialRisk({ trade, initialStop: D('21') }).risk?.toString()).toBe('50');
  });

  it('multiplies by the contract multiplier', () => {
    const es = { instrumentKey: 'future:ESZ24', multiplier: '50' };
    const trade = onlyTrade(
      { ...es, side: 'buy', quantity: '2', price: '6000', executedAt: at(0) },
      { ...es, side: 'sell', quantity: '2', price: '6010', executedAt: at(60) },
    );
    expect(computeInitialRisk({ trade, initialStop: D('5995.5') }).risk?.toString()).toBe('450');
  });

  it('ignores a later scale-in', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '100', price: '10', executedAt: at(0) },
      { side: 'buy', quantity: '100', price: '11', executedAt: at(30) },
      { side: 'sell', quantity: '200', price: '12', executedAt: at(60) },
    );
    expect(computeInitialRisk({ trade, initialStop: D('9') }).risk?.toString()).toBe('100');
  });

  it('prefers the trader’s risk amount to the stop', () => {
    const result = computeInitialRisk({ trade: winningLong(), initialStop: D('9.5'), riskAmount: D(80) });
    expect([result.risk?.toString(), result.source]).toEqual(['80', 'risk_amount']);
  });

  it('falls back on the default risk per trade', () => {
    const result = computeInitialRisk({ trade: winningLong(), defaultRiskAmount: D(100) });
    expect([result.risk?.toString(), result.source]).toEqual(['100', 'default_risk']);
  });

  it.each([
    ['no stop and no risk', {}, 'NO_STOP_OR_RISK'],
    ['a long’s stop above the entry', { initialStop: D(11) }, 'STOP_ON_WRONG_SIDE'],
    [
      'a wrong-side stop, even with a default risk',
      { initialStop: D(11), defaultRiskAmount: D(100) },
      'STOP_ON_WRONG_SIDE',
    ],
    ['a stop at the entry', { initialStop: D(10) }, 'STOP_AT_ENTRY'],
    ['a risk amount of 0', { riskAmount: D(0) }, 'RISK_NOT_POSITIVE'],
    ['a negative default risk', { defaultRiskAmount: D(-5) }, 'RISK_NOT_POSITIVE'],
  ] as const)('gives no risk for %s', (_, params, reason) => {
    expect(computeInitialRisk({ trade: winningLong(), ...params })).toEqual({ risk: null, source: null, reason });
  });

  it('says why in words', () => {
    expect(RISK_REASON_MESSAGES.STOP_ON_WRONG_SIDE).toMatch(/wrong side/);
  });
});

describe('computeRMultiple', () => {
  it('divides net P&L by the initial risk', () => {
    // (200 − 2) ÷ 50
    expect(computeRMultiple({ trade: winningLong(), initialStop: D('9.5') }).r?.toString()).toBe('3.96');
  });

  it('gives a full loss −1R', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '100', price: '10', executedAt: at(0) },
      { side: 'sell', quantity: '100', price: '9.5', executedAt: at(60) },
    );
    expect(computeRMultiple({ trade, initialStop: D('9.5') }).r?.toString()).toBe('-1');
  });

  it('rounds a non-terminating R to 20 places', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '1', price: '10', executedAt: at(0) },
      { side: 'sell', quantity: '1', price: '11', executedAt: at(60) },
    );
    expect(computeRMultiple({ trade, riskAmount: D(3) }).r?.toString()).toBe('0.33333333333333333333');
  });

  it('gives 0R, not null, for a breakeven trade with a stop', () => {
    const trade = onlyTrade(
      { side: 'buy', quantity: '100', price: '10', executedAt: at(0) },
      { side: 'sell', quantity: '100', price: '10', executedAt: at(60) },
    );
    expect(computeRMultiple({ trade, initialStop: D(9) }).r?.toString()).toBe('0');
  });

  it('gives null, never 0, without a stop or risk', () => {
    expect(computeRMultiple({ trade: winningLong() })).toEqual({
      risk: null,
      source: null,
      reason: 'NO_STOP_OR_RISK',
      r: null,
    });
  });

  it('gives no R for an open trade but keeps its risk', () => {
    const trade = onlyTrade({ side: 'buy', quantity: '100', price: '10', executedAt: at(0) });
    const result = computeRMultiple({ trade, initialStop: D(9) });
    expect([result.risk?.toString(), result.r, result.reason]).toEqual(['100', null, 'TRADE_OPEN']);
  });

  it('scales R with the P&L: R × risk = net P&L for any stop below a long entry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 5000 }), (stopCents, exitCents) => {
        const trade = onlyTrade(
          { side: 'buy', quantity: '100', price: '10', executedAt: at(0) },
          { side: 'sell', quantity: '100', price: D(`${exitCents}e-2`), executedAt: at(60) },
        );
        const { risk, r } = computeRMultiple({ trade, initialStop: D(`${stopCents}e-2`) });
        expect(risk && r && multiply(r, risk).minus(trade.netPnl).abs().lt('1e-15')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
