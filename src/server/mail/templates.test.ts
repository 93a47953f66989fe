import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../../core/config/operator';
import { findPlaceholderMentions, PLACEHOLDER_FEATURES } from '../../core/site/feature-availability';
import { trialEndingEmail, welcomeEmail } from './templates';

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

describe('trialEndingEmail', () => {
  const ending = (timeZone: string) =>
    trialEndingEmail(
      DEFAULT_PUBLIC_CONFIG,
      { email: 'ann@example.com', firstName: 'Ann' },
      { daysRemaining: 3, endsAt: new Date('2025-01-17T19:30:00Z'), willConvert: false, timeZone },
    ).text;

  it("says when the trial ends in the trader's own time zone (#43 item 1)", () => {
    expect(ending('America/New_York')).toContain('ends on Friday, January 17, 2025 at 2:30 PM EST.');
    expect(ending('Asia/Kolkata')).toContain('ends on Saturday, January 18, 2025 at 1:00 AM GMT+5:30.');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(ending('Mars/Olympus_Mons')).toContain('ends on Friday, January 17, 2025 at 7:30 PM UTC.');
  });
});
