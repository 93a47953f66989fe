import { describe, expect, it } from 'vitest';
import { HELP_ARTICLE_IDS } from './help-catalogue';
import { findPublicPage, PUBLIC_PAGES, toCanonicalUrl, withBrand } from './public-pages';

const SEED_PUBLIC_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/education',
  '/pricing',
  '/brokers',
  '/features',
  '/help',
  '/login',
  '/signup',
  '/onboarding',
  '/forgot-password',
  '/reset-password',
  '/terms-of-service',
  '/privacy', // issue 43: the footer's Privacy Policy link leads here
];

describe('PUBLIC_PAGES', () => {
  it('covers every public route of the seed and every help article, once each', () => {
    const paths = PUBLIC_PAGES.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([...SEED_PUBLIC_ROUTES, ...HELP_ARTICLE_IDS.map((id) => `/help/${id}`)]),
    );
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(SEED_PUBLIC_ROUTES.length + 24);
  });

  it('gives each page its own title and description', () => {
    const titles = PUBLIC_PAGES.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const p of PUBLIC_PAGES) expect(p.description.length).toBeGreaterThan(20);
  });

  it('brands titles from configuration', () => {
    expect(withBrand(findPublicPage('/help')!.title, 'Acme Journal')).toBe('Help Center | Acme Journal');
  });
});

describe('toCanonicalUrl', () => {
  it.each([
    ['https://edgebook.app', '/', 'https://edgebook.app/'],
    ['https://edgebook.app/', '/about', 'https://edgebook.app/about'],
    ['http://localhost:3000', '/help/r-multiple', 'http://localhost:3000/help/r-multiple'],
  ])('%s + %s → %s', (base, path, expected) => {
    expect(toCanonicalUrl(base, path)).toBe(expected);
  });
});
