import { generate } from 'otplib';

/** The authenticator app's code for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s), as a phone shows it. */
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
