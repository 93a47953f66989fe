import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, Mail, UserRound } from 'lucide-react';

import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { AUTH_QUERY_KEY, type CurrentUser } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';
import { COMMON_CURRENCIES, browserTimeZone, listTimeZones } from './timezones';

type ProfileForm = {
  firstName: string;
  lastName: string;
  timezone: string;
  baseCurrency: string;
  defaultRiskAmount: string;
};

const toForm = (user: CurrentUser): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  timezone: user.timezone,
  baseCurrency: user.baseCurrency,
  defaultRiskAmount: user.defaultRiskAmount ?? '',
});

/** What the link of an email change said, read from `/settings?email=…` once. */
const EMAIL_OUTCOMES: Record<string, { title: string; description: string; isError: boolean }> = {
  changed: { title: 'Email changed', description: 'Sign in with your new address from now on.', isError: false },
  expired: {
    title: 'That link has expired',
    description: 'Links to confirm a new email work for 24 hours. Ask for a new one below.',
    isError: true,
  },
  invalid: {
    title: 'That link has already been used or was replaced',
    description: 'Only the latest link works, once. Ask for a new one below if your email did not change.',
    isError: true,
  },
  taken: {
    title: 'That email belongs to another account',
    description: 'Your email was not changed. Choose another address.',
    isError: true,
  },
};

type FieldErrors<T> = Partial<Record<keyof T, string>> & { general?: string };

/** A form's values and its errors (per field, or one general), as both forms of this card keep them. */
function useFormFields<T extends Record<string, string>>(initial: () => T) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const update = (field: keyof T) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, general: undefined }));
  };
  /** Shows a failed request's field errors, or its message when it names no field. */
  const showFailure = (err: unknown) => {
    const apiError = toApiError(err);
    const fields = apiError.fields as FieldErrors<T>;
    setErrors(Object.keys(fields).length > 0 ? fields : ({ general: apiError.message } as FieldErrors<T>));
  };
  return { form, setForm, errors, setErrors, update, showFailure };
}

function GeneralError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss">
      {message}
    </p>
  );
}

/** Settings → Profile: names, email (changed through a link to the new address), time zone, currency, risk. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const { form, setForm, errors, setErrors, update, showFailure } = useFormFields(() => toForm(user));
  const [timeZones] = useState(() => listTimeZones(user.timezone));
  const [suggestedZone] = useState(browserTimeZone);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = EMAIL_OUTCOMES[params.get('email') ?? ''];
    if (!outcome) return;
    toast({
      title: outcome.title,
      description: outcome.description,
      variant: outcome.isError ? 'destructive' : undefined,
    });
    params.delete('email');
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, []);

  const save = useMutation({
    mutationFn: async (body: ProfileForm) => {
      const payload = {
        firstName: body.firstName,
        lastName: body.lastName,
        timezone: body.timezone.trim(),
        baseCurrency: body.baseCurrency.trim(),
        defaultRiskAmount: body.defaultRiskAmount.trim() === '' ? null : body.defaultRiskAmount.trim(),
      };
      return api('PATCH /api/auth/user', { body: payload });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, saved);
      setForm(toForm(saved));
      // Days, calendars and R follow the zone and the risk: every view reads them again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_KEY[0] });
      toast({ title: 'Profile saved' });
    },
    onError: showFailure,
  });

  const isChanged = JSON.stringify(form) !== JSON.stringify(toForm(user));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isChanged || save.isPending) return;
    setErrors({});
    save.mutate(form);
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <UserRound className="h-5 w-5 text-accent" aria-hidden="true" />
        Profile
      </h2>
      <form className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate aria-label="Profile">
        <GeneralError message={errors.general} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={update('firstName')}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={update('lastName')}
            error={errors.lastName}
          />
        </div>
        <div className="grid gap-2">
          <TextField
            label="Time zone"
            name="timezone"
            list={`${ids}-zones`}
            value={form.timezone}
            onChange={update('timezone')}
            error={errors.timezone}
            autoComplete="off"
            spellCheck={false}
            hint="Type to search, e.g. New York or Kolkata. Every time, day, calendar and date filter follows it."
          />
          <datalist id={`${ids}-zones`}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </datalist>
          {suggestedZone && suggestedZone !== form.timezone && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <Globe className="h-4 w-4" aria-hidden="true" />
              This browser is in {suggestedZone}.
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => update('timezone')({ target: { value: suggestedZone } })}
              >
                Use {suggestedZone}
              </Button>
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Base currency"
            name="baseCurrency"
            list={`${ids}-currencies`}
            value={form.baseCurrency}
            onChange={update('baseCurrency')}
            error={errors.baseCurrency}
            autoCapitalize="characters"
            maxLength={3}
            hint="Totals across accounts are shown in it."
          />
          <datalist id={`${ids}-currencies`}>
            {COMMON_CURRENCIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="Default risk per trade"
            name="defaultRiskAmount"
            inputMode="decimal"
            placeholder="None"
            value={form.defaultRiskAmount}
            onChange={update('defaultRiskAmount')}
            error={errors.defaultRiskAmount}
            hint={`In ${user.baseCurrency}. R uses it for trades without a stop or risk of their own; empty for none.`}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!isChanged || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </Button>
          {isChanged && !save.isPending && (
            <Button type="button" variant="ghost" onClick={() => (setForm(toForm(user)), setErrors({}))}>
              Discard changes
            </Button>
          )}
        </div>
      </form>
      <EmailSection user={user} />
    </Card>
  );
}

type EmailForm = { newEmail: string; currentPassword: string };

function EmailSection({ user }: { user: CurrentUser }) {
  const [isOpen, setIsOpen] = useState(false);
  const { form, setForm, errors, setErrors, update, showFailure } = useFormFields<EmailForm>(() => ({
    newEmail: '',
    currentPassword: '',
  }));
  const [sent, setSent] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: async (body: EmailForm) => (await api('POST /api/auth/change-email', { body })).message,
    onSuccess: (message) => {
      setSent(message);
      setIsOpen(false);
      setForm({ newEmail: '', currentPassword: '' });
    },
    onError: showFailure,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    const missing: FieldErrors<EmailForm> = {};
    if (form.newEmail.trim() === '') missing.newEmail = 'Email is required';
    if (form.currentPassword === '') missing.currentPassword = 'Password is required';
    if (Object.keys(missing).length > 0) return setErrors(missing);
    request.mutate({ newEmail: form.newEmail.trim(), currentPassword: form.currentPassword });
  };

  return (
    <section className="mt-6 border-t border-line pt-4" aria-labelledby="email-heading">
      <h3 id="email-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Mail className="h-4 w-4 text-accent" aria-hidden="true" />
        Email
      </h3>
      <p className="mt-2 flex flex-wrap items-center gap-2 break-all text-sm font-medium text-fg">
        <span>{user.email}</span>
        <span
          className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${
            user.emailVerified ? 'border-gain/40 bg-accent-soft text-gain' : 'border-highlight/50 text-highlight'
          }`}
        >
          {user.emailVerified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      {sent && (
        <p role="status" className="mt-3 rounded-lg border border-line bg-elevated px-3 py-2 text-sm text-fg">
          {sent}
        </p>
      )}
      {isOpen ? (
        <form className="mt-3 grid gap-4 sm:max-w-md" onSubmit={onSubmit} noValidate aria-label="Change email">
          <GeneralError message={errors.general} />
          <TextField
            label="New email"
            name="newEmail"
            type="email"
            autoComplete="email"
            value={form.newEmail}
            onChange={update('newEmail')}
            error={errors.newEmail}
            hint="We send a link there; your email changes when you open it."
          />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={update('currentPassword')}
            error={errors.currentPassword}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send confirmation link'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => (setIsOpen(false), setErrors({}))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-3" variant="secondary" size="sm" onClick={() => (setIsOpen(true), setSent(null))}>
          Change email
        </Button>
      )}
    </section>
  );
}
