import { describe, expect, it } from 'vitest';
import type { DeletedTradeJson } from '../../../contracts/trades';
import { toDays } from './recently-deleted-card';

const trade = (over: Partial<DeletedTradeJson>): DeletedTradeJson => ({
  id: '00000000-0000-4000-8000-000000000001',
  undoToken: '00000000-0000-4000-8000-000000000002',
  accountId: '00000000-0000-4000-8000-000000000003',
  accountName: 'Schwab',
  symbol: 'AAPL',
  direction: 'long',
  status: 'closed',
  openedAt: '2025-01-15T05:00:00.000Z',
  closedAt: '2025-01-16T05:00:00.000Z',
  netPnl: '50',
  currency: 'USD',
  fromImport: false,
  deletedAt: '2025-02-01T12:00:00.000Z',
  expiresAt: '2025-03-03T12:00:00.000Z',
  daysLeft: 30,
  ...over,
});

describe('toDays (Recently deleted)', () => {
  it('shows a date-only trade’s own days in any zone, never its placeholder midnight', () => {
    // In Los Angeles the New York placeholder midnights read as the evenings before.
    const dayOnly = trade({ openedOn: '2025-01-15', closedOn: '2025-01-16' });
    expect(toDays(dayOnly, 'America/Los_Angeles')).toBe('Jan 15, 2025 – Jan 16, 2025, time not in file');
    expect(toDays({ ...dayOnly, openedOn: '2025-01-16' }, 'Pacific/Kiritimati')).toBe('Jan 16, 2025, time not in file');
  });

  it('shows a timed trade’s days in the trader’s zone, and an open one as open', () => {
    const timed = trade({ openedAt: '2025-01-15T14:30:00.000Z', closedAt: '2025-01-15T20:00:00.000Z' });
    expect(toDays(timed, 'America/New_York')).toBe('January 15, 2025');
    expect(toDays({ ...timed, closedAt: null, status: 'open' }, 'Asia/Tokyo')).toBe('January 15, 2025 · open');
    expect(toDays(trade({ openedOn: '2025-01-15', closedAt: null, status: 'open' }), 'UTC')).toBe(
      'Jan 15, 2025, time not in file · open',
    );
  });
});
