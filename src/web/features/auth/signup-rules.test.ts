import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canSubmitModalSignup,
  canSubmitReset,
  canSubmitSignup,
  checkPasswordRequirements,
  EMAIL_INVALID_MESSAGE,
  EMAIL_MISMATCH_MESSAGE,
  isDeadResetLink,
  isStrongPassword,
  NO_CHECKOUT_URL_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  toCheckoutUrl,
  toDurationLabel,
  toForgotPasswordErrorMessage,
  toLoginErrorMessage,
  toLoginNotice,
  VERIFICATION_NOTICES,
  toResetPasswordErrorMessage,
  toSecondsLeft,
  toSignupFailure,
  toSignupFieldError,
  type ModalSignupForm,
  type SignupForm,
} from './signup-rules';

const MODAL_OK: ModalSignupForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: '12345678',
};
const SIGNUP_OK: SignupForm = { ...MODAL_OK, confirmEmail: 'ada@example.com', confirmPassword: '12345678' };

/** What apiRequest throws for a JSON error answer. */
const apiError = (status: number, error: string, message = 'whatever the server says') =>
  new Error(`${status}: ${JSON.stringify({ error, message })}`);

describe('canSubmitModalSignup', () => {
  it('accepts a complete form', () => {
    expect(canSubmitModalSignup(MODAL_OK)).toBe(true);
  });

  it.each<[string, Partial<ModalSignupForm>]>([
    ['an empty first name', { firstName: '' }],
    ['a blank first name', { firstName: '   ' }],
    ['an empty last name', { lastName: '' }],
    ['an empty email', { email: '' }],
    ['an email without @', { email: 'ada.example.com' }],
    ['an empty password', { password: '' }],
    ['a 7-character password', { password: '1234567' }],
  ])('refuses %s', (_name, override) => {
    expect(canSubmitModalSignup({ ...MODAL_OK, ...override })).toBe(false);
  });

  it('accepts exactly 8 password characters', () => {
    expect(canSubmitModalSignup({ ...MODAL_OK, password: 'abcdefgh' })).toBe(true);
  });

  it('is enabled exactly when every rule holds, for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (firstName, lastName, email, password) => {
        const expected =
          firstName.trim() !== '' && lastName.trim() !== '' && email.includes('@') && password.length >= 8;
        expect(canSubmitModalSignup({ firstName, lastName, email, password })).toBe(expected);
      }),
    );
  });
});

describe('canSubmitSignup', () => {
  it('accepts a complete, matching form', () => {
    expect(canSubmitSignup(SIGNUP_OK)).toBe(true);
  });

  it.each<[string, Partial<SignupForm>]>([
    ['an empty first name', { firstName: '' }],
    ['an empty last name', { lastName: '' }],
    ['an empty email', { email: '', confirmEmail: '' }],
    ['an email without @', { email: 'ada', confirmEmail: 'ada' }],
    ['an empty email confirmation', { confirmEmail: '' }],
    ['emails that differ', { confirmEmail: 'ada@example.org' }],
    ['emails that differ only in case', { confirmEmail: 'Ada@example.com' }],
    ['a short password', { password: '1234567', confirmPassword: '1234567' }],
    ['an empty password confirmation', { confirmPassword: '' }],
    ['passwords that differ', { confirmPassword: '123456789' }],
  ])('refuses %s', (_name, override) => {
    expect(canSubmitSignup({ ...SIGNUP_OK, ...override })).toBe(false);
  });

  it('never allows what the modal rule refuses', () => {
    fc.assert(
      fc.property(
        fc.record({
          firstName: fc.string(),
          lastName: fc.string(),
          email: fc.string(),
          password: fc.string(),
          confirmEmail: fc.string(),
          confirmPassword: fc.string(),
        }),
        (form) => {
          if (canSubmitSignup(form)) {
            expect(canSubmitModalSignup(form)).toBe(true);
            expect(form.confirmEmail).toBe(form.email);
            expect(form.confirmPassword).toBe(form.password);
          }
        },
      ),
    );
  });
});

describe('toSignupFieldError', () => {
  it.each<[keyof SignupForm, Partial<SignupForm>, string | undefined]>([
    ['confirmEmail', { confirmEmail: 'ada@example.org' }, EMAIL_MISMATCH_MESSAGE],
    ['confirmEmail', { confirmEmail: '' }, undefined],
    ['confirmEmail', {}, undefined],
    ['confirmPassword', { confirmPassword: 'nope-nope' }, PASSWORD_MISMATCH_MESSAGE],
    ['confirmPassword', { confirmPassword: '' }, undefined],
    ['confirmPassword', {}, undefined],
    ['email', { email: 'ada' }, EMAIL_INVALID_MESSAGE],
    ['email', { email: '' }, undefined],
    ['email', {}, undefined],
    ['password', { password: 'short' }, PASSWORD_TOO_SHORT_MESSAGE],
    ['password', { password: '' }, undefined],
    ['firstName', { firstName: '' }, undefined],
  ])('gives %s in %o the message %s', (field, override, expected) => {
    expect(toSignupFieldError(field, { ...SIGNUP_OK, ...override })).toBe(expected);
  });

  it('uses the seed wording for the mismatches', () => {
    expect(EMAIL_MISMATCH_MESSAGE).toBe('Email addresses do not match');
    expect(PASSWORD_MISMATCH_MESSAGE).toBe('Passwords do not match');
  });
});

describe('checkPasswordRequirements', () => {
  it.each<[string, Record<string, boolean>]>([
    ['', { length: false, uppercase: false, lowercase: false, digit: false, special: false }],
    ['abcdefgh', { length: true, uppercase: false, lowercase: true, digit: false, special: false }],
    ['ABCDEFGH', { length: true, uppercase: true, lowercase: false, digit: false, special: false }],
    ['Abc1!', { length: false, uppercase: true, lowercase: true, digit: true, special: true }],
    ['Abcdefg1', { length: true, uppercase: true, lowercase: true, digit: true, special: false }],
    ['Abcdef1 ', { length: true, uppercase: true, lowercase: true, digit: true, special: true }],
    ['Abcdef1_', { length: true, uppercase: true, lowercase: true, digit: true, special: true }],
    ['Übersee9€', { length: true, uppercase: false, lowercase: true, digit: true, special: true }],
  ])('checks %j', (password, expected) => {
    const checks = Object.fromEntries(checkPasswordRequirements(password).map((c) => [c.id, c.isMet]));
    expect(checks).toEqual(expected);
  });

  it('lists the five requirements in order', () => {
    expect(checkPasswordRequirements('').map((c) => c.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'One special character',
    ]);
  });

  it('calls a password strong exactly when every requirement is met', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 16 }), (password) => {
        expect(isStrongPassword(password)).toBe(checkPasswordRequirements(password).every((c) => c.isMet));
      }),
    );
  });

  it('accepts any password built from one of each kind and padded to 8', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...'ABCXYZ'),
        fc.constantFrom(...'abcxyz'),
        fc.constantFrom(...'0123456789'),
        fc.constantFrom(...'!@#$%^&*()-_=+[]{};:,.<>/?~'),
        fc.string({ minLength: 4, maxLength: 20 }),
        (upper, lower, digit, special, rest) => {
          expect(isStrongPassword(`${upper}${lower}${digit}${special}${rest}`)).toBe(true);
        },
      ),
    );
  });
});

describe('canSubmitReset', () => {
  it.each<[string, string, boolean]>([
    ['Str0ng!pass', 'Str0ng!pass', true],
    ['Str0ng!pass', 'Str0ng!pas', false],
    ['Str0ng!pass', '', false],
    ['weakpass', 'weakpass', false],
  ])('with %j and confirmation %j is %s', (password, confirmPassword, expected) => {
    expect(canSubmitReset({ password, confirmPassword })).toBe(expected);
  });
});

describe('toLoginErrorMessage', () => {
  it.each<[unknown, string]>([
    [
      apiError(403, 'EMAIL_NOT_VERIFIED'),
      'Please verify your email address before logging in. Check your email for the verification link.',
    ],
    [apiError(401, 'INVALID_CREDENTIALS'), 'Invalid email or password. Please try again.'],
    [apiError(403, 'ACCOUNT_DISABLED'), 'Your account has been disabled. Please contact support.'],
    [apiError(429, 'RATE_LIMITED'), 'Login failed. Please try again.'],
    [apiError(500, 'INTERNAL'), 'Login failed. Please try again.'],
    [new Error('500: Internal Server Error'), 'Login failed. Please try again.'],
    [new TypeError('Failed to fetch'), 'Login failed. Please try again.'],
    ['INVALID_CREDENTIALS', 'Invalid email or password. Please try again.'],
    [undefined, 'Login failed. Please try again.'],
  ])('maps %s', (err, expected) => {
    expect(toLoginErrorMessage(err)).toBe(expected);
  });
});

describe('toSignupFailure', () => {
  it.each<[unknown, string]>([
    [apiError(409, 'CONFLICT', 'An account with this email already exists.'), 'account-exists'],
    [apiError(409, 'CONFLICT', 'Something else'), 'failed'],
    [new Error(NO_CHECKOUT_URL_MESSAGE), 'failed'],
    [new TypeError('Failed to fetch'), 'failed'],
    [null, 'failed'],
  ])('maps %s to %s', (err, expected) => {
    expect(toSignupFailure(err)).toBe(expected);
  });
});

describe('toForgotPasswordErrorMessage', () => {
  it.each<[unknown, string]>([
    [apiError(400, 'VALIDATION_ERROR'), 'Please enter a valid email address.'],
    [apiError(429, 'RATE_LIMITED'), 'Failed to send reset email. Please try again.'],
    [new TypeError('Failed to fetch'), 'Failed to send reset email. Please try again.'],
  ])('maps %s', (err, expected) => {
    expect(toForgotPasswordErrorMessage(err)).toBe(expected);
  });
});

describe('toResetPasswordErrorMessage', () => {
  it.each<[unknown, string]>([
    [apiError(400, 'TOKEN_EXPIRED'), 'This reset link has expired. Please request a new password reset.'],
    [apiError(400, 'VALIDATION_ERROR'), 'Please enter a valid password.'],
    [apiError(500, 'INTERNAL'), 'Failed to reset password. Please try again.'],
    [new TypeError('Failed to fetch'), 'Failed to reset password. Please try again.'],
  ])('maps %s', (err, expected) => {
    expect(toResetPasswordErrorMessage(err)).toBe(expected);
  });

  it('prefers TOKEN_EXPIRED when a message names both codes', () => {
    expect(toResetPasswordErrorMessage(new Error('400: TOKEN_EXPIRED VALIDATION_ERROR'))).toBe(
      'This reset link has expired. Please request a new password reset.',
    );
  });
});

describe('isDeadResetLink', () => {
  it.each<[unknown, boolean]>([
    [apiError(400, 'TOKEN_EXPIRED'), true],
    [apiError(400, 'TOKEN_INVALID'), true],
    [apiError(400, 'VALIDATION_ERROR'), false],
    [apiError(500, 'INTERNAL'), false],
  ])('reads %s as %s', (err, expected) => {
    expect(isDeadResetLink(err)).toBe(expected);
  });

  it('still shows the seed text for an invalid link', () => {
    expect(toResetPasswordErrorMessage(apiError(400, 'TOKEN_INVALID'))).toBe(
      'Failed to reset password. Please try again.',
    );
  });
});

describe('toCheckoutUrl', () => {
  it.each([
    [{ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' }, 'https://checkout.stripe.com/c/pay/cs_test_1'],
    [{ checkoutUrl: '/onboarding?success=true' }, '/onboarding?success=true'],
  ])('reads %o', (body, expected) => {
    expect(toCheckoutUrl(body)).toBe(expected);
  });

  it.each([
    [{}],
    [{ checkoutUrl: '' }],
    [{ checkoutUrl: 42 }],
    [null],
    ['https://x.test'],
    [{ checkoutUrl: 'javascript:alert(1)' }],
  ])('refuses %o with the seed message', (body) => {
    expect(() => toCheckoutUrl(body)).toThrow(NO_CHECKOUT_URL_MESSAGE);
  });

  it('maps a missing checkout URL to the general failure', () => {
    let failure: string | undefined;
    try {
      toCheckoutUrl({});
    } catch (err) {
      failure = toSignupFailure(err);
    }
    expect(failure).toBe('failed');
  });
});

describe('toLoginNotice', () => {
  it.each([
    ['?verified=true', VERIFICATION_NOTICES.verified],
    ['verified=true', VERIFICATION_NOTICES.verified],
    ['?verification=expired', VERIFICATION_NOTICES.expired],
    ['?verification=invalid', VERIFICATION_NOTICES.invalid],
    ['?verification=other', null],
    ['?verified=false', null],
    ['', null],
  ])('reads %j', (search, expected) => {
    expect(toLoginNotice(search)).toEqual(expected);
  });
});

describe('toDurationLabel', () => {
  it.each([
    [60, '1 hour'],
    [120, '2 hours'],
    [30, '30 minutes'],
    [1, '1 minute'],
    [90, '90 minutes'],
  ])('reads %d minutes as %s', (minutes, expected) => {
    expect(toDurationLabel(minutes)).toBe(expected);
  });
});

describe('toSecondsLeft', () => {
  it.each([
    [5000, 5],
    [4001, 5],
    [4000, 4],
    [1, 1],
    [0, 0],
    [-300, 0],
  ])('shows %d ms as %d s', (ms, expected) => {
    expect(toSecondsLeft(ms)).toBe(expected);
  });
});
