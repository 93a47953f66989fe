import { describe, expect, it } from 'vitest';
import { toNewTradeRows, type TradeInsert } from './trade-rows-insert';

const trade: TradeInsert = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  accountId: '00000000-0000-4000-8000-000000000003',
  openingExecutionId: '00000000-0000-4000-8000-000000000004',
  closingExecutionId: '00000000-0000-4000-8000-000000000005',
  instrumentKey: 'stock:AAPL',
  symbol: 'AAPL',
  assetClass: 'stock',
  direction: 'long',
  status: 'closed',
  openedAt: '2025-01-02T14:30:00.000Z',
  closedAt: '2025-01-02T14:31:00.000Z',
  openedOn: null,
  closedOn: null,
  quantity: '100',
  maxPosition: '100',
  avgEntryPrice: '10',
  avgExitPrice: '11',
  multiplier: '1',
  currency: 'USD',
  grossPnl: '100',
  commission: '1',
  fees: '0',
  netPnl: '99',
  income: '0',
  holdingSeconds: 60,
  executionCount: 2,
  accountGrossPnl: '100',
  accountFees: '1',
  accountNetPnl: '99',
  accountPnlIssue: null,
  initialRisk: '50',
  rMultiple: '1.98',
  strategyId: null,
  hasNotes: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const namesOf = (rows: { trades: TradeInsert[] }) =>
  toNewTradeRows({ trades: rows.trades, parts: [] }).trades.columns.map((c) => c.name);

describe('toNewTradeRows', () => {
  it('writes every column of the schema’s trades but the generated ones, by their database names', () => {
    const names = namesOf({ trades: [trade] });
    expect(names).toEqual(
      expect.arrayContaining(['id', 'opening_execution_id', 'initial_risk', 'r_multiple', 'has_notes']),
    );
    expect(names).not.toContain('analytics_row');
    expect(names).toHaveLength(Object.keys(trade).length);
  });

  it('writes no journal column: the journal lives in trade_journals', () => {
    const names = namesOf({ trades: [trade] });
    for (const name of ['stop_price', 'target_price', 'risk_amount', 'rating', 'mistakes', 'emotions', 'notes'])
      expect(names).not.toContain(name);
  });
});
