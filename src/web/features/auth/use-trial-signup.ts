import { useEffect, useState } from 'react';
import type { PlanId } from '../../../core/config/plans';
import { api } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { SIGNUP_EMAIL_EXISTS_MESSAGE, SIGNUP_FAILED_MESSAGE, toCheckoutUrl, toSignupFailure } from './signup-rules';

/** Seed §3: the sign-up payload. */
export type TrialSignupPayload = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  planId: PlanId;
};

/**
 * Starts a trial (seed §4, §8) for both the /signup page and the landing modal: while the call
 * runs the caller shows 'Loading...' with every button disabled; success leaves for the payment
 * provider's checkout; 'already exists' becomes an email-field error, anything else the general one.
 */
export function useTrialSignup({ onAccountExists }: { onAccountExists: (message: string) => void }) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [generalError, setGeneralError] = useState<string | undefined>();

  // Coming back from checkout with the browser's Back button can restore this page from the
  // back/forward cache as it was left, mid-submit; give the visitor a usable form again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setIsSubmitting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const submit = async (payload: TrialSignupPayload) => {
    setIsSubmitting(true);
    setGeneralError(undefined);
    try {
      const body = await api('POST /api/subscription/trial-signup', { body: payload });
      // NOTE: leaves the app for the payment provider; the form stays in its loading state meanwhile.
      window.location.href = toCheckoutUrl(body);
    } catch (err) {
      if (toSignupFailure(err) === 'account-exists') {
        onAccountExists(SIGNUP_EMAIL_EXISTS_MESSAGE);
        toast({ title: 'Account exists', description: 'Please sign in instead.', variant: 'destructive' });
      } else {
        setGeneralError(SIGNUP_FAILED_MESSAGE);
        toast({ title: 'Error', description: SIGNUP_FAILED_MESSAGE, variant: 'destructive' });
      }
      setIsSubmitting(false);
    }
  };

  return { isSubmitting, generalError, clearGeneralError: () => setGeneralError(undefined), submit };
}
