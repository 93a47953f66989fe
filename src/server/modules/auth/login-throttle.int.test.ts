import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { createUser } from '../users';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'Corr3ct-horse';
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock({ now: () => new Date('2026-06-01T09:30:00Z') }); // frozen, moved by the tests
  // X-Forwarded-For names the client's IP, so one test process can sign in from many addresses.
  t = await startTestApp({ clock, env: { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

/** A sign-in from `ip`, with the known-device cookie when given. */
async function signIn(params: { email: string; password: string; ip: string; device?: string }) {
  return fetch(t.url('/api/auth/login'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': params.ip,
      ...(params.device ? { cookie: params.device } : {}),
    },
    body: JSON.stringify({ email: params.email, password: params.password }),
  });
}

/** The known-device cookie (`eb_device=…`) a successful sign-in from `ip` sets. */
async function signInForDevice(email: string, ip: string): Promise<string> {
  const res = await signIn({ email, password: PASSWORD, ip });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('eb_device='));
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('Path=/api/auth/login');
  return cookie!.split(';')[0]!;
}

async function failFrom(email: string, ips: string[]) {
  for (const ip of ips) expect((await signIn({ email, password: 'wrong-guess', ip })).status).toBe(401);
}

const makeUser = (email: string) =>
  createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
const ipsFrom = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

describe('sign-in throttle', () => {
  it('lets the owner in with the right password and a known device while the address is attacked elsewhere', async () => {
    await makeUser('owner@example.com');
    const device = await signInForDevice('owner@example.com', '198.51.100.1');
    await failFrom('owner@example.com', Array(5).fill('203.0.113.1'));
    expect((await signIn({ email: 'owner@example.com', password: 'wrong-guess', ip: '203.0.113.2' })).status).toBe(429);
    const owner = await signIn({ email: 'owner@example.com', password: PASSWORD, ip: '198.51.100.1', device });
    expect(owner.status).toBe(200);
    // The attack's address still waits.
    expect((await signIn({ email: 'owner@example.com', password: PASSWORD, ip: '203.0.113.3' })).status).toBe(429);
  });

  it('makes a new device wait a second after five failures from anywhere, not a 15-minute lock', async () => {
    await makeUser('new-device@example.com');
    await failFrom('new-device@example.com', ipsFrom('203.0.114', 5));
    const refused = await signIn({ email: 'new-device@example.com', password: PASSWORD, ip: '198.51.101.1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 1 seconds.',
    });
    clock.advance(1000);
    expect((await signIn({ email: 'new-device@example.com', password: PASSWORD, ip: '198.51.101.1' })).status).toBe(
      200,
    );
  });

  it('doubles the wait with each further failure on the address', async () => {
    await makeUser('doubling@example.com');
    await failFrom('doubling@example.com', ipsFrom('203.0.115', 5));
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await signIn({ email: 'doubling@example.com', password: 'wrong-guess', ip: '203.0.116.1' });
      expect(refused.status).toBe(429);
      const wait = refused.headers.get('retry-after')!;
      waits.push(wait);
      clock.advance(Number(wait) * 1000);
      await failFrom('doubling@example.com', [`203.0.116.${i + 2}`]);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
  });

  it('does not take a device proof of another account, or one made before a password change', async () => {
    await makeUser('victim@example.com');
    await makeUser('attacker@example.com');
    const attackerDevice = await signInForDevice('attacker@example.com', '203.0.117.1');
    const victimDevice = await signInForDevice('victim@example.com', '198.51.102.1');
    await failFrom('victim@example.com', ipsFrom('203.0.117', 5));
    const borrowed = await signIn({
      email: 'victim@example.com',
      password: PASSWORD,
      ip: '203.0.117.9',
      device: attackerDevice,
    });
    expect(borrowed.status).toBe(429);
    const forged = await signIn({
      email: 'victim@example.com',
      password: PASSWORD,
      ip: '203.0.117.9',
      device: 'eb_device=forged',
    });
    expect(forged.status).toBe(429);
    expect(
      (await signIn({ email: 'victim@example.com', password: PASSWORD, ip: '198.51.102.1', device: victimDevice }))
        .status,
    ).toBe(200);
  });

  it('stops one IP at five failures for one address, even with the right password', async () => {
    await makeUser('pair@example.com');
    await failFrom('pair@example.com', Array(5).fill('203.0.118.1'));
    clock.advance(60_000); // past the address's wait
    const res = await signIn({ email: 'pair@example.com', password: PASSWORD, ip: '203.0.118.1' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(14 * 60);
    expect((await signIn({ email: 'pair@example.com', password: PASSWORD, ip: '203.0.118.2' })).status).toBe(200);
  });

  it('stops one IP after twenty failures over many addresses', async () => {
    await makeUser('sprayed@example.com');
    for (let i = 0; i < 20; i++)
      expect(
        (await signIn({ email: `nobody${i}@example.com`, password: 'wrong-guess', ip: '203.0.119.1' })).status,
      ).toBe(401);
    expect((await signIn({ email: 'sprayed@example.com', password: PASSWORD, ip: '203.0.119.1' })).status).toBe(429);
    expect((await signIn({ email: 'sprayed@example.com', password: PASSWORD, ip: '203.0.119.2' })).status).toBe(200);
  });
});
