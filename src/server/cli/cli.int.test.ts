import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { verifyPassword } from '../auth/password';
import { getUserByEmail } from '../modules/users';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { runCli } from './cli';

const NOW = new Date('2026-03-02T15:00:00Z');
const DAY = 86_400_000;
let database: Database;
const cli = (line: string) => runCli(line.split(' '), { db: database.db, now: NOW });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('npm run cli -- user …', () => {
  it('creates a verified admin with an argon2id hash and a 14-day trial', async () => {
    const result = await cli(
      'user create --email Ann@Example.com --password s3cret-pass --first Ann --last Lee --verified --admin',
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Created admin Ann@Example.com (verified)');
    const user = await getUserByEmail(database.db, 'ann@example.com');
    expect(user).toMatchObject({ firstName: 'Ann', lastName: 'Lee', role: 'admin', subscriptionStatus: 'trialing' });
    expect(user?.emailVerifiedAt?.getTime()).toBe(NOW.getTime());
    expect(user?.trialEndsAt?.getTime()).toBe(NOW.getTime() + 14 * DAY);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, 's3cret-pass')).toBe(true);
  });

  it('refuses a second account with the same e-mail in another case', async () => {
    const result = await cli('user create --email ANN@example.com --password another-pass');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('already exists');
  });

  it('creates an unverified plain user by default', async () => {
    expect((await cli('user create --email bob@example.com --password bobs-password')).exitCode).toBe(0);
    expect(await getUserByEmail(database.db, 'bob@example.com')).toMatchObject({ role: 'user', emailVerifiedAt: null });
  });

  it('disables and enables a user', async () => {
    expect((await cli('user disable --email bob@example.com')).stdout).toContain('Disabled bob@example.com');
    expect((await getUserByEmail(database.db, 'bob@example.com'))?.disabledAt?.getTime()).toBe(NOW.getTime());
    expect((await cli('user enable --email bob@example.com')).exitCode).toBe(0);
    expect((await getUserByEmail(database.db, 'bob@example.com'))?.disabledAt).toBeNull();
  });

  it('sets the days remaining on a trial, 0 ending it now', async () => {
    expect((await cli('user set-trial --email bob@example.com --days-remaining 3')).exitCode).toBe(0);
    expect((await getUserByEmail(database.db, 'bob@example.com'))?.trialEndsAt?.getTime()).toBe(
      NOW.getTime() + 3 * DAY,
    );
    expect((await cli('user set-trial --email bob@example.com --days-remaining 0')).exitCode).toBe(0);
    expect((await getUserByEmail(database.db, 'bob@example.com'))?.trialEndsAt?.getTime()).toBe(NOW.getTime());
  });

  it.each([
    ['user create --email x@example.com', '--password is required'],
    ['user create --email not-an-email --password long-enough', 'Not a valid email address'],
    ['user create --email short@example.com --password short', 'at least 8 characters'],
    ['user disable', '--email is required'],
    ['user set-trial --email bob@example.com --days-remaining -2', "Option '--days-remaining' argument is ambiguous"],
    ['user set-trial --email bob@example.com --days-remaining=-2', 'whole number'],
    ['user set-trial --email bob@example.com --days-remaining soon', 'whole number'],
    ['user set-trial --email bob@example.com', '--days-remaining is required'],
    ['user disable --email nobody@example.com', 'No user with email nobody@example.com'],
    ['user explode --email bob@example.com', 'Unknown command: user explode'],
    ['trade list --email bob@example.com', 'Unknown command'],
    ['user create --email a@b.co --password long-enough --colour red', "Unknown option '--colour'"],
  ])('prints a clear error and exits non-zero for: %s', async (line, message) => {
    const result = await cli(line);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});
