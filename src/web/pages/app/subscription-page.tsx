import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CreditCard, FlaskConical, Lock, RotateCcw, Sparkles } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { PLAN_IDS, PLANS, TRIAL_DAYS, type PlanId } from '../../../core/config/plans';
import { AppPage, AppPageHeader, formatDate } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Loading } from '../../components/ui/spinner';
import { PlanFeatureList } from '../../features/billing/plan-feature-list';
import { api, apiQuery, toApiError } from '../../lib/api';
import { AUTH_QUERY_KEY, useAuth, type CurrentUser } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';

/** GET /api/subscription: the current user plus the payment provider and the plans on sale. */
import type { SubscriptionInfo } from '../../../contracts/auth';
const SUBSCRIPTION_QUERY_KEY = ['/api/subscription'] as const;

type Tone = 'gain' | 'loss' | 'accent' | 'highlight' | 'muted';
const TONE_CLASS: Record<Tone, string> = {
  gain: 'border-gain/40 bg-accent-soft text-gain',
  accent: 'border-accent/40 bg-accent-soft text-accent',
  loss: 'border-loss/40 bg-elevated text-loss',
  highlight: 'border-highlight/50 bg-elevated text-highlight',
  muted: 'border-line bg-sunken text-muted',
};

const isOnTrial = (user: CurrentUser) => user.subscriptionStatus === 'trial' || user.subscriptionStatus === 'trialing';
const trialDaysLeft = (user: CurrentUser) => user.trialInfo?.daysRemaining ?? 0;

/** The status as the page names it, with the badge's colour. */
export function toStatusView(user: CurrentUser): { label: string; tone: Tone } {
  if (isOnTrial(user)) {
    if (trialDaysLeft(user) === 0) return { label: 'Trial ended', tone: 'loss' };
    return user.cancelAtPeriodEnd
      ? { label: 'Trial, canceling', tone: 'highlight' }
      : { label: 'Free trial', tone: 'accent' };
  }
  switch (user.subscriptionStatus) {
    case 'active':
      return user.cancelAtPeriodEnd
        ? { label: 'Active, canceling', tone: 'highlight' }
        : { label: 'Active', tone: 'gain' };
    case 'past_due':
      return { label: 'Past due', tone: 'loss' };
    case 'canceled':
      return { label: 'Canceled', tone: 'muted' };
    default:
      return { label: 'Expired', tone: 'loss' };
  }
}

/** When access ends if the subscription is cancelled now: the trial's end during a trial, else the period's. */
export function toAccessEndIso(user: CurrentUser): string | null {
  return isOnTrial(user) ? (user.trialInfo?.endsAt ?? null) : user.currentPeriodEnd;
}

const priceLabel = (planId: PlanId) => `$${PLANS[planId].price}/${PLANS[planId].interval}`;
const intervalWord = (planId: PlanId) => (PLANS[planId].interval === 'year' ? 'yearly' : 'monthly');

function StatusBadge({ user }: { user: CurrentUser }) {
  const { label, tone } = toStatusView(user);
  return (
    <span
      data-testid="subscription-status"
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASS[tone]}`}
    >
      {label}
    </span>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-t border-line py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium text-fg sm:text-right">{children}</dd>
    </div>
  );
}

/** Every mutation answers with the current user: keep the auth query (and so the whole app) in step. */
function useSubscriptionMutation<TVars>(params: {
  request: (vars: TVars) => Promise<CurrentUser>;
  onDone: (user: CurrentUser, vars: TVars) => void;
  errorTitle: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: params.request,
    onSuccess: (user, vars) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, user);
      queryClient.setQueryData<SubscriptionInfo>(SUBSCRIPTION_QUERY_KEY, (old) => (old ? { ...old, ...user } : old));
      params.onDone(user, vars);
    },
    onError: (err) => toast({ variant: 'destructive', title: params.errorTitle, description: toApiError(err).message }),
  });
}

/** A POST whose answer is an address to leave for (checkout, billing portal). */
function useRedirectMutation<TVars>(params: { request: (vars: TVars) => Promise<string>; errorTitle: string }) {
  return useMutation({
    mutationFn: async (vars: TVars) => {
      const url = await params.request(vars);
      if (url === '') throw new Error('No address returned');
      return url;
    },
    onSuccess: (url) => {
      // NOTE: leaves the app (the payment provider's page, or the local test checkout).
      window.location.href = url;
    },
    onError: (err) => toast({ variant: 'destructive', title: params.errorTitle, description: toApiError(err).message }),
  });
}

function ProviderNote({ provider }: { provider: SubscriptionInfo['provider'] | undefined }) {
  if (provider === 'local') {
    return (
      <div
        data-testid="provider-note"
        className="mt-6 flex items-start gap-3 rounded-xl border border-highlight/50 bg-elevated px-4 py-3 text-sm text-fg"
      >
        <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Test checkout.</strong> This installation uses a built-in test checkout: no
          card is charged. Upgrades, plan changes and cancellations take effect at once, and billing is managed on this
          page.
        </p>
      </div>
    );
  }
  if (provider === 'stripe') {
    return (
      <p data-testid="provider-note" className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
        Payments are processed securely by Stripe. Your card details never touch our servers.
      </p>
    );
  }
  return null;
}

function PlanPicker({
  user,
  selected,
  onSelect,
  disabled,
}: {
  user: CurrentUser;
  selected: PlanId;
  onSelect: (planId: PlanId) => void;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="sr-only">Billing period</legend>
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const isSelected = selected === id;
        const isCurrent = user.planId === id;
        return (
          <label
            key={id}
            className={`relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${
              isSelected ? 'border-accent bg-accent-soft/50' : 'border-line hover:bg-sunken'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={id}
              checked={isSelected}
              onChange={() => onSelect(id)}
              className="mt-1 h-4 w-4 accent-[var(--accent)]"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-fg">{plan.name}</span>
                {plan.badge && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                    {plan.badge}
                  </span>
                )}
                {isCurrent && (
                  <span className="rounded-full border border-line bg-elevated px-2 py-0.5 text-xs font-medium text-muted">
                    Current plan
                  </span>
                )}
              </span>
              <span className="mt-1 block text-sm text-muted">
                <span className="tabular font-semibold text-fg">${plan.price}</span> per {plan.interval}
                {plan.interval === 'year' && <> (${plan.pricePerMonth}/month)</>}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function CancelDialog({
  user,
  isOpen,
  onOpenChange,
  onConfirm,
  isPending,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isPending: boolean;
}) {
  const endDate = formatDate(toAccessEndIso(user), user.timezone);
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !isPending && onOpenChange(open)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          data-testid="cancel-dialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-elevated p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-fg">Cancel your subscription?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {isOnTrial(user) ? (
              <>
                Your trial will end on <strong className="text-fg">{endDate}</strong> and you won’t be charged. You keep
                full access until then.
              </>
            ) : (
              <>
                Your access ends on <strong className="text-fg">{endDate}</strong>. You keep full access until then and
                won’t be charged again.
              </>
            )}
          </Dialog.Description>
          <p className="mt-3 text-sm text-muted">You can resume any time before that date.</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={isPending}>
                Keep subscription
              </Button>
            </Dialog.Close>
            <Button
              className="bg-loss text-white hover:bg-loss/90"
              variant="ghost"
              onClick={onConfirm}
              disabled={isPending}
            >
              {isPending ? 'Canceling...' : 'Cancel subscription'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** After the upgrade checkout: a welcome, and the address cleaned so a reload doesn't repeat it. */
function useUpgradedNotice() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const hasShown = useRef(false);
  useEffect(() => {
    if (hasShown.current || new URLSearchParams(search).get('upgraded') !== 'true') return;
    hasShown.current = true;
    void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    toast({ title: 'Welcome to Premium!', description: 'Your subscription is active. Thank you for upgrading.' });
    navigate('/subscription', { replace: true });
  }, [search, navigate, queryClient]);
}

export default function SubscriptionPage() {
  const { user } = useAuth();
  const { data: info } = useQuery(apiQuery('GET /api/subscription'));
  const [selectedPlan, setSelectedPlan] = useState<PlanId | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  useUpgradedNotice();

  const changePlan = useSubscriptionMutation<PlanId>({
    request: (planId) => api('POST /api/subscription/change-plan', { body: { planId } }),
    onDone: (u) => {
      setSelectedPlan(null);
      toast({
        title: 'Plan changed',
        description: `You're now on the ${PLANS[u.planId].name} plan (${priceLabel(u.planId)}).`,
      });
    },
    errorTitle: "Couldn't change your plan",
  });
  const cancel = useSubscriptionMutation<void>({
    request: () => api('POST /api/subscription/cancel'),
    onDone: (u) => {
      setIsCancelOpen(false);
      toast({
        title: 'Subscription canceled',
        description: `You keep full access until ${formatDate(toAccessEndIso(u), u.timezone)}.`,
      });
    },
    errorTitle: "Couldn't cancel your subscription",
  });
  const resume = useSubscriptionMutation<void>({
    request: () => api('POST /api/subscription/resume'),
    onDone: (u) =>
      toast({
        title: 'Subscription resumed',
        description: isOnTrial(u)
          ? `Your trial continues and Premium starts on ${formatDate(toAccessEndIso(u), u.timezone)}.`
          : `Your plan renews on ${formatDate(u.currentPeriodEnd, u.timezone)}.`,
      }),
    errorTitle: "Couldn't resume your subscription",
  });
  const upgrade = useRedirectMutation<PlanId>({
    request: async (planId) => (await api('POST /api/subscription/checkout', { body: { planId } })).checkoutUrl,
    errorTitle: "Couldn't start checkout",
  });
  const portal = useRedirectMutation<void>({
    request: async () => (await api('POST /api/subscription/portal')).url,
    errorTitle: "Couldn't open billing",
  });

  if (!user) return <Loading />;

  const isBusy = changePlan.isPending || cancel.isPending || resume.isPending || upgrade.isPending || portal.isPending;
  const plan = PLANS[user.planId];
  const chosenPlan = selectedPlan ?? user.planId;
  const onTrial = isOnTrial(user);
  const daysLeft = trialDaysLeft(user);
  const tz = user.timezone;
  const status = user.subscriptionStatus;
  const isLive = onTrial ? daysLeft > 0 : status === 'active' || status === 'past_due';
  const canUpgrade = status !== 'active';
  const canChangePlan = user.hasPaymentMethod && isLive;
  const canCancel = user.hasPaymentMethod && isLive && !user.cancelAtPeriodEnd;
  const canResume = user.hasPaymentMethod && isLive && user.cancelAtPeriodEnd;
  const canManageBilling = user.hasPaymentMethod && info?.provider === 'stripe';
  const accessEnd = formatDate(toAccessEndIso(user), tz);

  return (
    <AppPage>
      <AppPageHeader title="Subscription" intro="Your Premium plan, billing and renewal." />
      <ProviderNote provider={info?.provider} />

      {user.cancelAtPeriodEnd && isLive && (
        <div
          role="status"
          data-testid="cancel-notice"
          className="mt-6 flex flex-col gap-3 rounded-xl border border-highlight/50 bg-elevated p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 text-sm text-fg">
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
            <span>
              Your subscription is canceled and ends on <strong>{accessEnd}</strong>. You keep full access until then.
            </span>
          </p>
          {canResume && (
            <Button size="sm" onClick={() => resume.mutate()} disabled={isBusy} className="shrink-0">
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              {resume.isPending ? 'Resuming...' : 'Resume subscription'}
            </Button>
          )}
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
              <Sparkles className="h-5 w-5 text-accent" aria-hidden="true" />
              Premium
            </h2>
            <StatusBadge user={user} />
          </div>
          <p className="mt-4 text-sm text-muted">
            <span className="tabular text-3xl font-bold tracking-tight text-fg">${plan.price}</span> per {plan.interval}{' '}
            · {plan.name} plan
          </p>
          <dl className="mt-5">
            {onTrial && (
              <Detail term="Free trial">
                {daysLeft > 0 ? (
                  <>
                    <span data-testid="trial-days-left">
                      {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
                    </span>{' '}
                    · ends {formatDate(user.trialInfo?.endsAt, tz)}
                  </>
                ) : (
                  <>Ended {formatDate(user.trialInfo?.endsAt, tz)}</>
                )}
              </Detail>
            )}
            {status === 'active' && user.currentPeriodEnd && (
              <Detail term={user.cancelAtPeriodEnd ? 'Access ends' : 'Renews on'}>
                {formatDate(user.currentPeriodEnd, tz)}
              </Detail>
            )}
            {status === 'canceled' && user.currentPeriodEnd && (
              <Detail term={user.hasAccess ? 'Access ends' : 'Ended'}>{formatDate(user.currentPeriodEnd, tz)}</Detail>
            )}
            {status === 'past_due' && (
              <Detail term="Payment">
                <span className="text-loss">Your last payment failed</span>
              </Detail>
            )}
            <Detail term="Payment method">{user.hasPaymentMethod ? 'On file' : 'None yet'}</Detail>
          </dl>

          {onTrial && daysLeft > 0 && user.hasPaymentMethod && !user.cancelAtPeriodEnd && (
            <p className="mt-4 text-sm text-muted">
              Premium starts automatically when your trial ends, at {priceLabel(user.planId)}. Cancel any time before
              then and you won’t be charged.
            </p>
          )}
          {onTrial && daysLeft === 0 && (
            <p className="mt-4 text-sm text-muted">
              Your {TRIAL_DAYS}-day free trial has ended. Upgrade to pick up where you left off.
            </p>
          )}
          {onTrial && daysLeft > 0 && !user.hasPaymentMethod && (
            <p className="mt-4 text-sm text-muted">
              Upgrade to keep your journal when the {TRIAL_DAYS}-day trial ends. Everything you have logged stays.
            </p>
          )}

          <div className="mt-6 flex flex-wrap gap-3">
            {canUpgrade && (
              <Button onClick={() => upgrade.mutate(chosenPlan)} disabled={isBusy}>
                <Sparkles className="h-4 w-4" aria-hidden="true" />
                {upgrade.isPending ? 'Starting checkout...' : 'Upgrade'}
              </Button>
            )}
            {canManageBilling && (
              <Button variant="secondary" onClick={() => portal.mutate()} disabled={isBusy}>
                <CreditCard className="h-4 w-4" aria-hidden="true" />
                {portal.isPending ? 'Opening...' : 'Manage billing'}
              </Button>
            )}
            {canCancel && (
              <Button variant="ghost" className="text-loss" onClick={() => setIsCancelOpen(true)} disabled={isBusy}>
                Cancel subscription
              </Button>
            )}
          </div>
          {canUpgrade && (
            <p className="mt-3 text-xs text-muted">
              Upgrading starts the {PLANS[chosenPlan].name.toLowerCase()} plan now at {priceLabel(chosenPlan)}.
            </p>
          )}
        </Card>

        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold text-fg">Billing period</h2>
          <p className="mt-1 text-sm text-muted">
            {canChangePlan
              ? 'Switch between monthly and annual billing.'
              : 'Choose how you would like to be billed when you upgrade.'}
          </p>
          <div className="mt-4">
            <PlanPicker user={user} selected={chosenPlan} onSelect={setSelectedPlan} disabled={isBusy} />
          </div>
          {canChangePlan && (
            <Button
              className="mt-4 w-full"
              onClick={() => changePlan.mutate(chosenPlan)}
              disabled={isBusy || chosenPlan === user.planId}
            >
              {changePlan.isPending
                ? 'Switching...'
                : chosenPlan === user.planId
                  ? `You're on ${intervalWord(user.planId)} billing`
                  : `Switch to ${PLANS[chosenPlan].name}`}
            </Button>
          )}
        </Card>
      </div>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-fg">Everything in Premium</h2>
        <PlanFeatureList className="mt-4 grid gap-3 sm:grid-cols-2" />
      </Card>

      <CancelDialog
        user={user}
        isOpen={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        onConfirm={() => cancel.mutate()}
        isPending={cancel.isPending}
      />
    </AppPage>
  );
}
