import { Suspense } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Route, Switch, useLocation } from 'wouter';
import { AppShell } from '../../components/layout/app-shell';
import { Loading } from '../../components/ui/spinner';
import { TrialExpiredDialog } from '../../features/billing/trial-expired-dialog';
import { useAuth } from '../../lib/use-auth';
import AppSectionPage from './app-section-page';
import SettingsPage from './settings-page';
import SubscriptionPage from './subscription-page';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/**
 * Seed §9: tooltip delay 700 ms, skip delay 300 ms. Tooltips are used only in the app, so their
 * provider (and its positioning code) stays out of the public pages' JavaScript.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The trades table is large; it loads when first opened. */
const TradesPage = lazyPage(() => import('../../features/trades/trades-page'));
const PositionSizePage = lazyPage(() => import('../../features/sizing/position-size-page'));
const DashboardPage = lazyPage(() => import('../../features/dashboard/dashboard-page'));
const ImportPage = lazyPage(() => import('../../features/import/import-page'));
const JournalPage = lazyPage(() => import('../../features/journal/journal-page'));
const JournalDayPage = lazyPage(() => import('../../features/journal/journal-day-page'));
const AnalyticsPage = lazyPage(() => import('../../features/analytics/analytics-page'));
const DemoAnalyticsPage = lazyPage(() => import('../../features/analytics/demo-analytics-page'));
const ImportDetailPage = lazyPage(() => import('../../features/reconciliation/import-detail-page'));
const AccountPage = lazyPage(() => import('../../features/reconciliation/account-page'));
const AdvancedReportsPage = lazyPage(() => import('../../features/reports/advanced-reports-page'));
const PlaybookPage = lazyPage(() => import('../../features/playbook/playbook-page'));
const StrategyPage = lazyPage(() => import('../../features/playbook/strategy-page'));

/** The pages that load on first use, by the path that shows them. */
const LAZY_PAGES: Readonly<Record<string, LazyPage>> = {
  '/': DashboardPage,
  '/dashboard': DashboardPage,
  '/trades': TradesPage,
  '/position-size': PositionSizePage,
  '/import': ImportPage,
  '/journal': JournalPage,
  '/analytics': AnalyticsPage,
  '/demo-advanced-analytics': DemoAnalyticsPage,
  '/advanced-reports': AdvancedReportsPage,
  '/playbook': PlaybookPage,
};

/**
 * The code of the page at `path`, loaded with the app's own (lazyPage waits for it): the app then
 * opens on its page at once instead of on a spinner inside the shell.
 */
export async function preloadContent(path: string): Promise<void> {
  await LAZY_PAGES[path.replace(/\/+$/, '') || '/']?.preload();
}

/**
 * Everything behind sign-in: the app shell around the page for the current path, and the seed's
 * blocking dialog on every route but /subscription once the trial has expired (seed §2, §4).
 * app.tsx renders this only for a signed-in user.
 */
export default function SignedInApp() {
  const { user, isTrialExpired } = useAuth();
  const [location] = useLocation();
  // app.tsx mounts this only once the current user is known; a sign-out elsewhere may clear it.
  if (!user) return <Loading />;
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <AppShell user={user}>
        {/* Pages that load on first use show the spinner inside the shell, not instead of it. */}
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={DashboardPage} />
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/subscription" component={SubscriptionPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/settings/accounts/:id" component={AccountPage} />
            <Route path="/trades" component={TradesPage} />
            <Route path="/position-size" component={PositionSizePage} />
            <Route path="/import" component={ImportPage} />
            <Route path="/import/:id" component={ImportDetailPage} />
            <Route path="/journal" component={JournalPage} />
            <Route path="/journal/:date" component={JournalDayPage} />
            <Route path="/analytics" component={AnalyticsPage} />
            <Route path="/demo-advanced-analytics" component={DemoAnalyticsPage} />
            <Route path="/advanced-reports" component={AdvancedReportsPage} />
            <Route path="/playbook" component={PlaybookPage} />
            <Route path="/playbook/:id" component={StrategyPage} />
            <Route>
              <AppSectionPage />
            </Route>
          </Switch>
        </Suspense>
        {isTrialExpired && location !== '/subscription' && <TrialExpiredDialog />}
      </AppShell>
    </TooltipPrimitive.Provider>
  );
}
