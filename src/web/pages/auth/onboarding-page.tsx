import { useEffect, useState } from 'react';
import { CircleCheck, Compass } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { ONBOARDING_REDIRECT_MS, TRIAL_DAYS } from '../../../core/config/plans';
import { ButtonLink } from '../../components/ui/button';
import { AuthCardLoading, AuthLayout, useIsHydrated } from '../../features/auth/auth-layout';
import { toSecondsLeft } from '../../features/auth/signup-rules';
import { usePublicConfig } from '../../lib/public-config';

/** Exported for the test that reads every promise the site makes (web/content/site-truth.test.ts). */
export const NEXT_STEPS = [
  { title: 'Verify your email', text: 'Open the link we just sent you to confirm your address.' },
  { title: 'Sign in', text: 'Use the email and password you chose at sign-up.' },
  { title: 'Import your trades', text: 'Upload your broker’s trade history file to fill your journal.' },
  { title: 'Find your edge', text: 'Review your analytics and plan tomorrow’s session in the journal.' },
] as const;

/** Counts down to the sign-in page (seed §4: /onboarding?success=true goes to /login after 5 s). */
function useRedirectCountdown(to: string, afterMs: number): number {
  const [, navigate] = useLocation();
  const [remainingMs, setRemainingMs] = useState(afterMs);
  useEffect(() => {
    const startedAt = Date.now();
    const tick = setInterval(() => setRemainingMs(afterMs - (Date.now() - startedAt)), 250);
    const redirect = setTimeout(() => navigate(to), afterMs);
    return () => {
      clearInterval(tick);
      clearTimeout(redirect);
    };
  }, [to, afterMs, navigate]);
  return toSecondsLeft(remainingMs);
}

function TrialActive() {
  const { brand } = usePublicConfig();
  const secondsLeft = useRedirectCountdown('/login', ONBOARDING_REDIRECT_MS);
  return (
    <AuthLayout
      title={`Welcome to ${brand}!`}
      icon={<CircleCheck className="h-6 w-6" aria-hidden="true" />}
      intro={
        <p>
          <strong className="font-semibold text-gain">Your {TRIAL_DAYS}-day free trial is active.</strong> You
          won&apos;t be charged until it ends, and you can cancel anytime before then.
        </p>
      }
    >
      <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">Next steps</h2>
      <ol className="mt-3 grid gap-3">
        {NEXT_STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-bold text-accent"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div className="text-sm">
              <p className="font-semibold text-fg">{step.title}</p>
              <p className="text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <ButtonLink href="/login" size="lg" className="mt-6 w-full">
        Continue to Sign In
      </ButtonLink>
      {/* role="timer" is not live by default: the count is visible without being read out each second. */}
      <p role="timer" className="mt-3 text-center text-sm text-muted" data-testid="redirect-countdown">
        You'll be taken to the sign-in page in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}…
      </p>
    </AuthLayout>
  );
}

function NoCheckout() {
  return (
    <AuthLayout
      title="Welcome"
      icon={<Compass className="h-6 w-6" aria-hidden="true" />}
      intro={
        <p>
          This page confirms a finished checkout. Already have an account? Sign in. New here? Have a look at our plans
          and start your {TRIAL_DAYS}-day free trial.
        </p>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <ButtonLink href="/login" size="lg" className="w-full">
          Sign In
        </ButtonLink>
        <ButtonLink href="/pricing" variant="secondary" size="lg" className="w-full">
          See Pricing
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}

export default function OnboardingPage() {
  const search = useSearch();
  const isHydrated = useIsHydrated();
  // The prerendered HTML has no query string; until hydration is over, show neither version.
  if (!isHydrated) {
    return (
      <AuthLayout title="Welcome">
        <AuthCardLoading />
      </AuthLayout>
    );
  }
  return new URLSearchParams(search).get('success') === 'true' ? <TrialActive /> : <NoCheckout />;
}
