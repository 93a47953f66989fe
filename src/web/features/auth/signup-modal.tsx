import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { CreditCard, X } from 'lucide-react';
import { DEFAULT_PLAN_ID, PASSWORD_MIN_LENGTH, PLANS, TRIAL_DAYS } from '../../../core/config/plans';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AUTH_LINK_CLASS, FormAlert, PasswordVisibilityToggle } from './auth-layout';
import { canSubmitModalSignup, PASSWORD_HINT_MODAL, toSignupFieldError, type ModalSignupForm } from './signup-rules';
import { useTrialSignup } from './use-trial-signup';

type Field = keyof ModalSignupForm;
const EMPTY: ModalSignupForm = { firstName: '', lastName: '', email: '', password: '' };
const MONTHLY = PLANS[DEFAULT_PLAN_ID];

/** The landing page's "Start Free Trial" dialog (seed §2, §5): the monthly plan, four fields. */
export function SignupModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<ModalSignupForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const signup = useTrialSignup({ onAccountExists: (message) => setErrors((e) => ({ ...e, email: message })) });
  const { isSubmitting } = signup;

  // Seed §4: editing a field clears that field's error and the general error.
  const update = (field: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
    signup.clearGeneralError();
  };
  const validate = (field: Field) => () =>
    setErrors((errs) => ({
      ...errs,
      [field]: toSignupFieldError(field, { ...form, confirmEmail: '', confirmPassword: '' }),
    }));

  const changeOpen = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (isSubmitting) return; // on its way to checkout: nothing to cancel any more
    setForm(EMPTY);
    setErrors({});
    setIsPasswordVisible(false);
    signup.clearGeneralError();
    onOpenChange(false);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitModalSignup(form) || isSubmitting) return;
    void signup.submit({
      email: form.email.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      password: form.password,
      planId: DEFAULT_PLAN_ID,
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-elevated p-6 text-fg shadow-2xl focus:outline-none sm:p-8"
          onEscapeKeyDown={(e) => isSubmitting && e.preventDefault()}
          onInteractOutside={(e) => isSubmitting && e.preventDefault()}
        >
          <Dialog.Close
            aria-label="Close"
            disabled={isSubmitting}
            className="absolute right-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-fg disabled:opacity-50"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
          <Dialog.Title className="pr-8 text-2xl font-bold tracking-tight">
            Start Your {TRIAL_DAYS}-Day Free Trial
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Full Premium access to every feature. Create your account, then add a card.
          </Dialog.Description>

          <form className="mt-6" onSubmit={onSubmit} aria-label="Start your free trial">
            <fieldset disabled={isSubmitting} className="grid gap-4">
              {signup.generalError && <FormAlert>{signup.generalError}</FormAlert>}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="First name"
                  name="firstName"
                  autoComplete="given-name"
                  required
                  value={form.firstName}
                  onChange={update('firstName')}
                />
                <TextField
                  label="Last name"
                  name="lastName"
                  autoComplete="family-name"
                  required
                  value={form.lastName}
                  onChange={update('lastName')}
                />
              </div>
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                required
                value={form.email}
                onChange={update('email')}
                onBlur={validate('email')}
                error={errors.email}
              />
              <TextField
                label="Password"
                name="password"
                type={isPasswordVisible ? 'text' : 'password'}
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                value={form.password}
                onChange={update('password')}
                hint={PASSWORD_HINT_MODAL}
                trailing={
                  <PasswordVisibilityToggle
                    isVisible={isPasswordVisible}
                    onToggle={() => setIsPasswordVisible((v) => !v)}
                  />
                }
              />

              <div className="flex gap-3 rounded-lg border border-line bg-sunken p-3 text-sm text-muted">
                <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                <p>
                  You&apos;ll be redirected to our secure card payment provider. Nothing is charged for {TRIAL_DAYS}{' '}
                  days; after that, Premium is{' '}
                  <strong className="font-semibold text-fg">
                    ${MONTHLY.price}/{MONTHLY.interval}
                  </strong>
                  . Cancel anytime.
                </p>
              </div>

              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" size="lg" onClick={() => changeOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="lg" disabled={!canSubmitModalSignup(form) || isSubmitting}>
                  {isSubmitting ? 'Loading...' : 'Continue to Payment'}
                </Button>
              </div>

              <p className="text-center text-xs text-muted sm:text-left">
                By continuing, you agree to our{' '}
                <a href="/terms-of-service" target="_blank" rel="noopener" className={AUTH_LINK_CLASS}>
                  Terms of Service
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>{' '}
                and to Premium renewing automatically after the trial until you cancel.
              </p>
            </fieldset>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
