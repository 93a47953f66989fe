/** The single paid plan, Premium, in its two billing periods. Prices are exact USD strings. */
export const PLAN_IDS = ['premium_monthly', 'premium_yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  interval: 'month' | 'year';
  /** Price per interval in USD. */
  price: string;
  /** The yearly plan's price expressed per month, for display. */
  pricePerMonth: string;
  badge?: string;
};

export const PLANS: Record<PlanId, Plan> = {
  premium_monthly: {
    id: 'premium_monthly',
    name: 'Monthly',
    interval: 'month',
    price: '24.99',
    pricePerMonth: '24.99',
  },
  premium_yearly: {
    id: 'premium_yearly',
    name: 'Annual',
    interval: 'year',
    price: '249.99',
    pricePerMonth: '20.83',
    badge: 'Save $50',
  },
};

export const DEFAULT_PLAN_ID: PlanId = 'premium_monthly';
/** (12 × 24.99 − 249.99) ÷ (12 × 24.99) = 16.6 %, which the seed rounds to 17 %. */
export const YEARLY_SAVINGS_PERCENT = 17;
export const TRIAL_DAYS = 14;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_LINK_TTL_MINUTES = 60;
export const ONBOARDING_REDIRECT_MS = 5000;
export const MONEY_BACK_DAYS = 30;
export const BROKER_COUNT = 25;
export const REPORT_FILTER_COUNT_LABEL = '60+';
export const MONTE_CARLO_RUNS_LABEL = '10,000+';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
