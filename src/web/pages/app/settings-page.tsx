import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, KeyRound, Laptop, MonitorSmartphone, Smartphone, X } from 'lucide-react';
import { PASSWORD_REQUIREMENTS, isStrongPassword } from '../../../core/config/password-policy';
import { AppPage, AppPageHeader, formatDate } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/spinner';
import { AccountsCard } from '../../features/settings/accounts-card';
import { ExchangeRatesCard } from '../../features/settings/exchange-rates-card';
import { BreakevenCard } from '../../features/settings/breakeven-card';
import { IncomeCard } from '../../features/settings/income-card';
import { ProfileCard } from '../../features/settings/profile-card';
import { ApiTokensCard, TOKENS_KEY } from '../../features/settings/api-tokens-card';
import { RecentlyDeletedCard } from '../../features/settings/recently-deleted-card';
import { SampleDataCard } from '../../features/settings/sample-data-card';
import { TagsCard } from '../../features/settings/tags-card';
import { TwoFactorCard } from '../../features/settings/two-factor-card';
import { api, apiQuery, toApiError } from '../../lib/api';
import { useAuth, type CurrentUser } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';

import type { SessionJson } from '../../../contracts/auth';
import { toDeviceLabel } from '../../../core/auth/device-label';

const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

// ------------------------------------------------------------------------------------------------
// Wording

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday"; a time ahead of this browser's clock reads as now. */
export function toLastSeenLabel(iso: string, nowMs: number): string {
  const diffMs = nowMs - new Date(iso).getTime();
  const minutes = Math.floor(diffMs / 60_000);
  if (minutes < 2) return 'just now';
  if (minutes < 60) return RELATIVE.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return RELATIVE.format(-hours, 'hour');
  return RELATIVE.format(-Math.floor(hours / 24), 'day');
}

// ------------------------------------------------------------------------------------------------
// Password

function RequirementChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="grid gap-1 text-sm" aria-label="Password requirements">
      {PASSWORD_REQUIREMENTS.map((r) => {
        const isMet = r.test(password);
        return (
          <li key={r.id} data-met={isMet} className={`flex items-center gap-2 ${isMet ? 'text-gain' : 'text-muted'}`}>
            {isMet ? (
              <Check className="h-4 w-4 shrink-0" aria-hidden="true" />
            ) : (
              <X className="h-4 w-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {r.label}
              <span className="sr-only">{isMet ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };
type PasswordErrors = Partial<Record<keyof PasswordForm, string>> & { general?: string };
const EMPTY_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const newId = useId();
  const checklistId = useId();
  const [form, setForm] = useState<PasswordForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [isConfirmTouched, setIsConfirmTouched] = useState(false);

  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('POST /api/auth/change-password', { body }),
    onSuccess: () => {
      setForm(EMPTY_FORM);
      setIsConfirmTouched(false);
      toast({
        title: 'Password updated',
        description: 'Your other devices have been signed out and your API tokens revoked.',
      });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }); // the change revoked them
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const { currentPassword, newPassword } = apiError.fields;
      if (currentPassword || newPassword) {
        setErrors({ currentPassword, newPassword });
      } else {
        setErrors({ general: apiError.message });
      }
    },
  });

  const update = (field: keyof PasswordForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, general: undefined }));
  };

  const confirmError =
    isConfirmTouched && form.confirmPassword !== '' && form.confirmPassword !== form.newPassword
      ? 'Passwords do not match'
      : undefined;
  const canSubmit =
    form.currentPassword !== '' && isStrongPassword(form.newPassword) && form.confirmPassword === form.newPassword;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit || mutation.isPending) return;
    setErrors({});
    mutation.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  };

  const isPending = mutation.isPending;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <KeyRound className="h-5 w-5 text-accent" aria-hidden="true" />
        Change password
      </h2>
      <p className="mt-1 text-sm text-muted">
        Changing it signs you out on every other device and revokes your API tokens.
      </p>
      <form className="mt-4 grid max-w-md gap-4" onSubmit={onSubmit} aria-label="Change password" noValidate>
        {errors.general && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2.5 text-sm text-loss"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {errors.general}
          </div>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onChange={update('currentPassword')}
          disabled={isPending}
          error={errors.currentPassword}
        />
        <div className="grid gap-2">
          <TextField
            id={newId}
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            value={form.newPassword}
            onChange={update('newPassword')}
            disabled={isPending}
            error={errors.newPassword}
            // The checklist is a list, which TextField's hint paragraph cannot hold; describe with both.
            aria-describedby={errors.newPassword ? `${checklistId} ${newId}-error` : checklistId}
          />
          <RequirementChecklist id={checklistId} password={form.newPassword} />
        </div>
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          onBlur={() => setIsConfirmTouched(true)}
          disabled={isPending}
          error={confirmError}
        />
        <div>
          <Button type="submit" disabled={!canSubmit || isPending}>
            {isPending ? 'Updating...' : 'Update password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

// ------------------------------------------------------------------------------------------------
// Sessions

function SessionRowItem({
  session,
  timeZone,
  nowMs,
  onRevoke,
  isRevoking,
  isDisabled,
}: {
  session: SessionJson;
  timeZone: string;
  nowMs: number;
  onRevoke: () => void;
  isRevoking: boolean;
  isDisabled: boolean;
}) {
  const device = toDeviceLabel(session.userAgent);
  const Icon = device.isMobile ? Smartphone : Laptop;
  return (
    <li
      data-testid="session"
      data-current={session.isCurrent}
      className="flex items-center gap-3 border-t border-line py-4 first:border-t-0"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-sunken text-muted">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
          {device.label}
          {session.isCurrent && (
            <span className="rounded-full border border-gain/40 bg-accent-soft px-2 py-0.5 text-xs font-semibold text-gain">
              This device
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {session.ip ?? 'Unknown IP'} ·{' '}
          <time
            dateTime={session.lastSeenAt}
            title={new Date(session.lastSeenAt).toLocaleString('en-US', { timeZone })}
          >
            {session.isCurrent ? 'Active now' : `Last active ${toLastSeenLabel(session.lastSeenAt, nowMs)}`}
          </time>{' '}
          · Signed in {formatDate(session.createdAt, timeZone)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRevoke}
        disabled={isDisabled}
        aria-label={session.isCurrent ? `Sign out ${device.label}, this device` : `Sign out ${device.label}`}
      >
        {isRevoking ? 'Signing out...' : 'Sign out'}
      </Button>
    </li>
  );
}

function SessionsCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const { data: sessions, isLoading, isError, refetch } = useQuery(apiQuery('GET /api/auth/sessions'));
  // Read once per render: "5 minutes ago" only needs to be right when the list is drawn.
  const [nowMs] = useState(() => Date.now());

  const revoke = useMutation({
    mutationFn: async (session: SessionJson) => {
      await api('DELETE /api/auth/sessions/:id', { params: { id: session.id } });
      return session;
    },
    onSuccess: (session) => {
      if (session.isCurrent) {
        // NOTE: the server has ended this session and cleared the cookie: leave the app entirely.
        window.location.href = '/login';
        return;
      }
      queryClient.setQueryData<SessionJson[]>(SESSIONS_QUERY_KEY, (old) => old?.filter((s) => s.id !== session.id));
      toast({
        title: 'Session signed out',
        description: `${toDeviceLabel(session.userAgent).label} has been signed out.`,
      });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: "Couldn't sign out that session", description: toApiError(err).message }),
  });

  const revokeOthers = useMutation({
    mutationFn: () => api('POST /api/auth/sessions/revoke-others'),
    onSuccess: ({ revoked }) => {
      queryClient.setQueryData<SessionJson[]>(SESSIONS_QUERY_KEY, (old) => old?.filter((s) => s.isCurrent));
      toast({
        title: revoked === 1 ? '1 other session signed out' : `${revoked} other sessions signed out`,
      });
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: "Couldn't sign out the other sessions",
        description: toApiError(err).message,
      }),
  });

  const sorted = [...(sessions ?? [])].sort(
    (a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <MonitorSmartphone className="h-5 w-5 text-accent" aria-hidden="true" />
        Active sessions
      </h2>
      <p className="mt-1 text-sm text-muted">
        Browsers where you are signed in. Sign out any you don’t recognise, then change your password.
      </p>
      <div className="mt-2">
        {isLoading ? (
          <p role="status" className="py-4 text-sm text-muted">
            Loading sessions...
          </p>
        ) : isError ? (
          <div className="flex flex-wrap items-center gap-3 py-4 text-sm text-loss" role="alert">
            Couldn’t load your sessions.
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul aria-label="Active sessions">
            {sorted.map((s) => (
              <SessionRowItem
                key={s.id}
                session={s}
                timeZone={user.timezone}
                nowMs={nowMs}
                onRevoke={() => revoke.mutate(s)}
                isRevoking={revoke.isPending && revoke.variables.id === s.id}
                isDisabled={revoke.isPending}
              />
            ))}
          </ul>
        )}
      </div>
      {sorted.some((s) => !s.isCurrent) && (
        <div className="mt-2 border-t border-line pt-4">
          <Button variant="secondary" size="sm" onClick={() => revokeOthers.mutate()} disabled={revokeOthers.isPending}>
            {revokeOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
          </Button>
        </div>
      )}
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <Loading />;
  return (
    <AppPage>
      <AppPageHeader
        title="Settings"
        intro="Your profile, breakeven band, dividends and rewards, accounts, exchange rates, tags, password, two-factor sign-in, devices and API tokens."
      />
      <div className="mt-6 grid gap-6">
        <ProfileCard user={user} />
        <BreakevenCard user={user} />
        <IncomeCard user={user} />
        <AccountsCard />
        <ExchangeRatesCard baseCurrency={user.baseCurrency} />
        <TagsCard />
        <SampleDataCard />
        <RecentlyDeletedCard timeZone={user.timezone} />
        <PasswordCard email={user.email} />
        <TwoFactorCard timeZone={user.timezone} />
        <SessionsCard user={user} />
        <ApiTokensCard timeZone={user.timezone} />
      </div>
    </AppPage>
  );
}
