import { isStrongPassword, PASSWORD_REQUIREMENTS } from '../../../core/config/password-policy';
import { PASSWORD_MIN_LENGTH } from '../../../core/config/plans';

/**
 * The public auth screens' rules (seed §5) and their error wording (seed §8), kept free of React
 * and I/O so each rule is tested once here and the screens only render the answers.
 */

// ---------------------------------------------------------------------------------------------
// Messages (seed §5 and §8, word for word)

export const EMAIL_MISMATCH_MESSAGE = 'Email addresses do not match';
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';
export const PASSWORD_WEAK_MESSAGE = 'Password does not meet requirements';
export const PASSWORD_HINT_MODAL = "At least 8 characters - you'll use this to login";

/** Not worded by the seed: shown on blur so a disabled submit is never left unexplained. */
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export const LOGIN_ERROR_MESSAGES = {
  EMAIL_NOT_VERIFIED: 'Please verify your email address before logging in. Check your email for the verification link.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  ACCOUNT_DISABLED: 'Your account has been disabled. Please contact support.',
  other: 'Login failed. Please try again.',
} as const;

export const SIGNUP_EMAIL_EXISTS_MESSAGE = 'An account with this email already exists. Try signing in instead.';
export const SIGNUP_FAILED_MESSAGE = 'Failed to start trial. Please try again.';
export const NO_CHECKOUT_URL_MESSAGE = 'No checkout URL returned';

export const FORGOT_ERROR_MESSAGES = {
  VALIDATION_ERROR: 'Please enter a valid email address.',
  other: 'Failed to send reset email. Please try again.',
} as const;

export const RESET_NO_TOKEN_MESSAGE = 'Invalid reset link. Please request a new password reset.';
export const RESET_ERROR_MESSAGES = {
  TOKEN_EXPIRED: 'This reset link has expired. Please request a new password reset.',
  VALIDATION_ERROR: 'Please enter a valid password.',
  other: 'Failed to reset password. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules

const isFilled = (value: string) => value.trim() !== '';

/** Seed §5: an email only has to contain @ on the client; the server checks the rest. */
export const isEmailLike = (email: string) => email.includes('@');

export const isPasswordLongEnough = (password: string) => password.length >= PASSWORD_MIN_LENGTH;

export type ModalSignupForm = { firstName: string; lastName: string; email: string; password: string };

/** Landing modal: Continue is enabled only when names and email are filled, the email has @ and the password is long enough. */
export function canSubmitModalSignup(form: ModalSignupForm): boolean {
  return (
    isFilled(form.firstName) &&
    isFilled(form.lastName) &&
    isFilled(form.email) &&
    isEmailLike(form.email) &&
    isPasswordLongEnough(form.password)
  );
}

export type SignupForm = ModalSignupForm & { confirmEmail: string; confirmPassword: string };
export type SignupField = keyof SignupForm;

/**
 * The /signup message for one field, or undefined when the field is fine. Empty fields have no
 * message (the submit stays disabled and `required` says so); the confirmations are only judged
 * once they hold something.
 */
export function toSignupFieldError(field: SignupField, form: SignupForm): string | undefined {
  switch (field) {
    case 'email':
      return isFilled(form.email) && !isEmailLike(form.email) ? EMAIL_INVALID_MESSAGE : undefined;
    case 'confirmEmail':
      return form.confirmEmail !== '' && form.confirmEmail !== form.email ? EMAIL_MISMATCH_MESSAGE : undefined;
    case 'password':
      return form.password !== '' && !isPasswordLongEnough(form.password) ? PASSWORD_TOO_SHORT_MESSAGE : undefined;
    case 'confirmPassword':
      return form.confirmPassword !== '' && form.confirmPassword !== form.password
        ? PASSWORD_MISMATCH_MESSAGE
        : undefined;
    case 'firstName':
    case 'lastName':
      return undefined;
  }
}

/** /signup: all six fields filled, the email has @, both pairs match, the password is long enough. */
export function canSubmitSignup(form: SignupForm): boolean {
  return canSubmitModalSignup(form) && form.confirmEmail === form.email && form.confirmPassword === form.password;
}

// ---------------------------------------------------------------------------------------------
// Reset password: the requirement checklist

export type PasswordRequirementId = (typeof PASSWORD_REQUIREMENTS)[number]['id'];

/** The checklist reads the same requirements the server enforces (core/config/password-policy). */
export { isStrongPassword, PASSWORD_REQUIREMENTS };

export type PasswordRequirementCheck = { id: PasswordRequirementId; label: string; isMet: boolean };

export function checkPasswordRequirements(password: string): PasswordRequirementCheck[] {
  return PASSWORD_REQUIREMENTS.map((r) => ({ id: r.id, label: r.label, isMet: r.test(password) }));
}

export type ResetForm = { password: string; confirmPassword: string };

export function canSubmitReset(form: ResetForm): boolean {
  return isStrongPassword(form.password) && form.confirmPassword === form.password;
}

// ---------------------------------------------------------------------------------------------
// Errors (seed §8: a row applies when the error's message contains its code)

/** The text to search for codes: apiRequest's "status: body" message, or anything else as a string. */
function toErrorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : '';
}

export function toLoginErrorMessage(err: unknown): string {
  const text = toErrorText(err);
  if (text.includes('EMAIL_NOT_VERIFIED')) return LOGIN_ERROR_MESSAGES.EMAIL_NOT_VERIFIED;
  if (text.includes('INVALID_CREDENTIALS')) return LOGIN_ERROR_MESSAGES.INVALID_CREDENTIALS;
  if (text.includes('ACCOUNT_DISABLED')) return LOGIN_ERROR_MESSAGES.ACCOUNT_DISABLED;
  return LOGIN_ERROR_MESSAGES.other;
}

export type SignupFailure = 'account-exists' | 'failed';

/** 'already exists' means the email is taken; everything else, a missing checkout URL included, is a failure. */
export function toSignupFailure(err: unknown): SignupFailure {
  return toErrorText(err).includes('already exists') ? 'account-exists' : 'failed';
}

export function toForgotPasswordErrorMessage(err: unknown): string {
  return toErrorText(err).includes('VALIDATION_ERROR')
    ? FORGOT_ERROR_MESSAGES.VALIDATION_ERROR
    : FORGOT_ERROR_MESSAGES.other;
}

export function toResetPasswordErrorMessage(err: unknown): string {
  const text = toErrorText(err);
  if (text.includes('TOKEN_EXPIRED')) return RESET_ERROR_MESSAGES.TOKEN_EXPIRED;
  if (text.includes('VALIDATION_ERROR')) return RESET_ERROR_MESSAGES.VALIDATION_ERROR;
  return RESET_ERROR_MESSAGES.other;
}

/** An expired, used or unknown reset link: worth offering a new one, whatever the message says. */
export function isDeadResetLink(err: unknown): boolean {
  const text = toErrorText(err);
  return text.includes('TOKEN_EXPIRED') || text.includes('TOKEN_INVALID');
}

/**
 * The trial-signup answer's checkout address. A missing, empty or non-web one (say `javascript:`)
 * is the seed's 'No checkout URL returned' error. Relative addresses are allowed: the built-in
 * payment provider completes checkout on this site.
 */
export function toCheckoutUrl(body: unknown): string {
  const url = typeof body === 'object' && body !== null && 'checkoutUrl' in body ? body.checkoutUrl : undefined;
  if (typeof url !== 'string' || url.trim() === '' || !isWebAddress(url)) throw new Error(NO_CHECKOUT_URL_MESSAGE);
  return url;
}

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, 'https://relative.invalid');
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Login notices: the e-mail verification link lands on /login?verified=true or ?verification=…

export type LoginNotice = { tone: 'success' | 'warning'; text: string };

export const VERIFICATION_NOTICES = {
  verified: { tone: 'success', text: 'Your email address is verified. Sign in to continue.' },
  expired: { tone: 'warning', text: 'This verification link has expired. Sign in to request a new one.' },
  invalid: {
    tone: 'warning',
    text: 'This verification link is invalid or has already been used. If your email is not verified yet, sign in to request a new link.',
  },
} as const satisfies Record<string, LoginNotice>;

/** The notice a /login query string asks for, if any. */
export function toLoginNotice(search: string): LoginNotice | null {
  const params = new URLSearchParams(search);
  if (params.get('verified') === 'true') return VERIFICATION_NOTICES.verified;
  const verification = params.get('verification');
  if (verification === 'expired') return VERIFICATION_NOTICES.expired;
  if (verification === 'invalid') return VERIFICATION_NOTICES.invalid;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Wording helpers

/** "1 hour", "2 hours", "30 minutes": how long a reset link lives. */
export function toDurationLabel(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Seconds left, rounded up, so a countdown shows 5, 4, 3, 2, 1 and never 0 before it fires. */
export function toSecondsLeft(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 1000));
}
