import { eq } from 'drizzle-orm';
import { RESET_LINK_TTL_MINUTES, TRIAL_DAYS, type PlanId } from '../../../core/config/plans';
import type { PublicConfig } from '../../../core/config/operator';
import { recordAudit } from '../../auth/audit';
import { isKnownDeviceProof } from '../../auth/known-device';
import { consumeOneTimeToken, issueOneTimeToken } from '../../auth/one-time-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import { deleteUserSessions } from '../../auth/sessions';
import { DAY_MS, type Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from '../../mail/templates';
import { revokeAllTokens } from '../api-tokens';
import { getUserByEmail, updateUser, type UserRow } from '../users';

export type AuthDeps = { db: Db; clock: Clock; mailer: Mailer; config: PublicConfig };
type RequestMeta = { ip: string | null; userAgent: string | null };

export const VERIFICATION_TTL_MS = 7 * DAY_MS;
export const RESET_TTL_MS = RESET_LINK_TTL_MINUTES * 60 * 1000;

// A real argon2id hash of a random string: verifying against it costs what a real check costs, so
// answers for unknown e-mails take as long as for known ones.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(`no-such-user-${Math.random()}`));

/**
 * Checks credentials and answers the user; the caller starts the session (or, with two-factor on,
 * asks for a code first). Every failure mode costs one argon2 verification.
 */
export async function checkCredentials(
  deps: AuthDeps,
  params: { email: string; password: string } & RequestMeta,
): Promise<UserRow> {
  const user = await getUserByEmail(deps.db, params.email);
  const now = deps.clock.now();
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), params.password);
  if (!user || !isValid) {
    await recordAudit(deps.db, {
      event: 'login_failed',
      userId: user?.id ?? null,
      ip: params.ip,
      now,
      meta: { email: params.email.toLowerCase() },
    });
    throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS: wrong email or password');
  }
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', 'ACCOUNT_DISABLED: this account has been disabled');
  if (!user.emailVerifiedAt)
    throw new AppError('EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED: verify your email address first');
  return user;
}

/** Whether a browser's known-device proof was made for the account of this address and its current password. */
export async function isKnownDevice(db: Db, params: { email: string; proof: string }): Promise<boolean> {
  const user = await getUserByEmail(db, params.email);
  return user !== undefined && isKnownDeviceProof(user, params.proof);
}

export async function sendVerificationEmail(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'email_verification',
    ttlMs: VERIFICATION_TTL_MS,
    now: deps.clock.now(),
  });
  await deps.mailer.send(verificationEmail(deps.config, user, token));
}

/** Creates the unverified user of a trial sign-up and e-mails the verification link. */
export async function registerTrialUser(
  deps: AuthDeps,
  params: { email: string; firstName: string; lastName: string; password: string; planId: PlanId } & RequestMeta,
): Promise<UserRow> {
  if (await getUserByEmail(deps.db, params.email))
    throw new AppError('CONFLICT', 'An account with this email already exists');
  const now = deps.clock.now();
  const passwordHash = await hashPassword(params.password);
  const [user] = await deps.db
    .insert(users)
    .values({
      email: params.email,
      passwordHash,
      firstName: params.firstName,
      lastName: params.lastName,
      planId: params.planId,
      subscriptionStatus: 'trialing',
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    })
    .onConflictDoNothing()
    .returning();
  // Two sign-ups racing for one address: the unique index lets exactly one through.
  if (!user) throw new AppError('CONFLICT', 'An account with this email already exists');
  await recordAudit(deps.db, { event: 'signup', userId: user.id, ip: params.ip, now });
  await sendVerificationEmail(deps, user);
  return user;
}

export async function verifyEmail(deps: AuthDeps, params: { token: string; ip: string | null }): Promise<UserRow> {
  const now = deps.clock.now();
  const userId = await consumeOneTimeToken(deps.db, { token: params.token, purpose: 'email_verification', now });
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  const verified = await updateUser(deps.db, userId, { emailVerifiedAt: user?.emailVerifiedAt ?? now });
  await recordAudit(deps.db, { event: 'email_verified', userId, ip: params.ip, now });
  return verified;
}

/** Sends a new verification link when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  const user = await getUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt && !user.disabledAt) await sendVerificationEmail(deps, user);
}

/** Sends a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(
  deps: AuthDeps,
  params: { email: string; ip: string | null },
): Promise<void> {
  const user = await getUserByEmail(deps.db, params.email);
  if (!user || user.disabledAt) return;
  const now = deps.clock.now();
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'password_reset',
    ttlMs: RESET_TTL_MS,
    now,
  });
  await deps.mailer.send(passwordResetEmail(deps.config, user, token));
  await recordAudit(deps.db, { event: 'password_reset_requested', userId: user.id, ip: params.ip, now });
}

/** Sets a new password from a reset link, ends every session and API token of that user, and tells them. */
export async function resetPassword(
  deps: AuthDeps,
  params: { token: string; password: string; ip: string | null },
): Promise<void> {
  const now = deps.clock.now();
  const userId = await consumeOneTimeToken(deps.db, { token: params.token, purpose: 'password_reset', now });
  // Following the link proves the mailbox is theirs, so it verifies the address too.
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  await updateUser(deps.db, userId, {
    passwordHash: await hashPassword(params.password),
    passwordChangedAt: now,
    emailVerifiedAt: user?.emailVerifiedAt ?? now,
  });
  await deleteUserSessions(deps.db, { userId });
  const revokedTokens = await revokeAllTokens(deps.db, { userId, now });
  await recordAudit(deps.db, { event: 'password_reset', userId, ip: params.ip, now, meta: { revokedTokens } });
  if (user) await deps.mailer.send(passwordChangedEmail(deps.config, user, { signedOut: 'every', revokedTokens }));
}

/** Sets a new password from Settings; ends the user's other sessions and every API token, and tells them. */
export async function changePassword(
  deps: AuthDeps,
  params: { user: UserRow; sessionId: string; currentPassword: string; newPassword: string; ip: string | null },
): Promise<void> {
  if (!(await verifyPassword(params.user.passwordHash, params.currentPassword))) {
    throw new AppError('VALIDATION_ERROR', 'Current password is incorrect', {
      currentPassword: 'Current password is incorrect',
    });
  }
  const now = deps.clock.now();
  await updateUser(deps.db, params.user.id, {
    passwordHash: await hashPassword(params.newPassword),
    passwordChangedAt: now,
  });
  await deleteUserSessions(deps.db, { userId: params.user.id, exceptSessionId: params.sessionId });
  const revokedTokens = await revokeAllTokens(deps.db, { userId: params.user.id, now });
  await recordAudit(deps.db, {
    event: 'password_changed',
    userId: params.user.id,
    ip: params.ip,
    now,
    meta: { revokedTokens },
  });
  await deps.mailer.send(passwordChangedEmail(deps.config, params.user, { signedOut: 'other', revokedTokens }));
}
