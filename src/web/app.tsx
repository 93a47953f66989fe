import { Suspense, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Router, Switch, useLocation } from 'wouter';
import type { PublicConfig } from '../core/config/operator';
import { PROTECTED_PATHS } from '../core/site/public-pages';
import { Toaster } from './components/ui/toaster';
import { Loading } from './components/ui/spinner';
import { applyPageHead, resolvePageHead } from './lib/page-head';
import { PublicConfigProvider } from './lib/public-config';
import { WhenLoaded } from './lib/lazy-page';
import { useAuth } from './lib/use-auth';
import { LandingPage, NotFoundPage, PUBLIC_ROUTES, SignedInApp } from './routes';

/** `/`: the landing page for visitors and while auth is loading; the dashboard when signed in. */
function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <WhenLoaded page={SignedInApp} fallback={<Loading />} /> : <LandingPage />;
}

/** Protected routes: a spinner while auth is pending, the landing page for visitors. */
function ProtectedRoute() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Loading />;
  return isAuthenticated ? <WhenLoaded page={SignedInApp} fallback={<Loading />} /> : <LandingPage />;
}

/** The protected routes of the seed plus settings, with anything below them (e.g. /trades/123). */
const SIGNED_IN_PATHS = new RegExp(`^(${[...PROTECTED_PATHS, '/settings'].join('|')})(/.*)?$`);

/** True for a path only a signed-in user sees (the dashboard, trades, settings…). */
export function isSignedInPath(path: string): boolean {
  return SIGNED_IN_PATHS.test(path);
}

function HeadSync({ config }: { config: PublicConfig }) {
  const [location] = useLocation();
  useEffect(() => {
    applyPageHead(resolvePageHead(location, config));
    window.scrollTo(0, 0);
  }, [location, config]);
  return null;
}

/**
 * Marks `<html data-app-hydrated="true">` once the routed page has committed in the browser, i.e. it
 * reacts to input: a click on prerendered HTML before that does nothing (browser tests wait for it).
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.appHydrated = 'true';
  }, []);
  return null;
}

export function App({
  config,
  queryClient,
  ssrPath,
}: {
  config: PublicConfig;
  queryClient: QueryClient;
  ssrPath?: string;
}) {
  return (
    <PublicConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={ssrPath}>
          {ssrPath === undefined && <HeadSync config={config} />}
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/" component={HomeRoute} />
              {PUBLIC_ROUTES.map((r) => (
                <Route key={r.path} path={r.path} component={r.page} />
              ))}
              <Route path={SIGNED_IN_PATHS} component={ProtectedRoute} />
              <Route component={NotFoundPage} />
            </Switch>
            <HydrationMark />
          </Suspense>
        </Router>
        <Toaster />
      </QueryClientProvider>
    </PublicConfigProvider>
  );
}
