import { lazyPage, type LazyPage } from './lib/lazy-page';

/** Public pages, each loaded on first use. Paths match src/core/site/public-pages.ts. */
export const PUBLIC_ROUTES: { path: string; page: LazyPage }[] = [
  { path: '/about', page: lazyPage(() => import('./pages/about-page')) },
  { path: '/contact', page: lazyPage(() => import('./pages/contact-page')) },
  { path: '/education', page: lazyPage(() => import('./pages/education-page')) },
  { path: '/pricing', page: lazyPage(() => import('./pages/pricing-page')) },
  { path: '/brokers', page: lazyPage(() => import('./pages/brokers-page')) },
  { path: '/features', page: lazyPage(() => import('./pages/features-page')) },
  { path: '/help', page: lazyPage(() => import('./pages/help/help-page')) },
  { path: '/help/:id', page: lazyPage(() => import('./pages/help/help-article-page')) },
  { path: '/login', page: lazyPage(() => import('./pages/auth/login-page')) },
  { path: '/signup', page: lazyPage(() => import('./pages/auth/signup-page')) },
  { path: '/onboarding', page: lazyPage(() => import('./pages/auth/onboarding-page')) },
  { path: '/forgot-password', page: lazyPage(() => import('./pages/auth/forgot-password-page')) },
  { path: '/reset-password', page: lazyPage(() => import('./pages/auth/reset-password-page')) },
  { path: '/terms-of-service', page: lazyPage(() => import('./pages/terms-page')) },
  { path: '/privacy', page: lazyPage(() => import('./pages/privacy-page')) },
  { path: '/share/:slug', page: lazyPage(() => import('./pages/share-page')) },
  { path: '/checkout/:id', page: lazyPage(() => import('./pages/checkout/local-checkout-page')) },
];

export const LandingPage = lazyPage(() => import('./pages/landing/landing-page'));
export const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));
/** Everything behind sign-in: the app shell, its pages and the trial-expired dialog. */
export const SignedInApp = lazyPage(() => import('./pages/app/signed-in-app'));

/** Matches a path against a route pattern with `:param` segments. */
export function matchesPattern(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}
