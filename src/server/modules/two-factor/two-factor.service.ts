import { randomInt } from 'node:crypto';
import type { RecoveryCodesJson, TwoFactorSetupJson, TwoFactorStatusJson } from '../../../contracts/security';
import type { PublicConfig } from '../../../core/config/operator';
import { recordAudit } from '../../auth/audit';
import type { LoginThrottle } from '../../auth/login-throttle';
import { hashPassword, verifyPassword } from '../../auth/password';
import { generateToken, hashToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { twoFactorChangedEmail } from '../../mail/templates';
import { getUserById, type UserRow } from '../users';
import { checkTotpCode, generateTotpSecret, toOtpauthUrl } from './totp';
import {
  claimTimeStep,
  countUnusedRecoveryCodes,
  deleteStaleChallenges,
  deleteTwoFactor,
  enablePendingSecret,
  getLiveLoginChallenge,
  getTwoFactor,
  insertLoginChallenge,
  listUnusedRecoveryCodes,
  markChallengeUsed,
  markRecoveryCodeUsed,
  recordChallengeFailure,
  replaceRecoveryCodes,
  upsertPendingSecret,
  type TwoFactorRow,
} from './two-factor.queries';

export type TwoFactorDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: PublicConfig;
  secretBox: SecretBox;
  /** Wrong codes, per account and IP, per IP and per account (the sign-in policy, keyed by user id). */
  throttle: LoginThrottle;
};

export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a sign-in may take after the password. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before the password is asked for again. */
export const CHALLENGE_MAX_FAILURES = 5;
// No 0/o, 1/l: a code read off paper is typed right. 32 symbols: 5 bits each, 50 bits a code.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const sealContext = (userId: string) => `totp:${userId}`;

/** `abcde-fghij`: 10 random symbols, shown with a dash. */
function generateRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

export async function getTwoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatusJson> {
  const row = await getTwoFactor(db, userId);
  const isEnabled = row?.secret != null;
  return {
    isEnabled,
    enabledAt: isEnabled ? (row?.enabledAt?.toISOString() ?? null) : null,
    recoveryCodesLeft: isEnabled ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  return (await getTwoFactor(db, userId))?.secret != null;
}

/** A new secret to enrol; replaces one not yet confirmed. Refused while two-factor is on. */
export async function startTwoFactorSetup(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorSetupJson> {
  if (await isTwoFactorEnabled(deps.db, user.id))
    throw new AppError('CONFLICT', 'Two-factor sign-in is already on; turn it off first to enrol a new app');
  const secret = generateTotpSecret();
  await upsertPendingSecret(deps.db, {
    userId: user.id,
    sealed: deps.secretBox.seal(secret, sealContext(user.id)),
    now: deps.clock.now(),
  });
  return { secret, otpauthUrl: toOtpauthUrl({ issuer: deps.config.brand, account: user.email, secret }) };
}

function refuseIfThrottled(deps: TwoFactorDeps, params: { userId: string; ip: string }): void {
  const decision = deps.throttle.decide({
    address: params.userId,
    ip: params.ip,
    isKnownDevice: false,
    nowMs: deps.clock.now().getTime(),
  });
  if (!decision.isAllowed) {
    const seconds = Math.ceil(decision.retryAfterMs / 1000);
    throw new AppError('RATE_LIMITED', `Too many wrong codes. Try again in ${seconds} seconds.`, undefined, {
      retryAfterSeconds: seconds,
    });
  }
}

function recordWrongCode(deps: TwoFactorDeps, params: { userId: string; ip: string }): void {
  deps.throttle.recordFailure({ address: params.userId, ip: params.ip, nowMs: deps.clock.now().getTime() });
}

const wrongCode = (field: string) =>
  new AppError('VALIDATION_ERROR', 'That code is not right', {
    [field]: 'That code is not right. Check the time on your phone and try the newest code.',
  });

/**
 * Checks a code from the app against the enabled secret and uses its time step up. Throttled; a
 * wrong or replayed code counts as a failure. False for a wrong code (the caller words the error).
 */
async function acceptTotpCode(
  deps: TwoFactorDeps,
  params: { row: TwoFactorRow; code: string; ip: string },
): Promise<boolean> {
  const { row } = params;
  refuseIfThrottled(deps, { userId: row.userId, ip: params.ip });
  const now = deps.clock.now();
  const secret = deps.secretBox.open(row.secret!, sealContext(row.userId)); // the caller checked it is on
  const step = await checkTotpCode({ secret, code: params.code, now, afterTimeStep: row.lastTimeStep });
  if (step === null || !(await claimTimeStep(deps.db, { userId: row.userId, timeStep: step, now }))) {
    recordWrongCode(deps, { userId: row.userId, ip: params.ip });
    return false;
  }
  deps.throttle.recordSuccess({ address: row.userId, ip: params.ip });
  return true;
}

/** Uses one of the user's recovery codes; false (a failure counted) when none matches. */
async function acceptRecoveryCode(
  deps: TwoFactorDeps,
  params: { userId: string; code: string; ip: string },
): Promise<boolean> {
  refuseIfThrottled(deps, params);
  const given = normaliseRecoveryCode(params.code);
  const unused = await listUnusedRecoveryCodes(deps.db, params.userId);
  for (const row of unused) {
    if (await verifyPassword(row.codeHash, given)) {
      if (!(await markRecoveryCodeUsed(deps.db, { id: row.id, now: deps.clock.now() }))) break;
      deps.throttle.recordSuccess({ address: params.userId, ip: params.ip });
      return true;
    }
  }
  recordWrongCode(deps, params);
  return false;
}

async function issueRecoveryCodes(deps: TwoFactorDeps, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normaliseRecoveryCode(code))));
  await replaceRecoveryCodes(deps.db, { userId, hashes, now: deps.clock.now() });
  return codes;
}

/** The first code confirms the secret from set-up: two-factor is on, and 10 recovery codes are shown once. */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  params: { user: UserRow; code: string; ip: string },
): Promise<RecoveryCodesJson> {
  const { user } = params;
  const row = await getTwoFactor(deps.db, user.id);
  if (row?.secret) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  if (!row?.pendingSecret)
    throw new AppError('VALIDATION_ERROR', 'Start the set-up first', { code: 'Start the set-up first' });
  refuseIfThrottled(deps, { userId: user.id, ip: params.ip });
  const now = deps.clock.now();
  const secret = deps.secretBox.open(row.pendingSecret, sealContext(user.id));
  const step = await checkTotpCode({ secret, code: params.code, now, afterTimeStep: null });
  if (step === null) {
    recordWrongCode(deps, { userId: user.id, ip: params.ip });
    throw wrongCode('code');
  }
  if (!(await enablePendingSecret(deps.db, { userId: user.id, sealedPending: row.pendingSecret, timeStep: step, now })))
    throw new AppError('CONFLICT', 'Two-factor sign-in was just turned on from another request');
  const recoveryCodes = await issueRecoveryCodes(deps, user.id);
  await recordAudit(deps.db, { event: 'two_factor_enabled', userId: user.id, ip: params.ip, now });
  await deps.mailer.send(twoFactorChangedEmail(deps.config, user, { isEnabled: true }));
  return { recoveryCodes };
}

/** New recovery codes for the old ones (all of which stop working); needs a current code from the app. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  params: { user: UserRow; code: string; ip: string },
): Promise<RecoveryCodesJson> {
  const row = await getTwoFactor(deps.db, params.user.id);
  if (!row?.secret) throw new AppError('CONFLICT', 'Two-factor sign-in is off');
  if (!(await acceptTotpCode(deps, { row, code: params.code, ip: params.ip }))) throw wrongCode('code');
  const recoveryCodes = await issueRecoveryCodes(deps, params.user.id);
  await recordAudit(deps.db, {
    event: 'recovery_codes_regenerated',
    userId: params.user.id,
    ip: params.ip,
    now: deps.clock.now(),
  });
  return { recoveryCodes };
}

/** Turns two-factor off: the password and a code (from the app, or a recovery code) are both needed. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  params: { user: UserRow; password: string; code: string; ip: string },
): Promise<void> {
  const { user } = params;
  const row = await getTwoFactor(deps.db, user.id);
  if (!row?.secret) throw new AppError('CONFLICT', 'Two-factor sign-in is already off');
  refuseIfThrottled(deps, { userId: user.id, ip: params.ip });
  if (!(await verifyPassword(user.passwordHash, params.password))) {
    recordWrongCode(deps, { userId: user.id, ip: params.ip });
    throw new AppError('VALIDATION_ERROR', 'Password is incorrect', { password: 'Password is incorrect' });
  }
  const code = params.code.replace(/\s+/g, '');
  const isAccepted = /^\d{6}$/.test(code)
    ? await acceptTotpCode(deps, { row, code, ip: params.ip })
    : await acceptRecoveryCode(deps, { userId: user.id, code, ip: params.ip });
  if (!isAccepted) throw wrongCode('code');
  await deleteTwoFactor(deps.db, user.id);
  const now = deps.clock.now();
  await recordAudit(deps.db, { event: 'two_factor_disabled', userId: user.id, ip: params.ip, now });
  await deps.mailer.send(twoFactorChangedEmail(deps.config, user, { isEnabled: false }));
}

/** After the right password of a user with two-factor: the challenge the code step answers. */
export async function createLoginChallenge(deps: Pick<TwoFactorDeps, 'db' | 'clock'>, userId: string): Promise<string> {
  const now = deps.clock.now();
  const challenge = generateToken();
  await deleteStaleChallenges(deps.db, { userId, before: now });
  await insertLoginChallenge(deps.db, {
    userId,
    tokenHash: hashToken(challenge),
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

const challengeGone = () =>
  new AppError('CHALLENGE_INVALID', 'This sign-in has expired. Enter your email and password again.');

/**
 * The code step of a sign-in: the challenge must be live, and the code (or recovery code) right.
 * Answers the user; the challenge is used up. A wrong code counts against the account and IP, and
 * after CHALLENGE_MAX_FAILURES the challenge ends.
 */
export async function completeLoginChallenge(
  deps: TwoFactorDeps,
  params: { challenge: string; code?: string; recoveryCode?: string; ip: string },
): Promise<{ user: UserRow; usedRecoveryCode: boolean }> {
  const now = deps.clock.now();
  const challenge = await getLiveLoginChallenge(deps.db, { tokenHash: hashToken(params.challenge), now });
  if (!challenge || challenge.failedAttempts >= CHALLENGE_MAX_FAILURES) throw challengeGone();
  const row = await getTwoFactor(deps.db, challenge.userId);
  const user = await getUserById(deps.db, challenge.userId);
  if (!row?.secret || !user || user.disabledAt) throw challengeGone();
  const isAccepted =
    params.code !== undefined
      ? await acceptTotpCode(deps, { row, code: params.code, ip: params.ip })
      : await acceptRecoveryCode(deps, { userId: user.id, code: params.recoveryCode ?? '', ip: params.ip });
  if (!isAccepted) {
    const failures = await recordChallengeFailure(deps.db, challenge.id);
    await recordAudit(deps.db, { event: 'two_factor_failed', userId: user.id, ip: params.ip, now });
    if (failures >= CHALLENGE_MAX_FAILURES) throw challengeGone();
    const field = params.code !== undefined ? 'code' : 'recoveryCode';
    throw new AppError(
      'INVALID_CODE',
      params.code !== undefined ? 'That code is not right' : 'That recovery code is not right or was used',
      { [field]: params.code !== undefined ? 'That code is not right' : 'That recovery code is not right or was used' },
    );
  }
  if (!(await markChallengeUsed(deps.db, { id: challenge.id, now }))) throw challengeGone();
  if (params.recoveryCode !== undefined)
    await recordAudit(deps.db, { event: 'recovery_code_used', userId: user.id, ip: params.ip, now });
  return { user, usedRecoveryCode: params.recoveryCode !== undefined };
}
