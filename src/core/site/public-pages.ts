import { HELP_CATEGORIES } from './help-catalogue';

/**
 * Every public page the server prerenders, with its head metadata (seed §2: each public page sets
 * its own title, description and canonical path; home uses the root path).
 * `kind` decides whether the ad-conversion tag may load: marketing and sign-up pages only.
 */
export type PublicPageKind = 'marketing' | 'signup' | 'account' | 'legal' | 'share';
export type PublicPage = { path: string; title: string; description: string; kind: PublicPageKind; noindex?: boolean };

const BRAND_TOKEN = '{brand}';

const STATIC_PAGES: PublicPage[] = [
  {
    path: '/',
    title: '{brand} — the trading journal that tells you the truth about your edge',
    description:
      'Import your broker executions, see R-multiples, equity curve, drawdown, heatmaps, Monte Carlo and VaR. Start a 14-day free trial.',
    kind: 'marketing',
  },
  {
    path: '/about',
    title: 'About {brand} — built by traders, for traders',
    description: 'Why we built a trading journal with exact numbers, and what we believe a journal owes a trader.',
    kind: 'marketing',
  },
  {
    path: '/contact',
    title: 'Contact {brand} support',
    description:
      'Questions, broker file formats or billing: write to us and we answer within 24 hours on business days.',
    kind: 'marketing',
  },
  {
    path: '/education',
    title: 'Trading journal guide: R-multiples and expectancy | {brand}',
    description:
      'Why journaling works, how to import trades, and how R-multiples and expectancy reveal your real edge.',
    kind: 'marketing',
  },
  {
    path: '/pricing',
    title: 'Pricing — 14-day free trial, then $24.99/month | {brand}',
    description:
      'One plan with everything: Premium at $24.99 a month or $249.99 a year. Start with a 14-day free trial.',
    kind: 'marketing',
  },
  {
    path: '/brokers',
    title: 'Supported brokers — import files from 25 brokers | {brand}',
    description:
      'Import from E*TRADE, Interactive Brokers, Schwab, Fidelity, Robinhood, Webull and 19 more, or any CSV, Excel or TSV file.',
    kind: 'marketing',
  },
  {
    path: '/features',
    title: 'Features — import, analytics, journal and export | {brand}',
    description:
      'File import from 25 brokers, R-multiple analytics, heatmaps, Monte Carlo, a P&L calendar and journal, and CSV export.',
    kind: 'marketing',
  },
  {
    path: '/help',
    title: 'Help Center | {brand}',
    description: 'Guides to importing trades, analytics, tags, the P&L calendar and the daily journal.',
    kind: 'marketing',
  },
  { path: '/login', title: 'Sign in | {brand}', description: 'Sign in to your trading journal.', kind: 'account' },
  {
    path: '/signup',
    title: 'Start your 14-day free trial | {brand}',
    description: 'Choose monthly or annual Premium and start your 14-day free trial. Nothing is charged for 14 days.',
    kind: 'signup',
  },
  {
    path: '/onboarding',
    title: 'Welcome to {brand}',
    description: 'Your free trial is active. Here is what to do next.',
    kind: 'signup',
    noindex: true,
  },
  {
    path: '/forgot-password',
    title: 'Reset your password | {brand}',
    description: 'Request a link to reset your password.',
    kind: 'account',
  },
  {
    path: '/reset-password',
    title: 'Choose a new password | {brand}',
    description: 'Set a new password for your account.',
    kind: 'account',
    noindex: true,
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service | {brand}',
    description: 'The terms that govern your use of the service and your subscription.',
    kind: 'legal',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy | {brand}',
    description: 'What personal and trading data {brand} keeps, why, for how long, and how to export or delete it.',
    kind: 'legal',
  },
];

export const HELP_ARTICLE_PAGES: PublicPage[] = HELP_CATEGORIES.flatMap((category) =>
  category.articles.map((article) => ({
    path: `/help/${article.id}`,
    title: `${article.title} | {brand} Help Center`,
    description: `${category.title}: ${article.title}. Step-by-step help for ${BRAND_TOKEN}.`,
    kind: 'marketing' as const,
  })),
);

export const PUBLIC_PAGES: PublicPage[] = [...STATIC_PAGES, ...HELP_ARTICLE_PAGES];

export const NOT_FOUND_PAGE: PublicPage = {
  path: '/404',
  title: '404 Page Not Found | {brand}',
  description: 'The page you were looking for does not exist.',
  kind: 'legal',
  noindex: true,
};

export const SHARE_NOT_FOUND_PAGE: PublicPage = {
  path: '/share/not-found',
  title: 'Shared page not found | {brand}',
  description: 'This shared link does not exist or has been revoked.',
  kind: 'share',
  noindex: true,
};

/** Routes behind sign-in (seed §2). A visitor sees the landing page there. */
export const PROTECTED_PATHS = [
  '/dashboard',
  '/trades',
  '/journal',
  '/analytics',
  '/goals',
  '/playbook',
  '/import',
  '/advanced-reports',
  '/subscription',
  '/admin',
  '/demo-advanced-analytics',
  '/position-size',
] as const;

export function withBrand(text: string, brand: string): string {
  return text.split(BRAND_TOKEN).join(brand);
}

export function findPublicPage(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((p) => p.path === path);
}

/** Canonical URL: the base URL plus the path; the home page is the root path. */
export function toCanonicalUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}
