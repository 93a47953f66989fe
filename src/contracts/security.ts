import { z } from 'zod';
import { currentUserJsonSchema } from './auth';

/** Six digits from the authenticator app; spaces (as apps show "123 456") are ignored. */
const totpCode = z
  .string({ error: 'Code is required' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`abcde-fghij`); case, spaces and the dash do not matter. */
const recoveryCode = z
  .string({ error: 'Recovery code is required' })
  .max(40)
  .transform((code) => code.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code such as abcde-12345'));

/** `POST /api/auth/2fa/setup`: a new secret to enrol, in text and as the authenticator's URL (for the QR code). */
export const twoFactorSetupJsonSchema = z.object({
  secret: z.string().meta({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
  otpauthUrl: z.string().meta({ example: 'otpauth://totp/Edgebook:ann%40example.com?secret=JBSW…&issuer=Edgebook' }),
});
export type TwoFactorSetupJson = z.infer<typeof twoFactorSetupJsonSchema>;

/** `POST /api/auth/2fa/enable`: the first code from the app confirms the enrolment. */
export const twoFactorEnableRequestSchema = z.object({ code: totpCode }).strict();

/** The 10 recovery codes, shown once (enable, regenerate); each signs in once instead of a code. */
export const recoveryCodesJsonSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesJson = z.infer<typeof recoveryCodesJsonSchema>;

/** `POST /api/auth/2fa/recovery-codes`: a current code proves the app is still at hand. */
export const regenerateRecoveryCodesRequestSchema = z.object({ code: totpCode }).strict();

/** `POST /api/auth/2fa/disable`: the password and a code (from the app, or a recovery code). */
export const twoFactorDisableRequestSchema = z
  .object({
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
    code: z
      .string({ error: 'Code is required' })
      .max(40)
      .refine((code) => code.replace(/[\s-]/g, '').length > 0, 'Code is required'),
  })
  .strict();

/** `GET /api/auth/2fa`: whether two-factor sign-in is on, since when, and how many recovery codes are unused. */
export const twoFactorStatusJsonSchema = z.object({
  isEnabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatusJson = z.infer<typeof twoFactorStatusJsonSchema>;

/** The password was right; a code is owed at `POST /api/auth/login/2fa` with this challenge (5 minutes). */
export const twoFactorChallengeJsonSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengeJson = z.infer<typeof twoFactorChallengeJsonSchema>;

/** `POST /api/auth/login`: the signed-in user, or (two-factor on) the challenge of the code step. */
export const loginJsonSchema = z.union([currentUserJsonSchema, twoFactorChallengeJsonSchema]);
export type LoginJson = z.infer<typeof loginJsonSchema>;

/** `POST /api/auth/login/2fa`: the challenge and either a code from the app or a recovery code. */
export const loginTwoFactorRequestSchema = z
  .object({
    challenge: z.string({ error: 'Challenge is required' }).min(1, 'Challenge is required').max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Send either code or recoveryCode',
    path: ['code'],
  });
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>;

/** `POST /api/auth/sessions/revoke-others`: how many other sessions were signed out. */
export const revokedSessionsJsonSchema = z.object({ revoked: z.number() });
