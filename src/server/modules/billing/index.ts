/** Subscriptions: checkout, plan changes, the provider's webhook and the daily lifecycle job. */
export { billingRoutes } from './billing.routes';
export { runSubscriptionLifecycle, startCheckout, type BillingDeps } from './billing.service';
