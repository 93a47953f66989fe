import { describe, expect, it } from 'vitest';
import { toExecutionOfImported } from '../../../../test/builders/imported-execution';
import { D, add, toMoneyString, type Decimal } from '../../money/decimal';
import { groupTradesWithEvents } from '../../trades/group-with-events';
import { importTable } from './import-table';
import { toEventCountText, toPositionEvent } from './event-rows';
import { toFixtureTable } from '../../../../test/helpers/fixture-csv';
import { BROKER_FIXTURE_CASES as CASES } from '../../../../test/fixtures/import/brokers/expected';

// Vite's raw glob keeps core tests free of node:fs (core is pure, tests included).
const FIXTURES: Record<string, string> = import.meta.glob('../../../../test/fixtures/import/brokers/*.csv', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function readFixture(name: string): string {
  const text = FIXTURES[`../../../../test/fixtures/import/brokers/${name}`];
  if (text === undefined) throw new Error(`No fixture ${name}`);
  return text;
}

function loadFixture(name: string): { headers: string[]; rows: { line: number; cells: string[] }[] } {
  return toFixtureTable(name, readFixture(name));
}

describe('broker fixtures, end to end (detect → normalise → group with the file’s position events)', () => {
  it('has a case for every fixture file', () => {
    const files = Object.keys(FIXTURES).map((path) => path.split('/').pop());
    expect(files.sort()).toEqual(CASES.map((c) => c.file).sort());
  });

  it.each(CASES)('$file', (expected) => {
    const { headers, rows } = loadFixture(expected.file);
    const result = importTable({ headers, rows, accountTimeZone: 'America/New_York', defaultCurrency: 'USD' });
    expect(result.detection.preset?.id).toBe(expected.preset);
    expect(result.problems).toEqual([]);
    expect(result.executions).toHaveLength(expected.executions);

    // As the account holds them: a reward or a reinvestment is a position too.
    const events = result.events.map((event, index) => toPositionEvent(event, { id: `ev${index}`, accountId: 'acc' }));
    const { trades } = groupTradesWithEvents(result.executions.map(toExecutionOfImported), events);
    expect(trades.filter((t) => t.status === 'closed')).toHaveLength(expected.closed);
    expect(trades.filter((t) => t.status === 'open')).toHaveLength(expected.open ?? 0);
    const totals = new Map<string, Decimal>();
    for (const trade of trades) totals.set(trade.currency, add(totals.get(trade.currency) ?? D(0), trade.netPnl));
    const net = Object.fromEntries([...totals].map(([currency, value]) => [currency, toMoneyString(value)]));
    expect(net).toEqual(expected.netPnl);

    for (const reason of expected.skippedReasons ?? []) {
      expect(result.skipped.map((s) => s.reason).join(' | ')).toContain(reason);
    }
    for (const symbol of expected.symbols ?? []) expect(result.executions.map((e) => e.symbol)).toContain(symbol);
    expect(toEventCountText(result.events)).toBe(expected.events ?? '');
  });
});

describe('fills whose file gives no time of day (#43 item 1)', () => {
  const read = (file: string) => {
    const { headers, rows } = loadFixture(file);
    return importTable({ headers, rows, accountTimeZone: 'America/New_York', defaultCurrency: 'USD' }).executions;
  };

  it.each(['charles-schwab.csv', 'robinhood.csv', 'robinhood-classic.csv'])(
    '%s: every fill keeps the day the file wrote, its time unknown',
    (file) => {
      const executions = read(file);
      expect(executions.length).toBeGreaterThan(0);
      for (const e of executions) {
        expect(e.executedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        // The placeholder instant is that day's midnight in the account's zone: the same calendar day there.
        expect(new Date(e.executedAt).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })).toBe(e.executedOn);
      }
    },
  );

  it.each(['interactive-brokers.csv', 'webull-2025.csv', 'trading-212.csv'])(
    '%s: fills with a time have no day of their own',
    (file) => {
      const executions = read(file);
      expect(executions.length).toBeGreaterThan(0);
      expect(executions.filter((e) => e.executedOn !== undefined)).toEqual([]);
    },
  );
});
