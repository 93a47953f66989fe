import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, verification and reset links. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak yields no usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
