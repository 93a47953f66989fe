import { describe, expect, it } from 'vitest';
import { D } from '../money/decimal';
import { importTable } from '../import/normalise/import-table';
import type { ImportedExecution } from '../import/normalise/normalise-rows';
import { hasUnexplainedDifference, reconcileFills, type ReconcileFill } from './reconcile';

/** A CSV text (no quoted line breaks) as importTable's header and rows. */
function readCsv(text: string): { headers: string[]; rows: string[][] } {
  const lines = text.trim().split('\n');
  const split = (line: string) =>
    [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[2] ?? m[1] ?? '');
  return { headers: split(lines[0]!), rows: lines.slice(1).map(split) };
}

function toReconcileFill(e: ImportedExecution, index: number): ReconcileFill {
  const broker = e.broker;
  return {
    id: `f${index + 1}`,
    executedAt: e.executedAt,
    instrumentKey: e.instrumentKey,
    side: e.side,
    quantity: D(e.quantity),
    price: D(e.price),
    commission: D(e.commission),
    fees: D(e.fees),
    multiplier: D(e.multiplier),
    currency: e.currency,
    fxRate: broker?.fxRate === undefined ? null : D(broker.fxRate),
    broker: broker
      ? {
          pnl: broker.pnl === undefined ? null : D(broker.pnl),
          net: broker.net === undefined ? null : D(broker.net),
          currency: broker.currency ?? null,
        }
      : null,
  };
}

function importFile(text: string, account: { currency: string; timeZone: string }) {
  const result = importTable({
    ...readCsv(text),
    accountTimeZone: account.timeZone,
    defaultCurrency: account.currency,
  });
  expect(result.problems).toEqual([]);
  const sorted = [...result.executions].sort((a, b) =>
    a.executedAt < b.executedAt ? -1 : a.executedAt > b.executedAt ? 1 : a.sequence - b.sequence,
  );
  return { executions: sorted, fills: sorted.map(toReconcileFill), preset: result.detection.preset?.id };
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
