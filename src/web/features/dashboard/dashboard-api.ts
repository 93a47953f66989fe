import { useQuery } from '@tanstack/react-query';
import { EQUITY_CHART_MAX_POINTS } from '../../../contracts/analytics';
import { api } from '../../lib/api';
import type { DayRange } from './period';

/**
 * The dashboard's queries. Everything it shows derives from the trades, so its keys sit under
 * '/api/trades': whatever invalidates the trades (a manual trade, an import, sample data, an edit,
 * a delete) refreshes the dashboard too. The journal's own keys sit under '/api/journal'.
 */
export const DASHBOARD_KEY = ['/api/trades', 'dashboard'] as const;
export const CALENDAR_KEY = [...DASHBOARD_KEY, 'calendar'] as const;

export type DashboardFilter = DayRange & { accountId?: string };

function toSearch(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
}

/** Whether the user has any trade at all (the empty state otherwise). */
export function useHasTrades() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'any'],
    queryFn: async () => (await api('GET /api/trades', { search: 'limit=1' })).trades.length > 0,
  });
}

export function useSummary(filter: DashboardFilter, isEnabled: boolean) {
  const search = toSearch(filter);
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'summary', search],
    queryFn: () => api('GET /api/analytics/summary', { search }),
    enabled: isEnabled,
  });
}

export function useEquity(filter: DashboardFilter, isEnabled: boolean) {
  const search = toSearch({ ...filter, maxPoints: String(EQUITY_CHART_MAX_POINTS) });
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'equity', search],
    queryFn: () => api('GET /api/analytics/equity', { search }),
    enabled: isEnabled,
  });
}

export function useCalendar(params: { month: string; accountId?: string }, isEnabled: boolean) {
  const search = toSearch(params);
  return useQuery({
    queryKey: [...CALENDAR_KEY, search],
    queryFn: () => api('GET /api/analytics/calendar', { search }),
    enabled: isEnabled,
  });
}

/** The latest closed trades; the newest also tells the calendar which month to open on. */
export function useRecentTrades(accountId: string | undefined, isEnabled: boolean) {
  const search = toSearch({ accountId, status: 'closed', sort: 'closedAt', order: 'desc', limit: '6' });
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'recent', search],
    queryFn: () => api('GET /api/trades', { search }),
    enabled: isEnabled,
  });
}

/** The trades closed on one day (the calendar's day), oldest first. */
export function useDayTrades(date: string | null, accountId: string | undefined) {
  const search = toSearch({
    from: date ?? undefined,
    to: date ?? undefined,
    accountId,
    status: 'closed',
    sort: 'closedAt',
    order: 'asc',
    limit: '200',
  });
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'day', search],
    queryFn: () => api('GET /api/trades', { search }),
    enabled: date !== null,
  });
}

export const journalDayKey = (date: string) => ['/api/journal', 'day', date] as const;

export function useJournalDay(date: string | null) {
  return useQuery({
    queryKey: journalDayKey(date ?? ''),
    queryFn: () => api('GET /api/journal/days/:date', { params: { date: date ?? '' } }),
    enabled: date !== null,
  });
}
