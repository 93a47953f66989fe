import type { ProfilePatch } from '../../../contracts/auth';
import { PASSWORD_MIN_LENGTH, TRIAL_DAYS } from '../../../core/config/plans';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../auth/audit';
import { AppError } from '../../errors';
import { toCurrentUserJson, type CurrentUserJson } from '../auth/auth.service';
import { recomputeDefaultRisk } from '../trades/trades.service';
import { D } from '../../../core/trades';
import { getUserByEmail, updateUser, type UserRow } from './users.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The current-user answer plus what the profile form edits. */
export type ProfileJson = CurrentUserJson & { defaultRiskAmount: string | null };

export function toProfileJson(user: UserRow, now: Date): ProfileJson {
  return {
    ...toCurrentUserJson(user, now),
    defaultRiskAmount: user.defaultRiskAmount === null ? null : D(user.defaultRiskAmount).toString(),
  };
}

/**
 * Applies a profile change. When the default risk per trade changes (or is cleared), every trade
 * whose R rests on it is derived again, in the same transaction.
 */
export async function updateProfile(
  db: Db,
  params: { user: UserRow; patch: ProfilePatch; now: Date },
): Promise<UserRow> {
  const { user, patch } = params;
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, patch);
    const before = user.defaultRiskAmount === null ? null : D(user.defaultRiskAmount);
    const after = updated.defaultRiskAmount === null ? null : D(updated.defaultRiskAmount);
    const isRiskChanged = before === null || after === null ? before !== after : !before.eq(after);
    if (patch.defaultRiskAmount !== undefined && isRiskChanged)
      await recomputeDefaultRisk(tx, {
        userId: user.id,
        defaultRiskAmount: updated.defaultRiskAmount,
        now: params.now,
      });
    return updated;
  });
}
