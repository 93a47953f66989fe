import type { PublicConfig } from '../../core/config/operator';
import { PLANS, type PlanId } from '../../core/config/plans';
import type { MailMessage } from './mailer';

type To = { email: string; firstName: string };
const link = (config: PublicConfig, path: string) => `${config.baseUrl.replace(/\/+$/, '')}${path}`;
const greet = (to: To) => (to.firstName ? `Hi ${to.firstName},` : 'Hi,');

/** "Friday, January 17, 2025 at 2:30 PM EST": in the trader's own time zone (UTC for one this runtime lacks). */
function formatInZone(at: Date, timeZone: string): string {
  const options = (zone: string): Intl.DateTimeFormatOptions => ({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  });
  try {
    return new Intl.DateTimeFormat('en-US', options(timeZone)).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', options('UTC')).format(at);
  }
}
const signOff = (config: PublicConfig) => `\n— The ${config.brand} team\n${config.supportEmail}\n`;

export function verificationEmail(config: PublicConfig, to: To, token: string): MailMessage {
  const url = link(config, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  return {
    to: to.email,
    kind: 'email-verification',
    subject: `Verify your email for ${config.brand}`,
    text: `${greet(to)}\n\nPlease confirm your email address to sign in to ${config.brand}:\n\n${url}\n\nThe link works once and expires in 7 days. If you did not sign up, ignore this email.\n${signOff(config)}`,
    meta: { url },
  };
}

export function passwordResetEmail(config: PublicConfig, to: To, token: string): MailMessage {
  const url = link(config, `/reset-password?token=${encodeURIComponent(token)}`);
  return {
    to: to.email,
    kind: 'password-reset',
    subject: `Reset your ${config.brand} password`,
    text: `${greet(to)}\n\nSomeone (hopefully you) asked to reset the password of your ${config.brand} account. Choose a new password here:\n\n${url}\n\nThe link works once and expires in 1 hour. Setting a new password signs you out on every device and revokes your API tokens. If you did not ask for this, ignore this email: your password stays as it is.\n${signOff(config)}`,
    meta: { url },
  };
}

/** After a password reset (`signedOut: 'every'`) or a change from Settings (`'other'`, the changing one stays). */
export function passwordChangedEmail(
  config: PublicConfig,
  to: To,
  params: { signedOut: 'every' | 'other'; revokedTokens: number },
): MailMessage {
  const devices = params.signedOut === 'every' ? 'on every device' : 'on your other devices';
  const n = params.revokedTokens;
  const tokens =
    n === 0
      ? 'A password change revokes API tokens too; you had none.'
      : `${n === 1 ? 'Your API token was' : `Your ${n} API tokens were`} revoked too: scripts need a new token from ${link(config, '/settings')}.`;
  return {
    to: to.email,
    kind: 'password-changed',
    subject: `Your ${config.brand} password was changed`,
    text: `${greet(to)}\n\nThe password of your ${config.brand} account was just changed, and you were signed out ${devices}. ${tokens}\n\nIf you did not do this, reset your password now at ${link(config, '/forgot-password')} and write to us.\n${signOff(config)}`,
  };
}

export function welcomeEmail(config: PublicConfig, to: To, params: { trialDays: number; planId: PlanId }): MailMessage {
  const plan = PLANS[params.planId];
  return {
    to: to.email,
    kind: 'welcome',
    subject: `Welcome to ${config.brand} — your ${params.trialDays}-day trial has started`,
    text: `${greet(to)}\n\nYour free trial is active. Nothing is charged for ${params.trialDays} days; after that Premium (${plan.name.toLowerCase()}) is $${plan.price} per ${plan.interval} until you cancel.\n\nNext steps:\n1. Import your trades: ${link(config, '/import')}\n2. Read your edge: ${link(config, '/analytics')}\n3. Plan and review your trading days: ${link(config, '/journal')}\n\nManage your subscription any time at ${link(config, '/subscription')}.\n${signOff(config)}`,
  };
}

export function trialEndingEmail(
  config: PublicConfig,
  to: To,
  params: { daysRemaining: number; endsAt: Date; willConvert: boolean; timeZone: string },
): MailMessage {
  const when = formatInZone(params.endsAt, params.timeZone);
  return {
    to: to.email,
    kind: 'trial-ending',
    subject: `Your ${config.brand} trial ends in ${params.daysRemaining} days`,
    text: `${greet(to)}\n\nYour free trial ends on ${when}.\n\n${
      params.willConvert
        ? 'Your Premium subscription then starts automatically with the payment method you gave at checkout. To change or cancel it, visit'
        : 'To keep your trades, journal and analytics, upgrade before then at'
    } ${link(config, '/subscription')}.\n${signOff(config)}`,
  };
}

export function trialOverEmail(config: PublicConfig, to: To, params: { retentionDays: number }): MailMessage {
  return {
    to: to.email,
    kind: 'trial-over',
    subject: `Your ${config.brand} trial has ended`,
    text: `${greet(to)}\n\nYour free trial has ended. Upgrade to Premium to keep using ${config.brand}: ${link(config, '/subscription')}\n\nIf you do not upgrade, your trial data is deleted automatically after ${params.retentionDays} days.\n${signOff(config)}`,
  };
}

export function paymentFailedEmail(config: PublicConfig, to: To): MailMessage {
  return {
    to: to.email,
    kind: 'payment-failed',
    subject: `We could not charge your card for ${config.brand}`,
    text: `${greet(to)}\n\nYour latest payment for ${config.brand} Premium did not go through. Please update your payment method so you do not lose access: ${link(config, '/subscription')}\n${signOff(config)}`,
  };
}

/** To the new address of an email change: opening the link makes it the account's address. */
export function emailChangeEmail(
  config: PublicConfig,
  to: To,
  params: { newEmail: string; token: string },
): MailMessage {
  const url = link(config, `/api/auth/confirm-email-change?token=${encodeURIComponent(params.token)}`);
  return {
    to: params.newEmail,
    kind: 'email-change',
    subject: `Confirm your new email for ${config.brand}`,
    text: `${greet(to)}\n\nYou asked to sign in to ${config.brand} with this address from now on. Confirm it here:\n\n${url}\n\nUntil you do, your account keeps its current address (${to.email}). The link works once and expires in 24 hours. If you did not ask for this, ignore this email.\n${signOff(config)}`,
    meta: { url },
  };
}

/** To the old address once the change is asked for and once it is done, so an intruder cannot change it unseen. */
export function emailChangeNoticeEmail(
  config: PublicConfig,
  to: To,
  params: { newEmail: string; isDone: boolean },
): MailMessage {
  const what = params.isDone
    ? `The email of your ${config.brand} account is now ${params.newEmail}: sign in with it from now on.`
    : `Someone signed in to your ${config.brand} account asked to change its email to ${params.newEmail}. It changes only when the link sent to that address is opened.`;
  return {
    to: to.email,
    kind: params.isDone ? 'email-changed' : 'email-change-requested',
    subject: params.isDone
      ? `Your ${config.brand} email was changed`
      : `A change of your ${config.brand} email was asked for`,
    text: `${greet(to)}\n\n${what}\n\nIf this was not you, reset your password now at ${link(config, '/forgot-password')} and write to us.\n${signOff(config)}`,
  };
}

/** Two-factor sign-in turned on or off: the owner hears of it, so an intruder cannot do either unseen. */
export function twoFactorChangedEmail(config: PublicConfig, to: To, params: { isEnabled: boolean }): MailMessage {
  const what = params.isEnabled
    ? `Two-factor sign-in is now on for your ${config.brand} account: signing in asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe.`
    : `Two-factor sign-in was turned off for your ${config.brand} account: signing in now needs only the password.`;
  return {
    to: to.email,
    kind: params.isEnabled ? 'two-factor-enabled' : 'two-factor-disabled',
    subject: params.isEnabled
      ? `Two-factor sign-in is on for ${config.brand}`
      : `Two-factor sign-in was turned off for ${config.brand}`,
    text: `${greet(to)}\n\n${what}\n\nIf this was not you, reset your password now at ${link(config, '/forgot-password')} and write to us.\n${signOff(config)}`,
  };
}

/** A sign-in from a browser that had not signed in to this account before. */
export function newSignInEmail(
  config: PublicConfig,
  to: To & { timezone: string },
  params: { device: string; ip: string | null; at: Date },
): MailMessage {
  return {
    to: to.email,
    kind: 'new-sign-in',
    subject: `New sign-in to your ${config.brand} account`,
    text: `${greet(to)}\n\nYour ${config.brand} account was signed in to from a new device:\n\nDevice: ${params.device}\nIP address: ${params.ip ?? 'unknown'}\nWhen: ${formatInZone(params.at, to.timezone)}\n\nIf this was you, there is nothing to do. If not, sign that session out in ${link(config, '/settings')}, change your password and turn on two-factor sign-in.\n${signOff(config)}`,
  };
}

/** A new API token: scripts can read (or change) the journal with it until it is revoked. */
export function apiTokenCreatedEmail(
  config: PublicConfig,
  to: To,
  params: { name: string; scopes: readonly string[]; expiresAt: Date | null },
): MailMessage {
  const expiry = params.expiresAt
    ? `It expires on ${params.expiresAt.toISOString().slice(0, 10)}.`
    : 'It does not expire.';
  return {
    to: to.email,
    kind: 'api-token-created',
    subject: `A new API token was created for ${config.brand}`,
    text: `${greet(to)}\n\nAn API token named "${params.name}" was created for your ${config.brand} account, with the scopes ${params.scopes.join(', ')}. ${expiry}\n\nIf this was not you, revoke it in ${link(config, '/settings')} and change your password.\n${signOff(config)}`,
  };
}
