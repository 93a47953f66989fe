import { Link } from 'wouter';
import {
  DISPUTE_DIRECT_RESOLUTION_DAYS,
  DISPUTE_MEDIATION_WAIT_DAYS,
  LIABILITY_CAP_USD,
  TERMS_LAST_UPDATED,
  type PublicConfig,
} from '../../core/config/operator';
import { MONEY_BACK_DAYS, PLANS, TRIAL_DAYS } from '../../core/config/plans';
import { LegalPage, pluralDays, type LegalSection } from '../components/layout/legal-document';
import { usePublicConfig } from '../lib/public-config';

const MONTHLY = PLANS.premium_monthly;
const YEARLY = PLANS.premium_yearly;

/** The 18 sections, in order. Every number comes from the plan and operator constants. */
function toTermsSections(config: PublicConfig): LegalSection[] {
  const { brand, companyLegalName, governingLawState, supportEmail, trialDataRetentionDays } = config;
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  const retention =
    trialDataRetentionDays === 0 ? 'when the trial ends' : `${pluralDays(trialDataRetentionDays)} after the trial ends`;
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of these Terms',
      body: (
        <>
          <p>
            These Terms of Service (the “Terms”) are an agreement between you and {companyLegalName} (“we”, “us”) and
            govern your use of {brand}, its website, applications and related services (the “Service”). By creating an
            account, starting a trial or otherwise using the Service, you accept these Terms. If you do not accept them,
            do not use the Service.
          </p>
          <p>If you use the Service on behalf of an organisation, you confirm that you may bind it to these Terms.</p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: (
        <p>
          You must be at least 18 years old and able to enter into a binding contract where you live. You may not use
          the Service if the law forbids you to, or if we have previously closed your account for breaking these Terms.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            Give us accurate information when you sign up and keep it up to date. You are responsible for keeping your
            password and any API tokens secret and for everything done through your account. Tell us at once at {mail}{' '}
            if you believe someone has used it without permission.
          </p>
          <p>One account is for one person. Do not share your sign-in with others.</p>
        </>
      ),
    },
    {
      id: 'educational-use',
      title: 'Educational and historical use only; not financial advice',
      body: (
        <>
          <p>
            The Service is a tool for recording and analysing <strong>past</strong> trades for{' '}
            <strong>educational purposes</strong>. Nothing in it — including statistics, simulations, insights, goals,
            reports and, once it is available, answers from the AI assistant — is financial, investment, tax or legal
            advice, or a recommendation to buy or sell any security or other instrument.
          </p>
          <p>
            Past performance does not predict future results. Simulations such as Monte Carlo runs and risk metrics such
            as VaR describe hypothetical outcomes under stated assumptions. Trading involves substantial risk of loss,
            and you alone are responsible for your trading decisions. We are not a broker, an investment adviser or a
            fiduciary.
          </p>
        </>
      ),
    },
    {
      id: 'free-trial',
      title: 'Free trial',
      body: (
        <>
          <p>
            New subscribers may start a {TRIAL_DAYS}-day free trial with full access to Premium. A valid payment method
            is required to start the trial; you are not charged during it. Unless you cancel before the trial ends, your
            subscription begins automatically when it ends and your payment method is charged for the plan you chose.
          </p>
          <p>
            If you do not upgrade, the data in your trial account is deleted automatically {retention}. We send a
            warning e-mail before deleting it, and you may export your data until then. Upgrading before deletion keeps
            everything.
          </p>
        </>
      ),
    },
    {
      id: 'subscription',
      title: 'Subscription, billing and automatic renewal',
      body: (
        <>
          <p>
            Premium is offered monthly at US ${MONTHLY.price} per month or annually at US ${YEARLY.price} per year, plus
            any applicable taxes. Payments are processed by our payment provider; we do not store your full card number.
          </p>
          <p>
            <strong>Your subscription renews automatically</strong> at the end of each billing period for a period of
            the same length, and your payment method is charged at the then-current price, until you cancel. You can
            cancel at any time from the Subscription page; cancellation takes effect at the end of the current billing
            period, and you keep access and your data until then.
          </p>
          <p>
            We may change prices for future billing periods. We will tell you by e-mail in advance, before a change
            affects you, and you may cancel before it takes effect. If a payment fails, we may suspend paid features
            until it succeeds.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Money-back guarantee and refunds',
      body: (
        <>
          <p>
            <strong>{MONEY_BACK_DAYS}-day money-back guarantee:</strong> if you ask us at {mail} within{' '}
            {pluralDays(MONEY_BACK_DAYS)} of your first payment for the Service, we refund that first payment in full.
          </p>
          <p>
            Apart from that guarantee, and except where the law requires otherwise,{' '}
            <strong>payments are non-refundable</strong>: we do not refund or credit renewals, partial billing periods,
            unused time or plan downgrades. Cancelling stops future renewals.
          </p>
        </>
      ),
    },
    {
      id: 'your-data',
      title: 'Your data',
      body: (
        <>
          <p>
            You own the trade data, notes, screenshots and other content you put into the Service (“Your Data”). You
            give us a limited licence to store, process and display Your Data only to provide, secure and support the
            Service for you. We do not sell Your Data.
          </p>
          <p>
            You can export Your Data at any time and delete your account from Settings. After deletion, Your Data is
            removed from the Service and, after a short period, from our backups. You are responsible for having the
            right to upload the data you import.
          </p>
          <p>
            Public share links are not available yet; when they are, content you share through one is visible to anyone
            who has the link until you revoke it.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>break any law, or infringe anyone’s rights, through the Service;</li>
            <li>
              access another person’s account or data, or probe, scan or test the Service’s security without our written
              permission;
            </li>
            <li>interfere with the Service, overload it, or get around rate limits or access controls;</li>
            <li>copy, resell or offer the Service to others, or use it to build a competing product;</li>
            <li>reverse-engineer the Service, except where the law allows it despite this restriction;</li>
            <li>upload malware, or content that is unlawful or that you have no right to share.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'third-party',
      title: 'Third-party services and brokers',
      body: (
        <>
          <p>
            The Service can connect to brokers, data aggregators, payment providers and other third-party services. Your
            use of them is governed by their own terms. We are not responsible for their availability, or for the
            accuracy or completeness of the data they send us — for example, a broker’s export with a missing fee or
            fill.
          </p>
          <p>
            Broker connections are not available yet; once they are, connecting a broker account authorises us to
            retrieve your account activity on your behalf. The Service only reads data; it never places trades or moves
            money.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          The Service, its software, design, text, graphics and the {brand} name and logo belong to {companyLegalName}{' '}
          or its licensors and are protected by law. We grant you a personal, non-exclusive, non-transferable, revocable
          licence to use the Service under these Terms while your account is in good standing. If you send us feedback
          or suggestions, we may use them without obligation to you.
        </p>
      ),
    },
    {
      id: 'warranties',
      title: 'Disclaimer of warranties',
      body: (
        <p>
          THE SERVICE IS PROVIDED “AS IS” AND “AS AVAILABLE”, WITHOUT WARRANTIES OF ANY KIND, WHETHER EXPRESS, IMPLIED
          OR STATUTORY, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, ACCURACY AND
          NON-INFRINGEMENT. We do not warrant that the Service will be uninterrupted or error-free, that calculations or
          imported data will be free of errors, or that any result will be achieved. Check important figures against
          your broker’s statements.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <>
          <p>
            TO THE FULLEST EXTENT THE LAW ALLOWS, {companyLegalName.toUpperCase()} WILL NOT BE LIABLE FOR ANY INDIRECT,
            INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, TRADING LOSSES, LOSS OF
            DATA OR LOSS OF GOODWILL, ARISING FROM OR RELATED TO THE SERVICE OR THESE TERMS.
          </p>
          <p>
            OUR TOTAL LIABILITY FOR ALL CLAIMS ARISING FROM OR RELATED TO THE SERVICE OR THESE TERMS IS LIMITED TO THE
            LESSER OF (A) THE AMOUNTS YOU PAID US IN THE 12 MONTHS BEFORE THE EVENT GIVING RISE TO THE CLAIM, OR (B) US
            ${LIABILITY_CAP_USD}.
          </p>
          <p>
            Some jurisdictions do not allow certain limitations; where so, these limits apply to the greatest extent
            permitted.
          </p>
        </>
      ),
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      body: (
        <p>
          You agree to defend, indemnify and hold harmless {companyLegalName} and its officers, employees and agents
          from any claims, losses, liabilities and expenses (including reasonable legal fees) arising from your use of
          the Service, Your Data, your breach of these Terms, or your violation of any law or the rights of a third
          party.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <p>
            You may stop using the Service and cancel your subscription at any time. We may suspend or end your access
            if you materially breach these Terms, fail to pay, or use the Service in a way that creates risk or legal
            exposure for us or others; where reasonable we will tell you first and give you a chance to fix the problem
            and export Your Data.
          </p>
          <p>
            When your account ends, your right to use the Service stops. Sections that by their nature should survive —
            including those on intellectual property, disclaimers, limitation of liability, indemnification and dispute
            resolution — survive termination.
          </p>
        </>
      ),
    },
    {
      id: 'disputes',
      title: 'Dispute resolution and governing law',
      body: (
        <>
          <p>
            Before either of us brings a claim about the Service or these Terms, we both agree to these mandatory steps:
          </p>
          <ol>
            <li>
              <strong>Direct resolution.</strong> The party with the dispute sends the other a written notice describing
              it (to us at {mail}). We both then try in good faith to resolve it directly for{' '}
              {pluralDays(DISPUTE_DIRECT_RESOLUTION_DAYS)}.
            </li>
            <li>
              <strong>Waiting period.</strong> If the dispute is not resolved within those{' '}
              {pluralDays(DISPUTE_DIRECT_RESOLUTION_DAYS)}, a further {pluralDays(DISPUTE_MEDIATION_WAIT_DAYS)} must
              pass, during which we keep trying to settle it.
            </li>
            <li>
              <strong>Mandatory mediation.</strong> If it is still unresolved after those{' '}
              {pluralDays(DISPUTE_MEDIATION_WAIT_DAYS)}, the dispute goes to non-binding mediation in the State of{' '}
              {governingLawState} before either party may start court proceedings.
            </li>
          </ol>
          <p>
            These Terms are governed by the laws of the State of {governingLawState}, without regard to its
            conflict-of-law rules. Subject to the steps above, the state and federal courts located in{' '}
            {governingLawState} have exclusive jurisdiction, and you and we consent to them. Either party may still seek
            urgent injunctive relief to protect its rights.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      body: (
        <p>
          We may update these Terms from time to time. If a change is material, we will tell you by e-mail or in the
          Service before it takes effect. The date at the top of this page shows the latest version. If you keep using
          the Service after a change takes effect, you accept the updated Terms; if you do not accept them, cancel
          before that date.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          The Service is provided by {companyLegalName}. Questions about these Terms, refund requests and dispute
          notices go to {mail}, or use our <Link href="/contact">contact form</Link>.
        </p>
      ),
    },
  ];
}

export default function TermsPage() {
  const config = usePublicConfig();
  return (
    <LegalPage
      title="Terms of Service"
      updated={{ iso: '2025-10-21', text: TERMS_LAST_UPDATED }}
      summary={
        <>
          In short: {config.brand} is for reviewing your past trades and learning from them — it is not financial
          advice. Premium renews until you cancel, your first payment carries a {MONEY_BACK_DAYS}-day money-back
          guarantee, and your data stays yours. The full terms below govern.
        </>
      }
      sections={toTermsSections(config)}
      companyLegalName={config.companyLegalName}
      supportEmail={config.supportEmail}
      testId="terms"
    />
  );
}
