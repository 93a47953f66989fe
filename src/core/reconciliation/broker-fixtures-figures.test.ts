import { describe, expect, it } from 'vitest';
import { matchBrokerPreset } from '../import/detect/presets';
import { importTable } from '../import/normalise/import-table';
import { toReconcileFills } from '../../../test/builders/reconcile-fill';
import { reconcileFills } from './reconcile';

// Vite's raw glob keeps core tests free of node:fs (core is pure, tests included).
const FIXTURES: Record<string, string> = import.meta.glob('../../../test/fixtures/import/brokers/*.csv', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Quoted-field CSV lines (no line breaks inside quotes in these fixtures). */
function splitLine(line: string): string[] {
  return [...line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map((m) => (m[2] === undefined ? (m[1] ?? '') : m[2].replaceAll('""', '"')));
}

function importFixture(text: string, defaultCurrency = 'USD') {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map(splitLine);
  const headerIndex = lines.findIndex((cells) => matchBrokerPreset(cells.map((c) => c.trim())) !== null);
  const headers = (lines[headerIndex] ?? []).map((c) => c.trim());
  const rows = lines.slice(headerIndex + 1).map((cells, i) => ({ line: headerIndex + 2 + i, cells }));
  return importTable({ headers, rows, accountTimeZone: 'America/New_York', defaultCurrency });
}

/**
 * Per fixture with broker figures: fills carrying one, and those agreeing to the cent. Every other
 * fixture's layout carries none (Zerodha's tradebook, crypto files, …).
 */
const WITH_FIGURES: Record<string, { figures: number; agreeing: number }> = {
  'bux.csv': { figures: 3, agreeing: 0 },
  'charles-schwab.csv': { figures: 5, agreeing: 5 },
  'fidelity-all-accounts-2025.csv': { figures: 2, agreeing: 2 },
  'fidelity-all-accounts.csv': { figures: 2, agreeing: 2 },
  'fidelity-classic.csv': { figures: 2, agreeing: 2 },
  'fidelity.csv': { figures: 5, agreeing: 5 },
  'interactive-brokers-activity-flex.csv': { figures: 2, agreeing: 2 },
  'interactive-brokers-activity-statement.csv': { figures: 4, agreeing: 4 },
  'interactive-brokers-transaction-history.csv': { figures: 2, agreeing: 2 },
  'questrade-classic.csv': { figures: 2, agreeing: 2 },
  'questrade.csv': { figures: 3, agreeing: 3 },
  'trading-212.csv': { figures: 4, agreeing: 4 },
  'wealthsimple.csv': { figures: 3, agreeing: 3 },
};

/**
 * The documented BUX sample's sell says P&L 66.5, which its own rows do not give: 2,242.50 −
 * 1,452.00 − 730.00 = 60.50, less the three 1.00 fee rows = 57.50 (the figure is invented, §3.12).
 */
const KNOWN_OFF: Record<string, string[]> = { 'bux.csv': ['-9'] };

describe('the broker fixtures’ own figures', () => {
  it.each(Object.keys(FIXTURES).map((path) => [path.split('/').pop() ?? path]))(
    '%s: every figure agrees to the cent or is explained',
    (name) => {
      const result = importFixture(FIXTURES[`../../../test/fixtures/import/brokers/${name}`] ?? '');
      const accountCurrency = name === 'trading-212.csv' || name === 'bux.csv' ? 'EUR' : 'USD';
      const { fills } = reconcileFills({
        fills: toReconcileFills(result.executions),
        accountCurrency,
        timeZone: 'America/New_York',
        brokerTimeZone: 'America/New_York',
      });
      const withFigure = fills.filter((f) => f.figure !== null);
      expect({ figures: withFigure.length, agreeing: withFigure.filter((f) => f.agrees).length }).toEqual(
        WITH_FIGURES[name] ?? { figures: 0, agreeing: 0 },
      );
      const unexplained = withFigure.filter((f) => !f.agrees && f.kind === null);
      expect(unexplained.map((f) => f.difference?.toString())).toEqual(KNOWN_OFF[name] ?? []);
    },
  );

  it('explains the BUX buys’ amounts by their fee rows (a fee the trade row leaves out)', () => {
    const result = importFixture(FIXTURES['../../../test/fixtures/import/brokers/bux.csv'] ?? '');
    const { fills } = reconcileFills({
      fills: toReconcileFills(result.executions),
      accountCurrency: 'EUR',
      timeZone: 'UTC',
      brokerTimeZone: 'UTC',
    });
    // Buy 100 @ 14.52: ours −1,453.00 with the 1.00 fee row, the trade row −1,452.00.
    expect(fills.slice(0, 2).map((f) => [f.kind, f.difference?.toString()])).toEqual([
      ['fee_missing', '-1'],
      ['fee_missing', '-1'],
    ]);
  });
});
