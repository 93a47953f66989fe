import { useState, type FormEvent } from 'react';
import { CreditCard, Mail, ShieldCheck, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import {
  DEFAULT_PLAN_ID,
  PASSWORD_MIN_LENGTH,
  PLAN_IDS,
  PLANS,
  TRIAL_DAYS,
  YEARLY_SAVINGS_PERCENT,
  type Plan,
  type PlanId,
} from '../../../core/config/plans';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { AUTH_LINK_CLASS, FormAlert, PasswordVisibilityToggle, useIsHydrated } from '../../features/auth/auth-layout';
import {
  canSubmitSignup,
  toSignupFieldError,
  type SignupField,
  type SignupForm,
} from '../../features/auth/signup-rules';
import { useTrialSignup } from '../../features/auth/use-trial-signup';

const EMPTY: SignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
};

/** "$24.99/month", "$249.99/year". */
const toPriceLabel = (plan: Plan) => `$${plan.price}/${plan.interval}`;

/** A field's confirmation, re-judged when the field itself changes. */
const CONFIRMATION_OF: Partial<Record<SignupField, SignupField>> = {
  email: 'confirmEmail',
  password: 'confirmPassword',
};

function PlanOption({ plan, isSelected, onSelect }: { plan: Plan; isSelected: boolean; onSelect: () => void }) {
  return (
    <label
      className={`relative flex cursor-pointer flex-col rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${
        isSelected ? 'border-accent bg-accent-soft/40' : 'border-line bg-elevated hover:border-muted'
      }`}
    >
      <input type="radio" name="planId" value={plan.id} checked={isSelected} onChange={onSelect} className="sr-only" />
      <span className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold text-fg">
          <span
            aria-hidden="true"
            className={`flex h-4 w-4 items-center justify-center rounded-full border-2 ${isSelected ? 'border-accent' : 'border-muted'}`}
          >
            {isSelected && <span className="h-2 w-2 rounded-full bg-accent" />}
          </span>
          {plan.name}
        </span>
        {plan.badge && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">{plan.badge}</span>
        )}
      </span>
      <span className="mt-2 text-2xl font-extrabold tracking-tight text-fg tabular">
        ${plan.price}
        <span className="text-sm font-medium text-muted">/{plan.interval}</span>
      </span>
      <span className="mt-1 text-xs text-muted">
        {plan.interval === 'year'
          ? `$${plan.pricePerMonth}/month billed yearly, ${YEARLY_SAVINGS_PERCENT}% less`
          : 'Billed monthly, cancel anytime'}
      </span>
    </label>
  );
}

const NEXT_STEPS = [
  { icon: UserPlus, title: 'Create your account', text: 'Tell us who you are and choose a password.' },
  {
    icon: CreditCard,
    title: 'Add a card securely',
    text: `You're redirected to our card payment provider. Nothing is charged for ${TRIAL_DAYS} days.`,
  },
  {
    icon: Mail,
    title: 'Verify and start journaling',
    text: 'Confirm your email, sign in and import your trades. Every Premium feature is unlocked.',
  },
  {
    icon: ShieldCheck,
    title: `Decide by day ${TRIAL_DAYS}`,
    text: 'Keep going and Premium starts automatically, or cancel before the trial ends and pay nothing.',
  },
] as const;

export default function SignupPage() {
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_PLAN_ID);
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const signup = useTrialSignup({ onAccountExists: (message) => setErrors((e) => ({ ...e, email: message })) });
  const { isSubmitting } = signup;
  const plan = PLANS[planId];
  const isHydrated = useIsHydrated(); // browser tests wait for it before typing

  // Seed §4: editing a field clears that field's error and the general error.
  const update = (field: SignupField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
    signup.clearGeneralError();
  };

  // Leaving a field judges it, and its confirmation if that already holds something.
  const validate = (field: SignupField) => () => {
    setErrors((errs) => {
      const next = { ...errs, [field]: toSignupFieldError(field, form) };
      const confirmation = CONFIRMATION_OF[field];
      if (confirmation && form[confirmation] !== '') next[confirmation] = toSignupFieldError(confirmation, form);
      return next;
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitSignup(form) || isSubmitting) return;
    void signup.submit({
      email: form.email.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      password: form.password,
      planId,
    });
  };

  const field = (name: SignupField) => ({
    name,
    required: true,
    value: form[name],
    onChange: update(name),
    onBlur: validate(name),
    error: errors[name],
  });
  const passwordType = isPasswordVisible ? 'text' : 'password';

  return (
    <PublicLayout>
      <div className="bg-gradient-to-b from-accent-soft/60 to-bg" data-hydrated={isHydrated}>
        <Container className="py-10 sm:py-14">
          <header className="mx-auto max-w-2xl text-center">
            <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-accent">
              Premium · {TRIAL_DAYS} days free · cancel anytime
            </p>
            <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
              Start Your {TRIAL_DAYS}-Day Free Trial
            </h1>
            <p className="mt-4 text-base text-muted sm:text-lg">
              Every feature, no limits. Add a card now; nothing is charged for {TRIAL_DAYS} days.
            </p>
          </header>

          <div className="mx-auto mt-10 grid max-w-5xl items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <Card className="p-5 sm:p-8">
              <form onSubmit={onSubmit} aria-label="Start your free trial">
                <fieldset disabled={isSubmitting} className="grid gap-6">
                  <fieldset>
                    <legend className="text-lg font-bold text-fg">Choose your plan</legend>
                    <div className="mt-3 grid gap-3 sm:grid-cols-2">
                      {PLAN_IDS.map((id) => (
                        <PlanOption
                          key={id}
                          plan={PLANS[id]}
                          isSelected={planId === id}
                          onSelect={() => setPlanId(id)}
                        />
                      ))}
                    </div>
                  </fieldset>

                  <fieldset className="grid gap-4">
                    <legend className="mb-3 text-lg font-bold text-fg">Your account</legend>
                    {signup.generalError && <FormAlert>{signup.generalError}</FormAlert>}
                    <div className="grid gap-4 sm:grid-cols-2">
                      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
                      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
                      <TextField
                        label="Email"
                        type="email"
                        autoComplete="email"
                        placeholder="you@example.com"
                        {...field('email')}
                      />
                      <TextField label="Confirm email" type="email" autoComplete="email" {...field('confirmEmail')} />
                      <TextField
                        label="Password"
                        type={passwordType}
                        autoComplete="new-password"
                        minLength={PASSWORD_MIN_LENGTH}
                        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
                        trailing={
                          <PasswordVisibilityToggle
                            isVisible={isPasswordVisible}
                            onToggle={() => setIsPasswordVisible((v) => !v)}
                          />
                        }
                        {...field('password')}
                      />
                      <TextField
                        label="Confirm password"
                        type={passwordType}
                        autoComplete="new-password"
                        {...field('confirmPassword')}
                      />
                    </div>
                  </fieldset>

                  <div className="grid gap-3">
                    <Button
                      type="submit"
                      size="lg"
                      className="w-full"
                      disabled={!canSubmitSignup(form) || isSubmitting}
                    >
                      {isSubmitting ? 'Loading...' : 'Continue to Payment'}
                    </Button>
                    <p className="text-xs text-muted" data-testid="renewal-notice">
                      After your {TRIAL_DAYS}-day free trial, Premium renews automatically at{' '}
                      <strong className="font-semibold text-fg">{toPriceLabel(plan)}</strong> until you cancel. Cancel
                      anytime before the trial ends and you won&apos;t be charged. By continuing you agree to our{' '}
                      <Link href="/terms-of-service" className={AUTH_LINK_CLASS}>
                        Terms of Service
                      </Link>
                      .
                    </p>
                  </div>
                </fieldset>
              </form>
              <p className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">
                Already have an account?{' '}
                <Link href="/login" className={AUTH_LINK_CLASS}>
                  Sign in
                </Link>
              </p>
            </Card>

            <aside aria-labelledby="next-steps-title">
              <Card className="p-5 sm:p-6">
                <h2 id="next-steps-title" className="text-lg font-bold text-fg">
                  What happens next
                </h2>
                <ol className="mt-4 grid gap-4">
                  {NEXT_STEPS.map((step) => (
                    <li key={step.title} className="flex gap-3">
                      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                        <step.icon className="h-4 w-4" aria-hidden="true" />
                      </span>
                      <div className="text-sm">
                        <p className="font-semibold text-fg">{step.title}</p>
                        <p className="text-muted">{step.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </Card>
            </aside>
          </div>
        </Container>
      </div>
    </PublicLayout>
  );
}
