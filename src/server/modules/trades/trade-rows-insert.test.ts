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
  holdingSeconds: 60,
  executionCount: 2,
  initialRisk: '50',
  rMultiple: '1.98',
  mistakes: [],
  emotions: [],
  notes: '',
};

const JOURNAL = ['stop_price', 'target_price', 'risk_amount', 'strategy_id', 'rating', 'mistakes', 'emotions', 'notes'];
const namesOf = (rows: { trades: TradeInsert[] }) =>
  toNewTradeRows({ trades: rows.trades, parts: [] }).trades.columns.map((c) => c.name);

describe('toNewTradeRows', () => {
  it('leaves the journal columns to their defaults when no trade has a journal, and keeps every other column', () => {
    const all = namesOf({ trades: [trade, { ...trade, notes: 'x' }] });
    const lean = namesOf({ trades: [trade, { ...trade, mistakes: null as unknown as string[] }] });
    for (const name of JOURNAL) expect(all).toContain(name); // the list names real columns
    expect(lean).toEqual(all.filter((name) => !JOURNAL.includes(name)));
    expect(lean).toEqual(expect.arrayContaining(['initial_risk', 'r_multiple', 'net_pnl', 'created_at']));
  });

  it('writes every column as soon as one trade of the rows has any journal field', () => {
    const full = namesOf({ trades: [trade, { ...trade, notes: 'x' }] });
    for (const journal of [
      { stopPrice: '9' },
      { targetPrice: '12' },
      { riskAmount: '50' },
      { strategyId: '00000000-0000-4000-8000-000000000009' },
      { rating: 4 },
      { mistakes: ['late'] },
      { emotions: ['calm'] },
      { notes: 'plan' },
    ])
      expect(namesOf({ trades: [trade, { ...trade, ...journal }] })).toEqual(full);
  });
});
