import { StartingBalanceNote, UnconvertedNote } from '../analytics/unconverted-note';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toApiError, apiQuery } from '../../lib/api';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { loadUPlot } from '../../components/charts/uplot-chart';
import { useAuth } from '../../lib/use-auth';
import { SampleDataBanner } from '../settings/sample-data-card';
import { useSampleData } from '../settings/use-sample-data';
import { SELECT_BASE } from '../trades/dialog-frame';
import { ManualTradeDialog } from '../trades/manual-trade-dialog';
import { useEquity, useHasTrades, useRecentTrades, useSummary, type DashboardFilter } from './dashboard-api';
import { DayDialog } from './day-dialog';
import { DashboardEmptyState } from './empty-state';
import { EquityCard } from './equity-card';
import { HeadlineCards } from './headline-cards';
import { PinnedReports } from './pinned-reports';
import { PnlCalendar } from './pnl-calendar';
import { isPeriodId, PERIODS, toMonthKey, toPeriodRange, toTodayKey, type PeriodId } from './period';
import { RecentTrades } from './recent-trades';

const DEFAULT_PERIOD: PeriodId = 'all';

function Skeleton({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-2xl border border-line bg-sunken ${className}`} />;
}

function ErrorLine({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p role="alert" className="rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-fg">
      {toApiError(error, fallback).message}
    </p>
  );
}

/** The period and account choice, kept in the URL (?period=&from=&to=&accountId=). */
function useDashboardFilter(timeZone: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const rawPeriod = params.get('period');
  const period: PeriodId = isPeriodId(rawPeriod) ? rawPeriod : DEFAULT_PERIOD;
  const accountId = params.get('accountId') || undefined;
  const customFrom = params.get('from') ?? '';
  const customTo = params.get('to') ?? '';
  const [today] = useState(() => toTodayKey(new Date(), timeZone));
  const range = useMemo(
    () => toPeriodRange(period, today, { from: customFrom, to: customTo }),
    [period, today, customFrom, customTo],
  );
  const [location] = useLocation();
  const setParams = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const text = next.toString();
      navigate(text ? `${location}?${text}` : location, { replace: true });
    },
    [search, navigate, location],
  );
  const filter: DashboardFilter = useMemo(() => ({ ...range, accountId }), [range, accountId]);
  return { period, accountId, customFrom, customTo, today, range, filter, setParams };
}

/** /dashboard (and / when signed in): headline numbers, equity and drawdown, P&L calendar, recent trades. */
export default function DashboardPage() {
  const { user } = useAuth();
  const timeZone = user?.timezone ?? 'UTC';
  const ids = useId();
  const { period, accountId, customFrom, customTo, today, range, filter, setParams } = useDashboardFilter(timeZone);
  const [isManualOpen, setIsManualOpen] = useState(false);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const { load, status: sampleStatus, isLoaded: isSampleLoaded } = useSampleData();

  useEffect(() => {
    void loadUPlot(); // overlap the chart library's download with the data requests
  }, []);

  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const accountList = useMemo(() => accounts.data?.accounts ?? [], [accounts.data]);
  const ownTrades = useHasTrades();
  // "All accounts" leaves a loaded sample out once the trader has an account of their own, which
  // may still be empty: the sample is then one pick away in the account menu, not an empty journal.
  // Undefined while that is not known yet.
  const hasTrades: boolean | undefined =
    ownTrades.data === true || isSampleLoaded ? true : sampleStatus.isPending ? undefined : ownTrades.data;
  const isEnabled = hasTrades !== false;
  const summary = useSummary(filter, isEnabled);
  const equity = useEquity(filter, isEnabled);
  const recent = useRecentTrades(accountId, isEnabled);

  // The summary says which currency its figures are in (the account's, or the base currency across
  // accounts in several); until it has answered, the accounts' own.
  const answeredCurrency = summary.data?.currency;
  const currency = useMemo(() => {
    if (answeredCurrency) return answeredCurrency;
    const chosen = accountList.find((a) => a.id === accountId);
    if (chosen) return chosen.currency;
    const currencies = new Set(accountList.map((a) => a.currency));
    return currencies.size === 1 ? [...currencies][0]! : 'USD';
  }, [accountList, accountId, answeredCurrency]);

  // The calendar opens on the period's last month, or (all time) on the month of the latest close.
  const latestClose = recent.data?.trades[0]?.closedAt;
  const calendarMonth =
    range.to !== undefined || recent.data
      ? toMonthKey(range.to ?? (latestClose ? toTodayKey(new Date(latestClose), timeZone) : today))
      : null;

  const controls = (
    <div className="flex flex-wrap items-end gap-2" data-testid="dashboard-filters">
      <div className="grid gap-1">
        <label htmlFor={`${ids}-period`} className="text-xs font-medium text-muted">
          Period
        </label>
        <select
          id={`${ids}-period`}
          className={`${SELECT_BASE} w-40`}
          value={period}
          onChange={(e) => setParams({ period: e.target.value === DEFAULT_PERIOD ? null : e.target.value })}
        >
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {period === 'custom' && (
        <>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-from`} className="text-xs font-medium text-muted">
              From
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              className={`${SELECT_BASE} w-40`}
              value={customFrom}
              max={customTo || undefined}
              onChange={(e) => setParams({ from: e.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-to`} className="text-xs font-medium text-muted">
              To
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              className={`${SELECT_BASE} w-40`}
              value={customTo}
              min={customFrom || undefined}
              onChange={(e) => setParams({ to: e.target.value })}
            />
          </div>
        </>
      )}
      <div className="grid gap-1">
        <label htmlFor={`${ids}-account`} className="text-xs font-medium text-muted">
          Account
        </label>
        <select
          id={`${ids}-account`}
          className={`${SELECT_BASE} w-44`}
          value={accountId ?? ''}
          onChange={(e) => setParams({ accountId: e.target.value })}
        >
          <option value="">All accounts</option>
          {accountList.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  return (
    <AppPage>
      <AppPageHeader
        title="Dashboard"
        intro="How your trading is going: the numbers that matter, your equity and your trading days."
        actions={hasTrades ? controls : undefined}
      />
      {hasTrades && <SampleDataBanner selectedAccountIds={accountId ? [accountId] : undefined} />}
      {ownTrades.isError && <ErrorLine error={ownTrades.error} fallback="Your trades could not be loaded." />}
      {hasTrades === false && (
        <DashboardEmptyState
          onAddTrade={() => setIsManualOpen(true)}
          onLoadSample={() => load.mutate()}
          isLoadingSample={load.isPending}
        />
      )}
      {hasTrades !== false && !ownTrades.isError && (
        <div className="mt-6 grid gap-4" data-testid="dashboard-content">
          {summary.isError ? (
            <ErrorLine error={summary.error} fallback="The headline numbers could not be loaded." />
          ) : summary.data ? (
            <>
              <UnconvertedNote unconverted={summary.data.unconverted} currency={summary.data.currency} />
              <HeadlineCards summary={summary.data} currency={currency} />
              <StartingBalanceNote
                balances={summary.data.unconvertedStartingBalances}
                currency={summary.data.currency}
              />
            </>
          ) : (
            <Skeleton className="h-28" />
          )}
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              {equity.isError ? (
                <ErrorLine error={equity.error} fallback="The equity curve could not be loaded." />
              ) : equity.data ? (
                <EquityCard equity={equity.data} currency={currency} />
              ) : (
                <Skeleton className="h-96" />
              )}
            </div>
            <div className="min-w-0">
              {recent.isError ? (
                <ErrorLine error={recent.error} fallback="Your recent trades could not be loaded." />
              ) : recent.data ? (
                <RecentTrades trades={recent.data.trades} />
              ) : (
                <Skeleton className="h-96" />
              )}
            </div>
          </div>
          <PinnedReports />
          {calendarMonth ? (
            <PnlCalendar
              accountId={accountId}
              initialMonth={calendarMonth}
              today={today}
              currency={currency}
              onOpenDay={(date) => setOpenDay(date)}
            />
          ) : (
            <Skeleton className="h-96" />
          )}
        </div>
      )}
      <DayDialog date={openDay} accountId={accountId} onClose={() => setOpenDay(null)} />
      <ManualTradeDialog
        open={isManualOpen}
        onOpenChange={setIsManualOpen}
        accounts={accountList}
        defaultAccountId={accountId}
      />
    </AppPage>
  );
}
