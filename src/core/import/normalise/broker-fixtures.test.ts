import { describe, expect, it } from 'vitest';
import { toExecutionOfImported } from '../../../../test/builders/imported-execution';
import { D, add, toMoneyString, type Decimal } from '../../money/decimal';
import { groupTrades } from '../../trades/group-trades';
import { matchBrokerPreset } from '../detect/presets';
import { importTable } from './import-table';
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

/**
 * A minimal RFC 4180 splitter for the fixtures (quoted fields, doubled quotes, line breaks inside
 * quotes, BOM). Test-only: the product reads files through src/core/import/table.
 */
function splitCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inQuotes) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function loadFixture(name: string): { headers: string[]; rows: { line: number; cells: string[] }[] } {
  const lines = splitCsv(readFixture(name));
  const headerIndex = lines.findIndex((cells) => matchBrokerPreset(cells.map((c) => c.trim())) !== null);
  if (headerIndex < 0) throw new Error(`${name}: no known header row`);
  const headers = (lines[headerIndex] ?? []).map((c) => c.trim());
  const rows = lines.slice(headerIndex + 1).map((cells, i) => ({ line: headerIndex + 2 + i, cells }));
  return { headers, rows };
}

describe('broker fixtures, end to end (detect → normalise → group)', () => {
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

    const trades = groupTrades(result.executions.map(toExecutionOfImported));
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
  });
});
