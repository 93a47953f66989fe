import { eq } from 'drizzle-orm';
import type { EmailChangeRequest } from '../../../contracts/auth';
import type { PublicConfig } from '../../../core/config/operator';
import { PASSWORD_MIN_LENGTH, TRIAL_DAYS } from '../../../core/config/plans';
import { consumeOneTimeTokenRow, issueOneTimeToken } from '../../auth/one-time-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import { DAY_MS, type Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { emailChangeEmail, emailChangeNoticeEmail } from '../../mail/templates';
import { users } from '../../db/schema';
import { recordAudit } from '../../auth/audit';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../unique-violation';
import { getUserByEmail, updateUser, type UserRow } from './users.queries';

export type CreateUserParams = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  isVerified?: boolean;
  isAdmin?: boolean;
  now: Date;
};

export async function createUser(db: Db, params: CreateUserParams): Promise<UserRow> {
  const email = params.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AppError('VALIDATION_ERROR', `Not a valid email address: ${email}`, {
      email: 'Not a valid email address',
    });
  if (params.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('VALIDATION_ERROR', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`, {
      password: 'Too short',
    });
  }
  if (await getUserByEmail(db, email)) throw new AppError('CONFLICT', `An account with ${email} already exists`);
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(params.password),
      firstName: params.firstName?.trim() ?? '',
      lastName: params.lastName?.trim() ?? '',
      role: params.isAdmin ? 'admin' : 'user',
      emailVerifiedAt: params.isVerified ? params.now : null,
      trialEndsAt: new Date(params.now.getTime() + TRIAL_DAYS * DAY_MS),
    })
    .returning();
  return row!; // insert … returning always yields the inserted row
}

async function requireUserByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await getUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with email ${email.trim()}`);
  return user;
}

export async function setUserDisabled(
  db: Db,
  params: { email: string; isDisabled: boolean; now: Date },
): Promise<UserRow> {
  const user = await requireUserByEmail(db, params.email);
  const updated = await updateUser(db, user.id, { disabledAt: params.isDisabled ? params.now : null });
  await recordAudit(db, {
    event: params.isDisabled ? 'account_disabled' : 'account_enabled',
    userId: user.id,
    ip: null,
    now: params.now,
    meta: { by: 'cli' },
  });
  return updated;
}

/** Puts the user on a trial that ends `daysRemaining` days from now (0 ends it now). */
export async function setTrialDaysRemaining(
  db: Db,
  params: { email: string; daysRemaining: number; now: Date },
): Promise<UserRow> {
  if (!Number.isInteger(params.daysRemaining) || params.daysRemaining < 0) {
    throw new AppError('VALIDATION_ERROR', '--days-remaining must be a whole number of days, 0 or more');
  }
  const user = await requireUserByEmail(db, params.email);
  return updateUser(db, user.id, {
    subscriptionStatus: 'trialing',
    trialEndsAt: new Date(params.now.getTime() + params.daysRemaining * DAY_MS),
  });
}

type EmailChangeDeps = { db: Db; clock: Clock; mailer: Mailer; config: PublicConfig };

/** How long the link to a new address works. */
export const EMAIL_CHANGE_TTL_MS = DAY_MS;

/**
 * Starts an email change: the new address gets a link, the old one a notice. An address another
 * account uses gets nothing, and the answer is the same, so this does not tell which addresses
 * have accounts; the link then fails with CONFLICT if it is still taken when opened.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  params: { user: UserRow; request: EmailChangeRequest; ip: string | null },
): Promise<void> {
  const { user, request } = params;
  if (!(await verifyPassword(user.passwordHash, request.currentPassword)))
    throw new AppError('VALIDATION_ERROR', 'Current password is incorrect', {
      currentPassword: 'Current password is incorrect',
    });
  if (request.newEmail.toLowerCase() === user.email.toLowerCase())
    throw new AppError('VALIDATION_ERROR', 'This is already your email', { newEmail: 'This is already your email' });
  const now = deps.clock.now();
  await recordAudit(deps.db, { event: 'email_change_requested', userId: user.id, ip: params.ip, now });
  if (await getUserByEmail(deps.db, request.newEmail)) return;
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'email_change',
    ttlMs: EMAIL_CHANGE_TTL_MS,
    now,
    newEmail: request.newEmail,
  });
  await deps.mailer.send(emailChangeEmail(deps.config, user, { newEmail: request.newEmail, token }));
  await deps.mailer.send(emailChangeNoticeEmail(deps.config, user, { newEmail: request.newEmail, isDone: false }));
}

/** Opens an email change's link: the new address becomes the account's, verified by this very link. */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  params: { token: string; ip: string | null },
): Promise<UserRow> {
  const now = deps.clock.now();
  const { userId, newEmail } = await consumeOneTimeTokenRow(deps.db, {
    token: params.token,
    purpose: 'email_change',
    now,
  });
  if (!newEmail) throw new AppError('TOKEN_INVALID', 'This link is invalid or has already been used');
  const taken = await getUserByEmail(deps.db, newEmail);
  if (taken && taken.id !== userId) throw new AppError('CONFLICT', 'An account with this email already exists');
  const [before] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!before) throw new AppError('TOKEN_INVALID', 'This link is invalid or has already been used');
  let updated: UserRow;
  try {
    updated = await updateUser(deps.db, userId, { email: newEmail, emailVerifiedAt: now });
  } catch (err) {
    // Taken in between: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'An account with this email already exists');
    throw err;
  }
  await recordAudit(deps.db, { event: 'email_changed', userId, ip: params.ip, now });
  await deps.mailer.send(emailChangeNoticeEmail(deps.config, before, { newEmail, isDone: true }));
  return updated;
}
