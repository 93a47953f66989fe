import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTrialDaysRemaining, toSubscriptionView, type SubscriptionState } from './subscription';

const NOW = new Date('2026-05-10T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const trial = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: 'trialing',
  planId: 'premium_monthly',
  trialEndsAt: at(14),
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasPaymentMethod: true,
  ...overrides,
});

describe('computeTrialDaysRemaining', () => {
  it.each([
    [14, 14],
    [13.5, 14],
    [0.01, 1],
    [0, 0],
    [-3, 0],
  ])('%s days before the end reads %s', (days, expected) => {
    expect(computeTrialDaysRemaining(at(days), NOW)).toBe(expected);
  });

  it('never goes up as time passes and ends at 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30 * DAY, max: 30 * DAY }),
        fc.integer({ min: 0, max: 10 * DAY }),
        (offset, later) => {
          const end = new Date(NOW.getTime() + offset);
          const a = computeTrialDaysRemaining(end, NOW);
          const b = computeTrialDaysRemaining(end, new Date(NOW.getTime() + later));
          expect(b).toBeLessThanOrEqual(a);
          expect(a).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('toSubscriptionView', () => {
  it('reports a running trial as trialing with its days left and access', () => {
    expect(toSubscriptionView(trial(), NOW)).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 14 },
      hasAccess: true,
    });
  });

  it('reports an ended, unconverted trial as trialing with 0 days: the seed’s expired trial', () => {
    expect(toSubscriptionView(trial({ trialEndsAt: at(-1) }), NOW)).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 0 },
      hasAccess: false,
    });
    expect(toSubscriptionView(trial({ status: 'expired', trialEndsAt: at(-1) }), NOW)).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 0 },
      hasAccess: false,
    });
  });

  it('reports a paying subscription as active with no trial days', () => {
    expect(toSubscriptionView(trial({ status: 'active', currentPeriodEnd: at(30) }), NOW)).toMatchObject({
      subscriptionStatus: 'active',
      trialInfo: { daysRemaining: 0 },
      hasAccess: true,
    });
  });

  it('keeps a canceled subscription open until its period ends', () => {
    expect(toSubscriptionView(trial({ status: 'canceled', currentPeriodEnd: at(3) }), NOW).hasAccess).toBe(true);
    expect(toSubscriptionView(trial({ status: 'canceled', currentPeriodEnd: at(-3) }), NOW).hasAccess).toBe(false);
  });
});
