import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
const client = () => new TestClient(t.url(''));

beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_RATE_LIMIT: '4', LOGIN_ACCOUNT_RATE_LIMIT: '2', SIGNUP_RATE_LIMIT: '2', FORGOT_RATE_LIMIT: '2' },
  });
  await createUser(t.database.db, {
    email: 'target@example.com',
    password: 'Corr3ct-horse',
    isVerified: true,
    now: new Date(),
  });
});
afterAll(() => t.close());

const expectRateLimited = async (res: Response) => {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.text()).toContain('RATE_LIMITED');
};

describe('rate limits', () => {
  it('stop repeated failed sign-ins on one account, even with the right password afterwards', async () => {
    for (let i = 0; i < 2; i++)
      expect((await client().post('/api/auth/login', { email: 'target@example.com', password: 'guess' })).status).toBe(
        401,
      );
    await expectRateLimited(
      await client().post('/api/auth/login', { email: 'TARGET@example.com', password: 'Corr3ct-horse' }),
    );
  });

  it('stop too many sign-in attempts from one IP', async () => {
    await client().post('/api/auth/login', { email: 'other@example.com', password: 'guess' });
    await expectRateLimited(await client().post('/api/auth/login', { email: 'third@example.com', password: 'guess' }));
  });

  it('stop a burst of sign-ups from one IP', async () => {
    for (let i = 0; i < 2; i++) {
      await client().post('/api/subscription/trial-signup', {
        email: `burst${i}@example.com`,
        firstName: 'A',
        lastName: 'B',
        password: 'long-enough',
        planId: 'premium_monthly',
      });
    }
    await expectRateLimited(
      await client().post('/api/subscription/trial-signup', {
        email: 'burst9@example.com',
        firstName: 'A',
        lastName: 'B',
        password: 'long-enough',
        planId: 'premium_monthly',
      }),
    );
  });

  it('stop a burst of password-reset requests from one IP', async () => {
    for (let i = 0; i < 2; i++) await client().post('/api/auth/forgot-password', { email: 'target@example.com' });
    await expectRateLimited(await client().post('/api/auth/forgot-password', { email: 'target@example.com' }));
  });
});
