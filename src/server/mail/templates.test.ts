import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../../core/config/operator';
import { findPlaceholderMentions, PLACEHOLDER_FEATURES } from '../../core/site/feature-availability';
import { welcomeEmail } from './templates';

describe('welcomeEmail', () => {
  const mail = welcomeEmail(
    DEFAULT_PUBLIC_CONFIG,
    { email: 'ann@example.com', firstName: 'Ann' },
    {
      trialDays: 14,
      planId: 'premium_monthly',
    },
  );

  it('names a feature not built yet only to say it is coming', () => {
    expect(findPlaceholderMentions(`${mail.subject}\n${mail.text}`)).toEqual([]);
  });

  it('sends the new trader to no placeholder page', () => {
    const paths = [...mail.text.matchAll(/https?:\/\/[^/\s]+(\/[^\s]*)/g)].map((m) => m[1] ?? '');
    expect(paths.length).toBeGreaterThan(0);
    for (const route of PLACEHOLDER_FEATURES.flatMap((f) => f.route ?? [])) {
      expect(paths.filter((p) => p === route || p.startsWith(`${route}/`))).toEqual([]);
    }
  });
});
