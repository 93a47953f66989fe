import { useId, useState, type FormEvent } from 'react';
import { Check, CircleCheck, Link2Off, LockKeyhole, X } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import {
  AUTH_LINK_CLASS,
  AuthCardLoading,
  AuthLayout,
  FormAlert,
  PasswordVisibilityToggle,
  useIsHydrated,
} from '../../features/auth/auth-layout';
import {
  canSubmitReset,
  checkPasswordRequirements,
  isDeadResetLink,
  isStrongPassword,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_WEAK_MESSAGE,
  RESET_NO_TOKEN_MESSAGE,
  toResetPasswordErrorMessage,
} from '../../features/auth/signup-rules';
import { api } from '../../lib/api';
import { toast } from '../../lib/use-toast';

type ResetFormState = { password: string; confirmPassword: string };
type Touched = { password: boolean; confirmPassword: boolean };

/** The live checklist under the new password; also its description for screen readers. */
function RequirementChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="grid gap-1 text-sm" aria-label="Password requirements">
      {checkPasswordRequirements(password).map((r) => (
        <li
          key={r.id}
          data-requirement={r.id}
          data-met={r.isMet}
          className={`flex items-center gap-2 ${r.isMet ? 'text-gain' : 'text-muted'}`}
        >
          {r.isMet ? (
            <Check className="h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <X className="h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {r.label}
            <span className="sr-only">{r.isMet ? ' (met)' : ' (not met)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const passwordId = useId();
  const checklistId = useId();
  const [form, setForm] = useState<ResetFormState>({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Touched>({ password: false, confirmPassword: false });
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isLinkDead, setIsLinkDead] = useState(false);

  const update = (field: keyof ResetFormState) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setError(undefined);
  };
  const touch = (field: keyof Touched) => () => setTouched((t) => ({ ...t, [field]: true }));

  const passwordError =
    touched.password && form.password !== '' && !isStrongPassword(form.password) ? PASSWORD_WEAK_MESSAGE : undefined;
  const confirmError =
    touched.confirmPassword && form.confirmPassword !== '' && form.confirmPassword !== form.password
      ? PASSWORD_MISMATCH_MESSAGE
      : undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitReset(form)) return;
    setIsSubmitting(true);
    setError(undefined);
    try {
      await api('POST /api/auth/reset-password', { body: { token, password: form.password } });
      toast({ title: 'Password reset successful', description: 'You can now sign in with your new password.' });
      onDone();
    } catch (err) {
      setError(toResetPasswordErrorMessage(err));
      setIsLinkDead(isDeadResetLink(err));
      setIsSubmitting(false);
    }
  };

  const toggle = (
    <PasswordVisibilityToggle
      isVisible={isPasswordVisible}
      onToggle={() => setIsPasswordVisible((v) => !v)}
      disabled={isSubmitting}
    />
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Choose a new password">
      {error && (
        <FormAlert>
          {error}
          {isLinkDead && (
            <>
              {' '}
              <Link href="/forgot-password" className="font-semibold underline underline-offset-2">
                Request a new link
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <div className="grid gap-2">
        <TextField
          id={passwordId}
          label="New password"
          name="password"
          type={isPasswordVisible ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={form.password}
          onChange={update('password')}
          onBlur={touch('password')}
          disabled={isSubmitting}
          error={passwordError}
          trailing={toggle}
          // The checklist is a list, which TextField's hint paragraph cannot hold; describe with both.
          aria-describedby={passwordError ? `${checklistId} ${passwordId}-error` : checklistId}
        />
        <RequirementChecklist id={checklistId} password={form.password} />
      </div>
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type={isPasswordVisible ? 'text' : 'password'}
        autoComplete="new-password"
        required
        value={form.confirmPassword}
        onChange={update('confirmPassword')}
        onBlur={touch('confirmPassword')}
        disabled={isSubmitting}
        error={confirmError}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={!canSubmitReset(form) || isSubmitting}>
        {isSubmitting ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const search = useSearch();
  const isHydrated = useIsHydrated();
  const [isDone, setIsDone] = useState(false);

  // The prerendered HTML has no query string; until hydration is over, show neither verdict.
  if (!isHydrated) {
    return (
      <AuthLayout title="Reset your password" icon={<LockKeyhole className="h-6 w-6" aria-hidden="true" />}>
        <AuthCardLoading />
      </AuthLayout>
    );
  }

  const token = new URLSearchParams(search).get('token') ?? '';

  if (!token) {
    return (
      <AuthLayout
        title="Invalid Reset Link"
        icon={<Link2Off className="h-6 w-6" aria-hidden="true" />}
        intro={<p>{RESET_NO_TOKEN_MESSAGE}</p>}
      >
        <ButtonLink href="/forgot-password" size="lg" className="w-full">
          Request New Reset Link
        </ButtonLink>
      </AuthLayout>
    );
  }

  if (isDone) {
    return (
      <AuthLayout
        title="Password updated"
        isTitleFocused
        icon={<CircleCheck className="h-6 w-6" aria-hidden="true" />}
        intro={<p>Your password has been reset. Sign in with your new password.</p>}
      >
        <ButtonLink href="/login" size="lg" className="w-full">
          Go to Login
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      intro="Pick a strong password you don't use anywhere else."
      icon={<LockKeyhole className="h-6 w-6" aria-hidden="true" />}
      footer={
        <Link href="/login" className={AUTH_LINK_CLASS}>
          Back to sign in
        </Link>
      }
    >
      <ResetForm token={token} onDone={() => setIsDone(true)} />
    </AuthLayout>
  );
}
