import { useState } from 'react';
import { Link } from 'wouter';
import { BadgeCheck, CalendarClock, CreditCard, Lock, RotateCcw, Sparkles } from 'lucide-react';
import {
  BROKER_COUNT,
  MONEY_BACK_DAYS,
  PLANS,
  TRIAL_DAYS,
  YEARLY_SAVINGS_PERCENT,
  type PlanId,
} from '../../core/config/plans';
import { BROKER_FORMAT_TURNAROUND_HOURS } from '../../core/config/operator';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { Card, Container, SectionHeading } from '../components/ui/card';
import { PlanFeatureList } from '../features/billing/plan-feature-list';
import { usePublicConfig } from '../lib/public-config';

const MONTHLY = PLANS.premium_monthly;
const YEARLY = PLANS.premium_yearly;

function toCycleLabel(interval: 'month' | 'year'): string {
  return interval === 'month' ? 'month' : 'year';
}

function BillingToggle({ planId, onChange }: { planId: PlanId; onChange: (id: PlanId) => void }) {
  const options = [MONTHLY, YEARLY];
  return (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex rounded-full border border-line bg-elevated p-1 shadow-sm"
    >
      {options.map((plan) => {
        const isActive = plan.id === planId;
        return (
          <button
            key={plan.id}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(plan.id)}
            className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${isActive ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'}`}
          >
            {plan.name}
            {plan.badge && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${isActive ? 'bg-accent-fg/15 text-accent-fg' : 'bg-accent-soft text-accent'}`}
              >
                {plan.badge}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export default function PricingPage() {
  const { trialDataRetentionDays, supportEmail } = usePublicConfig();
  const [planId, setPlanId] = useState<PlanId>(MONTHLY.id);
  const plan = PLANS[planId];
  const isYearly = plan.interval === 'year';

  const trialDeletion =
    trialDataRetentionDays === 0
      ? 'deleted automatically when the trial ends'
      : `deleted automatically ${trialDataRetentionDays} ${trialDataRetentionDays === 1 ? 'day' : 'days'} after the trial ends`;

  const faqs = [
    {
      q: 'Can I cancel anytime?',
      a: (
        <>
          Yes. Cancel from the Subscription page whenever you like. Your plan stays active, and your data stays
          accessible, until the end of the period you have paid for. Cancel during the trial and you are never charged.
        </>
      ),
    },
    {
      q: 'What happens to my data if I don’t upgrade after the trial?',
      a: (
        <>
          Upgrade before the trial ends and everything you imported stays exactly where it is. If you don’t, your trial
          data is {trialDeletion}. We e-mail you a warning first, and you can export your trades and every execution as
          CSV from the Trades page before then.
        </>
      ),
    },
    {
      q: 'Is there a money-back guarantee?',
      a: (
        <>
          Yes: if Premium isn’t right for you, ask within {MONEY_BACK_DAYS} days of your first payment and we refund it
          in full. Later payments are not refundable, as our{' '}
          <Link href="/terms-of-service#refunds" className="font-medium text-accent underline underline-offset-2">
            Terms of Service
          </Link>{' '}
          explain.
        </>
      ),
    },
    {
      q: 'Does it work with my broker?',
      a: (
        <>
          The importer recognises the files of {BROKER_COUNT} brokers, and any other broker’s CSV, Excel or TSV export
          can be imported with column detection. Direct broker connections are coming. If your broker’s file isn’t
          recognised, send us a sample and we add the format within {BROKER_FORMAT_TURNAROUND_HOURS} hours.{' '}
          <Link href="/brokers" className="font-medium text-accent underline underline-offset-2">
            See supported brokers
          </Link>
          .
        </>
      ),
    },
    {
      q: 'Is my trading data secure?',
      a: (
        <>
          Your data travels encrypted, and passwords are stored only as strong one-way hashes. Databases are backed up
          daily. We never sell or share your trades; you can export your trades and executions as CSV at any time, and
          have your account deleted by writing to support.
        </>
      ),
    },
    {
      q: 'Do I need a card for the free trial?',
      a: (
        <>
          Yes, a payment method is required to start the {TRIAL_DAYS}-day trial, but nothing is charged until it ends.
          You get the full Premium product from day one, and every feature added during your trial.
        </>
      ),
    },
    {
      q: 'Can I switch between monthly and annual billing?',
      a: (
        <>
          Yes, from the Subscription page at any time. Annual billing costs ${YEARLY.price} a year — $
          {YEARLY.pricePerMonth} a month, about {YEARLY_SAVINGS_PERCENT}% less than paying monthly.
        </>
      ),
    },
  ];

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Pricing"
        title="One plan. Everything included."
        intro={`Start with a ${TRIAL_DAYS}-day free trial of the full product. Then keep Premium for $${MONTHLY.price} a month, or $${YEARLY.price} a year.`}
      >
        <div className="mt-8 flex justify-center">
          <BillingToggle planId={planId} onChange={setPlanId} />
        </div>
      </PageHero>

      <section aria-labelledby="plans-heading" className="py-14 sm:py-16">
        <Container>
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[1fr_1.35fr] lg:items-stretch">
            <Card className="flex flex-col">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <CalendarClock className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="text-xl font-bold text-fg">Free trial</h3>
              </div>
              <p className="mt-5 flex items-baseline gap-2">
                <span className="tabular text-5xl font-extrabold tracking-tight text-fg">$0</span>
                <span className="text-muted">for {TRIAL_DAYS} days</span>
              </p>
              <p className="mt-3 text-muted">
                Every Premium feature, with your own trades. Decide with real numbers, not a demo.
              </p>
              <ul className="mt-6 grid gap-3 text-sm">
                {[
                  { icon: Sparkles, text: 'Full Premium access to everything built so far' },
                  { icon: CreditCard, text: `Payment method required; nothing charged for ${TRIAL_DAYS} days` },
                  { icon: RotateCcw, text: 'Cancel before it ends and pay nothing' },
                  { icon: Lock, text: `Not upgraded? Your trial data is ${trialDeletion}` },
                ].map(({ icon: Icon, text }) => (
                  <li key={text} className="flex gap-3 text-fg">
                    <Icon className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                    {text}
                  </li>
                ))}
              </ul>
              <ol
                className="mt-8 grid grid-cols-3 gap-2 border-t border-line pt-5 text-center text-xs"
                aria-label="How the trial works"
              >
                {[
                  { when: 'Today', what: 'Full access starts' },
                  { when: `Day ${TRIAL_DAYS}`, what: 'Premium begins unless you cancel' },
                  {
                    when: 'Not upgraded',
                    what:
                      trialDataRetentionDays === 0
                        ? 'Trial data deleted'
                        : `Data deleted after ${trialDataRetentionDays} days`,
                  },
                ].map((step, i) => (
                  <li key={step.when} className="relative flex flex-col items-center">
                    <span
                      className={`z-10 inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${i === 0 ? 'bg-accent text-accent-fg' : 'border border-line bg-elevated text-muted'}`}
                      aria-hidden="true"
                    >
                      {i + 1}
                    </span>
                    {i < 2 && <span className="absolute left-1/2 top-3.5 h-px w-full bg-line" aria-hidden="true" />}
                    <span className="mt-2 font-semibold text-fg">{step.when}</span>
                    <span className="mt-0.5 text-muted">{step.what}</span>
                  </li>
                ))}
              </ol>
              <div className="mt-auto pt-8">
                <ButtonLink href="/signup" variant="secondary" size="lg" className="w-full">
                  Sign Up — start free trial
                </ButtonLink>
              </div>
            </Card>

            <div className="relative flex flex-col rounded-2xl border-2 border-accent bg-elevated p-6 shadow-lg sm:p-8">
              <span className="absolute -top-3.5 left-6 rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wider text-accent-fg">
                The only plan
              </span>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="text-xl font-bold text-fg">Premium</h3>
                {isYearly && plan.badge && (
                  <span className="rounded-full bg-accent-soft px-3 py-1 text-sm font-bold text-accent">
                    {plan.badge}
                  </span>
                )}
              </div>
              <p className="mt-5 flex flex-wrap items-baseline gap-x-2" aria-live="polite">
                <span className="tabular text-5xl font-extrabold tracking-tight text-fg">${plan.price}</span>
                <span className="text-muted">/ {toCycleLabel(plan.interval)}</span>
              </p>
              <p className="mt-2 text-sm text-muted">
                {isYearly ? (
                  <>
                    That is <strong className="text-fg">${YEARLY.pricePerMonth}/month</strong>, billed yearly —{' '}
                    {YEARLY_SAVINGS_PERCENT}% less than ${MONTHLY.price} a month.
                  </>
                ) : (
                  <>
                    Billed monthly. Or pay <strong className="text-fg">${YEARLY.price}</strong> a year ($
                    {YEARLY.pricePerMonth}/month) and save {YEARLY_SAVINGS_PERCENT}%.
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-muted">
                After your {TRIAL_DAYS}-day free trial. Renews automatically; cancel anytime.
              </p>

              <PlanFeatureList className="mt-6 grid gap-x-6 gap-y-2.5 sm:grid-cols-2" />

              <div className="mt-auto pt-8">
                <ButtonLink href="/signup" size="lg" className="w-full">
                  Sign Up — {TRIAL_DAYS} days free
                </ButtonLink>
                <p className="mt-3 flex items-center justify-center gap-2 text-center text-xs text-muted">
                  <BadgeCheck className="h-4 w-4 text-accent" aria-hidden="true" />
                  {MONEY_BACK_DAYS}-day money-back guarantee on your first payment
                </p>
              </div>
            </div>
          </div>

          <dl className="mx-auto mt-10 grid max-w-5xl gap-4 text-center sm:grid-cols-3">
            {[
              { k: 'Monthly', v: `$${MONTHLY.price}`, d: 'per month' },
              { k: 'Annual', v: `$${YEARLY.price}`, d: `per year · $${YEARLY.pricePerMonth}/month` },
              {
                k: 'Annual savings',
                v: YEARLY.badge ?? `${YEARLY_SAVINGS_PERCENT}%`,
                d: `${YEARLY_SAVINGS_PERCENT}% less than monthly`,
              },
            ].map((s) => (
              <div key={s.k} className="rounded-xl border border-line bg-sunken px-4 py-4">
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{s.k}</dt>
                <dd className="tabular mt-1 text-2xl font-bold text-fg">{s.v}</dd>
                <dd className="text-sm text-muted">{s.d}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-center text-xs text-muted">All prices in US dollars.</p>
        </Container>
      </section>

      <section aria-labelledby="faq-heading" className="border-t border-line bg-sunken py-16 sm:py-20">
        <Container className="max-w-3xl">
          <SectionHeading id="faq-heading" eyebrow="FAQ" title="Questions before you start" />
          <div className="grid gap-3">
            {faqs.map((f) => (
              <details key={f.q} className="group rounded-xl border border-line bg-elevated px-5 py-4 open:shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-fg [&::-webkit-details-marker]:hidden">
                  {f.q}
                  <span
                    className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sunken text-lg leading-none text-muted transition-transform group-open:rotate-45"
                    aria-hidden="true"
                  >
                    +
                  </span>
                </summary>
                <p className="mt-3 text-muted">{f.a}</p>
              </details>
            ))}
          </div>
          <p className="mt-8 text-center text-sm text-muted">
            Another question?{' '}
            <Link href="/contact" className="font-medium text-accent underline underline-offset-2">
              Contact us
            </Link>{' '}
            or write to{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-accent underline underline-offset-2">
              {supportEmail}
            </a>
            .
          </p>
        </Container>
      </section>
    </PublicLayout>
  );
}
