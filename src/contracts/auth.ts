import { z } from 'zod';
import { isValidTimeZone } from '../core/analytics/time-zone';
import { ASSET_CLASSES } from '../core/instruments/instrument';
import { PASSWORD_MIN_LENGTH, PLAN_IDS } from '../core/config/plans';
import { isStrongPassword } from '../core/config/password-policy';
import { DECIMAL_COLUMNS, decimalString, safeText } from './input-policy';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address.').max(320));

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});

export const trialSignupRequestSchema = z.object({
  email,
  firstName: safeText({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: safeText({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024),
  planId: z.enum(PLAN_IDS, { error: 'Choose premium_monthly or premium_yearly' }),
});

export const emailOnlyRequestSchema = z.object({ email });

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200),
  password: z
    .string({ error: 'Password is required' })
    .max(1024)
    .refine(isStrongPassword, 'Password does not meet requirements'),
});

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: z.string().max(1024).refine(isStrongPassword, 'Password does not meet requirements'),
});

export const planRequestSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Choose premium_monthly or premium_yearly' }),
});

const KNOWN_TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * An IANA zone this runtime knows: its own list names one spelling of each (`Asia/Calcutta`), the
 * other spellings (`Asia/Kolkata`, the one traders know) are as good.
 */
function isKnownTimeZone(zone: string): boolean {
  return KNOWN_TIME_ZONES.has(zone) || (zone.includes('/') && isValidTimeZone(zone));
}

/**
 * `PATCH /api/auth/user`: the profile. `timezone` is an IANA name (days, calendars and date filters
 * follow it); `defaultRiskAmount` is the risk per trade in the base currency that R uses when a
 * trade has no stop or risk of its own (null clears it).
 */
export const profilePatchSchema = z
  .object({
    firstName: safeText().trim().min(1, 'First name is required').max(100),
    lastName: safeText().trim().min(1, 'Last name is required').max(100),
    timezone: z.string().trim().refine(isKnownTimeZone, 'Choose a time zone such as America/New_York'),
    defaultRiskAmount: decimalString(DECIMAL_COLUMNS.riskSetting, 'positive').nullable(),
    baseCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Choose a three-letter currency code such as USD'),
    /**
     * The breakeven band per asset class: net P&L within ± this amount (in the trade's currency)
     * counts as breakeven (filters, analytics). A class left out, or 0, has no band.
     */
    breakevenBands: z.partialRecord(
      z.enum(ASSET_CLASSES, { error: `Must be one of ${ASSET_CLASSES.join(', ')}` }),
      decimalString(DECIMAL_COLUMNS.riskSetting, 'nonNegative'),
    ),
    /** Count a trade's income (dividends, staking rewards) in its net P&L; off by default. */
    isIncomeInNetPnl: z.boolean(),
  })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/**
 * `POST /api/auth/change-email`: the new address gets a link; the account's address changes when
 * it is opened. The current password proves it is the owner asking.
 */
export const emailChangeRequestSchema = z.object({
  newEmail: email,
  currentPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** The seed's statuses (trial, trialing, active) and the ones a subscription can end in. */
const SUBSCRIPTION_STATUSES = ['trial', 'trialing', 'active', 'past_due', 'canceled', 'expired'] as const;

/** The current-user answer (GET /api/auth/user, sign-in, profile and plan changes); dates are ISO-8601. */
export const currentUserJsonSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  /** IANA zone the user's dates are shown in. */
  timezone: z.string(),
  /** The currency totals across accounts are shown in. */
  baseCurrency: z.string(),
  /** Risk per trade in the base currency that R uses when a trade has no stop or risk of its own. */
  defaultRiskAmount: z.string().nullable(),
  /** The breakeven band per asset class (money); a class left out has none. */
  breakevenBands: z.record(z.string(), z.string()),
  /** Whether a trade's income (dividends, staking rewards) is part of its net P&L. */
  isIncomeInNetPnl: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialInfo: z.object({ daysRemaining: z.number(), endsAt: z.string().nullable() }).nullable(),
  planId: z.enum(PLAN_IDS),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  hasPaymentMethod: z.boolean(),
  /** False when the app is blocked: an unconverted trial that ended, or a subscription that ended. */
  hasAccess: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserJsonSchema>;

/** A write that only reports success; `message` when the page shows one. */
export const okJsonSchema = z.object({ ok: z.literal(true) });
export const okWithMessageJsonSchema = okJsonSchema.extend({ message: z.string() });

/** Sign-up and plan checkout: where the browser goes next (the card payment provider). */
export const checkoutUrlJsonSchema = z.object({ checkoutUrl: z.string() });

export const sessionJsonSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionJson = z.infer<typeof sessionJsonSchema>;

export const planJsonSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(['month', 'year']),
  price: z.string(),
  pricePerMonth: z.string(),
  badge: z.string().optional(),
});

/** `GET /api/subscription`: the current user, the payment provider and the plans. */
export const subscriptionInfoJsonSchema = currentUserJsonSchema.extend({
  provider: z.enum(['local', 'stripe']),
  plans: z.array(planJsonSchema),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoJsonSchema>;

/** The local provider's test checkout (no card is charged). */
export const localCheckoutJsonSchema = z.object({
  id: z.string(),
  mode: z.enum(['trial', 'upgrade']),
  email: z.string(),
  plan: planJsonSchema,
  isCompleted: z.boolean(),
});
export type LocalCheckout = z.infer<typeof localCheckoutJsonSchema>;
