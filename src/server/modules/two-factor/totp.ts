import { generateSecret, generateURI, verify } from 'otplib';

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), Base32 as apps expect. */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URL an authenticator app reads from the QR code: SHA-1, 6 digits, 30 s. */
export function toOtpauthUrl(params: { issuer: string; account: string; secret: string }): string {
  return generateURI({ issuer: params.issuer, label: params.account, secret: params.secret });
}

/**
 * The 30-second step a code is valid for at `now`, one step either side allowed for clock drift
 * (RFC 6238 §5.2); null for a wrong code, or one of a step at or before `afterTimeStep` (a code
 * already used: each works once).
 */
export async function checkTotpCode(params: {
  secret: string;
  code: string;
  now: Date;
  afterTimeStep: number | null;
}): Promise<number | null> {
  try {
    const result = await verify({
      secret: params.secret,
      token: params.code,
      epoch: Math.floor(params.now.getTime() / 1000),
      epochTolerance: 30,
      ...(params.afterTimeStep === null ? {} : { afterTimeStep: params.afterTimeStep }),
    });
    // TOTP's answer names its step (the union type also covers HOTP's, which does not).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null; // a malformed code or secret is a wrong code
  }
}
