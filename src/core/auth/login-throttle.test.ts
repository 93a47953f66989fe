import { describe, expect, it } from 'vitest';
import {
  computeAddressDelayMs,
  decideLoginAttempt,
  type LoginFailures,
  type LoginThrottlePolicy,
} from './login-throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const POLICY: LoginThrottlePolicy = {
  windowMs: 15 * MINUTE,
  maxPerAddressAndIp: 5,
  maxPerIp: 20,
  addressWindowMs: 24 * 60 * MINUTE,
  freePerAddress: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
};
const NOW = Date.UTC(2026, 5, 1, 9, 30);
const NONE: LoginFailures = { addressAndIp: [], ip: [], address: [] };
/** `count` failures, one a second, the last `endingAgoMs` before NOW. */
const failuresAt = (count: number, endingAgoMs = 0) =>
  Array.from({ length: count }, (_, i) => NOW - endingAgoMs - (count - 1 - i) * SECOND);

const decide = (failures: Partial<LoginFailures>, isKnownDevice = false) =>
  decideLoginAttempt({ failures: { ...NONE, ...failures }, isKnownDevice, nowMs: NOW, policy: POLICY });

describe('computeAddressDelayMs', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, SECOND],
    [6, 2 * SECOND],
    [10, 32 * SECOND],
    [14, 512 * SECOND],
    [15, 15 * MINUTE],
    [10_000, 15 * MINUTE],
  ])('waits after %i failures %i ms', (count, expected) => {
    expect(computeAddressDelayMs(count, POLICY)).toBe(expected);
  });
});

describe('decideLoginAttempt', () => {
  it('allows an attempt with no failures before it', () => {
    expect(decide({})).toEqual({ isAllowed: true });
  });

  it('refuses a sixth attempt from one IP at one address until the oldest failure leaves the window', () => {
    const failures = failuresAt(5);
    expect(decide({ addressAndIp: failures, address: failures, ip: failures })).toEqual({
      isAllowed: false,
      retryAfterMs: 15 * MINUTE - 4 * SECOND,
    });
  });

  it('holds the per-address-and-IP limit for a known device too', () => {
    expect(decide({ addressAndIp: failuresAt(5) }, true)).toMatchObject({ isAllowed: false });
  });

  it('refuses an IP that failed on many addresses, but not a known device from it', () => {
    expect(decide({ ip: failuresAt(20) })).toMatchObject({ isAllowed: false });
    expect(decide({ ip: failuresAt(19) })).toEqual({ isAllowed: true });
    expect(decide({ ip: failuresAt(20) }, true)).toEqual({ isAllowed: true });
  });

  it('makes an address attacked from elsewhere wait a doubling delay, never a lock', () => {
    expect(decide({ address: failuresAt(4) })).toEqual({ isAllowed: true });
    expect(decide({ address: failuresAt(5) })).toEqual({ isAllowed: false, retryAfterMs: SECOND });
    expect(decide({ address: failuresAt(8) })).toEqual({ isAllowed: false, retryAfterMs: 8 * SECOND });
    expect(decide({ address: failuresAt(8, 8 * SECOND) })).toEqual({ isAllowed: true });
  });

  it('lets a known device past the address delay', () => {
    expect(decide({ address: failuresAt(30) }, true)).toEqual({ isAllowed: true });
  });

  it('forgets failures older than their windows', () => {
    expect(decide({ addressAndIp: failuresAt(5, 15 * MINUTE) })).toEqual({ isAllowed: true });
    expect(decide({ address: failuresAt(50, 24 * 60 * MINUTE) })).toEqual({ isAllowed: true });
  });

  it('answers the longest of the waits that apply', () => {
    const failures = { addressAndIp: failuresAt(5), address: failuresAt(15) };
    expect(decide(failures)).toEqual({ isAllowed: false, retryAfterMs: 15 * MINUTE }); // the address's wait
    expect(decide(failures, true)).toEqual({ isAllowed: false, retryAfterMs: 15 * MINUTE - 4 * SECOND });
  });
});
