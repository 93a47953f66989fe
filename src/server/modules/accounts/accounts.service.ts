import type { AccountUsageJson } from '../../../contracts/settings';
import type { AccountInput, AccountJson } from '../../../contracts/trades';
import { D } from '../../../core/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../ids';
import {
  countAccountContents,
  deleteAccount,
  getAccount,
  insertAccount,
  listAccounts,
  updateAccount,
  type AccountRow,
  type AccountValues,
} from './accounts.queries';

export function toAccountJson(row: AccountRow): AccountJson {
  return {
    id: row.id,
    name: row.name,
    broker: row.broker,
    currency: row.currency,
    startingBalance: D(row.startingBalance).toString(),
    timezone: row.timezone,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 400 unless the runtime knows the IANA zone (`America/New_York`, `UTC`). */
function assertTimezone(timezone: string | undefined): void {
  if (timezone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new AppError('VALIDATION_ERROR', `Unknown timezone ${timezone}`, {
      timezone: 'Use a timezone such as America/New_York',
    });
  }
}

/** The user's account, or 404 (also for another user's id: its existence is not revealed). */
export async function requireAccount(db: Db, params: { userId: string; id: string }): Promise<AccountRow> {
  const row = isUuid(params.id) ? await getAccount(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  return row;
}

export async function listAccountJson(db: Db, userId: string): Promise<AccountJson[]> {
  return (await listAccounts(db, userId)).map(toAccountJson);
}

export async function createAccount(db: Db, params: { userId: string; input: AccountInput }): Promise<AccountJson> {
  assertTimezone(params.input.timezone);
  const values: AccountValues = { ...params.input, broker: params.input.broker ?? null };
  return toAccountJson(await insertAccount(db, { userId: params.userId, values }));
}

export async function patchAccount(
  db: Db,
  params: { userId: string; id: string; patch: Partial<AccountValues> },
): Promise<AccountJson> {
  assertTimezone(params.patch.timezone);
  await requireAccount(db, params);
  if (Object.keys(params.patch).length === 0) return toAccountJson(await requireAccount(db, params));
  const row = await updateAccount(db, params);
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  return toAccountJson(row);
}

export async function removeAccount(db: Db, params: { userId: string; id: string }): Promise<void> {
  if (!isUuid(params.id) || !(await deleteAccount(db, params))) throw new AppError('NOT_FOUND', 'Account not found');
}

/** What deleting the account would take with it; 404 unless it is the user's. */
export async function getAccountUsage(db: Db, params: { userId: string; id: string }): Promise<AccountUsageJson> {
  const account = await requireAccount(db, params);
  return countAccountContents(db, account.id);
}
