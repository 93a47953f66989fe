import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, CircleCheck, FlaskConical, Lock, SearchX, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { TRIAL_DAYS } from '../../../core/config/plans';
import { formatDate } from '../../components/layout/app-shell';
import { LogoMark } from '../../components/layout/logo';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Loading } from '../../components/ui/spinner';
import { api, apiQuery, toApiError } from '../../lib/api';
import { usePublicConfig } from '../../lib/public-config';

/** GET /api/billing/local/checkouts/:id */
import type { LocalCheckout } from '../../../contracts/auth';

const DAY_MS = 86_400_000;
const LINK_CLASS = 'font-semibold text-accent underline-offset-2 hover:underline';

/** A checkout-like frame: no site navigation, only the brand, the test-mode banner and the page. */
function CheckoutFrame({ children }: { children: ReactNode }) {
  const { brand } = usePublicConfig();
  return (
    <div className="flex min-h-screen flex-col bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-elevated focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div
        data-testid="test-checkout-banner"
        className="bg-highlight px-4 py-2 text-center text-sm font-semibold text-bg"
      >
        <FlaskConical className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden="true" />
        Test checkout — no card is charged
      </div>
      <header className="border-b border-line bg-elevated px-4 sm:px-6">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4">
          <span className="flex items-center gap-2 font-bold tracking-tight text-fg">
            <LogoMark />
            <span className="text-lg">{brand}</span>
          </span>
          <span className="flex items-center gap-1.5 text-sm text-muted">
            <Lock className="h-4 w-4" aria-hidden="true" />
            Checkout
          </span>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-10 sm:px-6 sm:py-14">
        {children}
      </main>
      <footer className="border-t border-line px-4 py-6 text-center text-xs text-muted">
        This installation of {brand} uses a built-in test checkout instead of a card payment provider.{' '}
        <Link href="/terms-of-service" className={LINK_CLASS}>
          Terms of Service
        </Link>
      </footer>
    </div>
  );
}

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        {icon}
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <div className="mt-3 text-sm text-muted">{children}</div>
    </Card>
  );
}

function SummaryRow({ term, children, isStrong }: { term: string; children: ReactNode; isStrong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-3 ${isStrong ? 'font-semibold text-fg' : 'text-muted'}`}
    >
      <dt className="text-sm">{term}</dt>
      <dd className="tabular text-sm text-fg">{children}</dd>
    </div>
  );
}

function CheckoutForm({ checkout }: { checkout: LocalCheckout }) {
  const { brand } = usePublicConfig();
  const [error, setError] = useState<string | undefined>();
  // The trial runs from the moment checkout completes; "today" is close enough for the summary.
  const [trialEndIso] = useState(() => new Date(Date.now() + TRIAL_DAYS * DAY_MS).toISOString());
  const { plan, mode } = checkout;
  const isTrial = mode === 'trial';
  const per = plan.interval;

  const complete = useMutation({
    mutationFn: async () => {
      const body = await api('POST /api/billing/local/checkouts/:id/complete', { params: { id: checkout.id } });
      // Only an address on this site: the answer decides where the browser goes next.
      if (
        typeof body.redirectUrl !== 'string' ||
        !body.redirectUrl.startsWith('/') ||
        body.redirectUrl.startsWith('//')
      ) {
        throw new Error('No redirect address returned');
      }
      return body.redirectUrl;
    },
    onMutate: () => setError(undefined),
    onSuccess: (redirectUrl) => {
      // NOTE: a full navigation, as after a real payment provider's checkout.
      window.location.href = redirectUrl;
    },
    onError: (err) => setError(toApiError(err, 'We couldn’t complete this checkout. Please try again.').message),
  });
  // Stays "working" from the click until the browser has left the page.
  const isWorking = complete.isPending || complete.isSuccess;

  return (
    <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2 md:gap-12">
      <section aria-labelledby="checkout-title">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent">{brand} Premium</p>
        <h1 id="checkout-title" className="mt-2 text-3xl font-extrabold tracking-tight text-fg">
          {isTrial ? `Start your ${TRIAL_DAYS}-day free trial` : 'Upgrade to Premium'}
        </h1>
        <p className="mt-4 text-muted">
          {isTrial ? (
            <>
              <span className="text-4xl font-bold tracking-tight text-fg">{TRIAL_DAYS} days free</span>
              <span className="mt-1 block">
                then <span className="tabular font-semibold text-fg">${plan.price}</span> per {per}
              </span>
            </>
          ) : (
            <>
              <span className="tabular text-4xl font-bold tracking-tight text-fg">${plan.price}</span> per {per}
            </>
          )}
        </p>
        <dl className="mt-6 divide-y divide-line border-y border-line">
          <SummaryRow term="Plan">
            Premium — {plan.name}
            {plan.badge && (
              <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                {plan.badge}
              </span>
            )}
          </SummaryRow>
          {isTrial && (
            <SummaryRow
              term={`After the trial (from ${formatDate(trialEndIso)})`}
            >{`$${plan.price}/${per}`}</SummaryRow>
          )}
          {plan.interval === 'year' && <SummaryRow term="Per month">${plan.pricePerMonth}</SummaryRow>}
          <SummaryRow term="Due today" isStrong>
            {isTrial ? '$0.00' : `$${plan.price}`}
          </SummaryRow>
        </dl>
        <ul className="mt-6 grid gap-2 text-sm text-fg">
          {(isTrial
            ? [
                `Full access to every Premium feature for ${TRIAL_DAYS} days`,
                `Nothing is charged until ${formatDate(trialEndIso)}; then $${plan.price} per ${per}`,
                'Cancel anytime before the trial ends and you pay nothing',
              ]
            : [
                `You pay $${plan.price} now, and your plan renews every ${per}`,
                'Your journal and all your data stay exactly as they are',
                'Cancel anytime: you keep access to the end of the paid period',
              ]
          ).map((line) => (
            <li key={line} className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-gain" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
      </section>

      <Card className="h-fit p-6 sm:p-8">
        <h2 className="text-lg font-semibold text-fg">{isTrial ? 'Confirm your trial' : 'Confirm your upgrade'}</h2>
        <dl className="mt-4">
          <dt className="text-sm text-muted">Account</dt>
          <dd data-testid="checkout-email" className="mt-0.5 break-all text-sm font-medium text-fg">
            {checkout.email}
          </dd>
        </dl>
        <div className="mt-5 flex items-start gap-2 rounded-lg border border-line bg-sunken px-3 py-2.5 text-sm text-muted">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
          <p>No card details are needed: this is a test checkout and no card is charged.</p>
        </div>
        {error && (
          <div
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2.5 text-sm text-loss"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {error}
          </div>
        )}
        <Button size="lg" className="mt-6 w-full" onClick={() => complete.mutate()} disabled={isWorking}>
          {isWorking ? 'Processing...' : isTrial ? 'Start my free trial' : 'Confirm upgrade'}
        </Button>
        <p className="mt-4 text-center text-sm text-muted">
          <Link href={isTrial ? '/signup' : '/subscription'} className={LINK_CLASS}>
            Cancel and go back
          </Link>
        </p>
      </Card>
    </div>
  );
}

/** The local payment provider's hosted checkout (/checkout/:id): confirm the trial or the upgrade. */
export default function LocalCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useQuery(apiQuery('GET /api/billing/local/checkouts/:id', { params: { id } }));

  let content: ReactNode;
  if (query.isLoading) {
    content = <Loading />;
  } else if (query.isError) {
    content =
      toApiError(query.error).status === 404 ? (
        <StateCard icon={<SearchX className="h-6 w-6" aria-hidden="true" />} title="Checkout not found">
          <p>This checkout link is invalid or no longer exists. Start again from the sign-up page.</p>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <ButtonLink href="/signup">Start a free trial</ButtonLink>
            <ButtonLink href="/" variant="secondary">
              Back to home
            </ButtonLink>
          </div>
        </StateCard>
      ) : (
        <StateCard icon={<TriangleAlert className="h-6 w-6" aria-hidden="true" />} title="Checkout unavailable">
          <p>We couldn’t load this checkout. Check your connection and try again.</p>
          <Button className="mt-6" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </StateCard>
      );
  } else if (query.data?.isCompleted) {
    const isTrial = query.data.mode === 'trial';
    content = (
      <StateCard icon={<CircleCheck className="h-6 w-6" aria-hidden="true" />} title="Checkout already completed">
        <p>
          {isTrial
            ? 'Your free trial is already active. Verify your e-mail address with the link we sent you, then sign in.'
            : 'Your upgrade has already gone through. Your subscription is active.'}
        </p>
        <ButtonLink href={isTrial ? '/login' : '/subscription'} className="mt-6">
          {isTrial ? 'Continue to sign in' : 'Go to your subscription'}
        </ButtonLink>
      </StateCard>
    );
  } else if (query.data) {
    content = <CheckoutForm checkout={query.data} />;
  }
  return <CheckoutFrame>{content}</CheckoutFrame>;
}
