import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Info, LogIn, ShieldCheck } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import {
  AUTH_LINK_CLASS,
  AuthLayout,
  FormAlert,
  PasswordVisibilityToggle,
  useIsHydrated,
} from '../../features/auth/auth-layout';
import {
  LOGIN_ERROR_MESSAGES,
  toLoginErrorMessage,
  toLoginNotice,
  type LoginNotice,
} from '../../features/auth/signup-rules';
import { api, toApiError } from '../../lib/api';
import { AUTH_QUERY_KEY } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';

type LoginForm = { email: string; password: string };

/** What the e-mail verification link came back with (the server redirects it to /login?…). */
function Notice({ notice }: { notice: LoginNotice }) {
  const Icon = notice.tone === 'success' ? CircleCheck : Info;
  return (
    <div
      role="status"
      className={`flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${
        notice.tone === 'success'
          ? 'border-gain/40 bg-gain/10 text-gain'
          : 'border-highlight/40 bg-highlight/10 text-fg'
      }`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>{notice.text}</p>
    </div>
  );
}

/** The code step's message for a failure: the server's words for a wrong code or a wait. */
function toCodeErrorMessage(err: unknown): string {
  const failure = toApiError(err, LOGIN_ERROR_MESSAGES.other);
  if (failure.code === 'INVALID_CODE')
    return failure.fields.recoveryCode
      ? 'That recovery code is not right or was already used.'
      : 'That code is not right. Enter the newest code from your authenticator app.';
  if (failure.code === 'RATE_LIMITED' || failure.code === 'VALIDATION_ERROR') return failure.message;
  return LOGIN_ERROR_MESSAGES.other;
}

/**
 * The second step of a sign-in with two-factor on: a code from the authenticator app, or one of
 * the recovery codes. An expired challenge (5 minutes, or too many wrong codes) goes back to the
 * password.
 */
function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [isRecovery, setIsRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSubmitting(true);
    setError(undefined);
    try {
      const body = isRecovery ? { challenge, recoveryCode: value.trim() } : { challenge, code: value.trim() };
      await api('POST /api/auth/login/2fa', { body });
      await onSignedIn();
    } catch (err) {
      if (toApiError(err).code === 'CHALLENGE_INVALID') {
        onRestart('This sign-in has expired. Enter your email and password again.');
        return;
      }
      setError(toCodeErrorMessage(err));
      setIsSubmitting(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Two-factor code">
      <p className="flex items-start gap-2 text-sm text-muted">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
        {isRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        key={isRecovery ? 'recovery' : 'code'}
        label={isRecovery ? 'Recovery code' : 'Authentication code'}
        name={isRecovery ? 'recoveryCode' : 'code'}
        autoComplete="one-time-code"
        inputMode={isRecovery ? 'text' : 'numeric'}
        placeholder={isRecovery ? 'abcde-12345' : '123456'}
        autoFocus
        required
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        disabled={isSubmitting}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || value.trim() === ''}>
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        className={`justify-self-center text-sm ${AUTH_LINK_CLASS}`}
        onClick={() => {
          setIsRecovery((v) => !v);
          setValue('');
          setError(undefined);
        }}
      >
        {isRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
      </button>
    </form>
  );
}

export default function LoginPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isResending, setIsResending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  // The prerendered HTML has no query string: read it only once hydrated.
  const search = useSearch();
  const notice = useIsHydrated() ? toLoginNotice(search) : null;

  const update = (field: keyof LoginForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setError(undefined);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSubmitting(true);
    setError(undefined);
    try {
      const answer = await api('POST /api/auth/login', { body: { email: form.email.trim(), password: form.password } });
      if ('twoFactorRequired' in answer) {
        setChallenge(answer.challenge);
        setIsSubmitting(false);
        return;
      }
      await onSignedIn();
    } catch (err) {
      setError(toLoginErrorMessage(err));
      setIsSubmitting(false);
    }
  };

  const onSignedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    toast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
    navigate('/');
  };

  const resendVerification = async () => {
    setIsResending(true);
    try {
      await api('POST /api/auth/resend-verification', { body: { email: form.email.trim() } });
      toast({
        title: 'Verification email sent',
        description: 'If that account needs verifying, a new link is on its way.',
      });
    } catch {
      toast({
        title: 'Could not send the email',
        description: 'Please try again in a few minutes.',
        variant: 'destructive',
      });
    } finally {
      setIsResending(false);
    }
  };

  return (
    <AuthLayout
      title="Welcome back"
      intro="Sign in to your trading journal."
      icon={<LogIn className="h-6 w-6" aria-hidden="true" />}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href="/signup" className={AUTH_LINK_CLASS}>
            Start your free trial
          </Link>
        </>
      }
    >
      {challenge !== null ? (
        <CodeStep
          challenge={challenge}
          onSignedIn={onSignedIn}
          onRestart={(message) => {
            setChallenge(null);
            setForm((f) => ({ ...f, password: '' }));
            setError(message);
          }}
        />
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit} aria-label="Sign in">
          {notice && !error && <Notice notice={notice} />}
          {error && (
            <FormAlert>
              {error}
              {error === LOGIN_ERROR_MESSAGES.EMAIL_NOT_VERIFIED && (
                <button
                  type="button"
                  onClick={resendVerification}
                  disabled={isResending}
                  className="mt-1 block font-semibold underline underline-offset-2 disabled:opacity-60"
                >
                  {isResending ? 'Sending...' : 'Resend verification email'}
                </button>
              )}
            </FormAlert>
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={form.email}
            onChange={update('email')}
            disabled={isSubmitting}
          />
          <div className="grid gap-1.5">
            <TextField
              label="Password"
              name="password"
              type={isPasswordVisible ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={form.password}
              onChange={update('password')}
              disabled={isSubmitting}
              trailing={
                <PasswordVisibilityToggle
                  isVisible={isPasswordVisible}
                  onToggle={() => setIsPasswordVisible((v) => !v)}
                  disabled={isSubmitting}
                />
              }
            />
            <Link href="/forgot-password" className={`justify-self-end text-sm ${AUTH_LINK_CLASS}`}>
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
