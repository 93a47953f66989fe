import { useState, type FormEvent } from 'react';
import { KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { RESET_LINK_TTL_MINUTES } from '../../../core/config/plans';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AUTH_LINK_CLASS, AuthLayout, FormAlert } from '../../features/auth/auth-layout';
import { toDurationLabel, toForgotPasswordErrorMessage } from '../../features/auth/signup-rules';
import { api } from '../../lib/api';
import { toast } from '../../lib/use-toast';

const BACK_TO_LOGIN = (
  <>
    Remembered it?{' '}
    <Link href="/login" className={AUTH_LINK_CLASS}>
      Back to sign in
    </Link>
  </>
);

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isRetrying, setIsRetrying] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSubmitting(true);
    setError(undefined);
    const address = email.trim();
    try {
      await api('POST /api/auth/forgot-password', { body: { email: address } });
      toast({ title: 'Reset link sent', description: 'Check your email for a link to reset your password.' });
      setSentTo(address);
    } catch (err) {
      setError(toForgotPasswordErrorMessage(err));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (sentTo !== null) {
    return (
      <AuthLayout
        title="Check your email"
        isTitleFocused
        icon={<MailCheck className="h-6 w-6" aria-hidden="true" />}
        intro={
          <p>
            If an account exists for <strong className="break-all font-semibold text-fg">{sentTo}</strong>, we&apos;ve
            sent a link to reset your password.
          </p>
        }
      >
        <ul className="grid gap-2 rounded-lg border border-line bg-sunken p-4 text-sm text-muted">
          <li>
            The link expires in{' '}
            <strong className="font-semibold text-fg">{toDurationLabel(RESET_LINK_TTL_MINUTES)}</strong>.
          </li>
          <li>Can&apos;t find it? Check your spam or junk folder.</li>
        </ul>
        <div className="mt-6 grid gap-3">
          <ButtonLink href="/login" size="lg" className="w-full">
            Back to Login
          </ButtonLink>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
              setIsRetrying(true);
            }}
          >
            Try another email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the email you signed up with and we'll send you a link to choose a new one."
      icon={<KeyRound className="h-6 w-6" aria-hidden="true" />}
      footer={BACK_TO_LOGIN}
    >
      <form className="grid gap-4" onSubmit={onSubmit} aria-label="Request a password reset link">
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          autoFocus={isRetrying}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          disabled={isSubmitting}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
