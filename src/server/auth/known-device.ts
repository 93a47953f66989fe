import { createHmac, timingSafeEqual } from 'node:crypto';

/** Sent only to the sign-in route; outlives sign-out, which is the point. */
export const KNOWN_DEVICE_COOKIE = 'eb_device';
export const KNOWN_DEVICE_COOKIE_PATH = '/api/auth/login';
export const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

type DeviceUser = { id: string; passwordHash: string };

/**
 * What a browser keeps after signing in, to show it did so before: an HMAC-SHA256 of the user id
 * keyed with the user's password hash. Only the server can make it (the hash never leaves the
 * database), no table is needed, and a new password voids every proof made before it.
 */
export function toKnownDeviceProof(user: DeviceUser): string {
  return createHmac('sha256', user.passwordHash).update(`known-device:${user.id}`).digest('base64url');
}

/** True when `proof` was made for this user and their current password; compared in constant time. */
export function isKnownDeviceProof(user: DeviceUser, proof: string): boolean {
  const expected = Buffer.from(toKnownDeviceProof(user));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
