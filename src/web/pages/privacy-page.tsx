import { Link } from 'wouter';
import { PRIVACY_LAST_UPDATED, type PublicConfig } from '../../core/config/operator';
import { TRIAL_DAYS } from '../../core/config/plans';
import { LegalPage, pluralDays, type LegalSection } from '../components/layout/legal-document';
import { usePublicConfig } from '../lib/public-config';

/** "2026-12-02" as "December 2, 2026": a calendar date, so read and written in UTC. */
function toLongDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function toCookiesSection(adConversionId: string | undefined): LegalSection {
  return {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We set two cookies, both HttpOnly (page scripts cannot read them) and sent over HTTPS only where the site uses
          it:
        </p>
        <ul>
          <li>
            <code>eb_session</code> keeps you signed in. It holds a random token; we store only its SHA-256 hash. It
            ends when you sign out or after 30 days without use.
          </li>
          <li>
            <code>eb_device</code> is set when you sign in and is sent only to the sign-in address, for one year. It
            holds a code derived from your account and your password hash, so that your own browser is not slowed down
            by the limits we put on repeated failed sign-ins. Changing your password voids it.
          </li>
        </ul>
        <p>
          Your browser also keeps, in its own storage and never sent to us, your light or dark theme, the columns you
          chose for the trades table and the risk you last entered in the position-size calculator.
        </p>
        {adConversionId ? (
          <p>
            On marketing and sign-up pages only, after the page has loaded, we load Google’s ad-conversion tag (from
            googletagmanager.com, id <code>{adConversionId}</code>) to measure whether our ads lead to sign-ups. Google
            may set its own cookies for that. The tag never loads on the pages behind sign-in, so it cannot see your
            trading data.
          </p>
        ) : (
          <p>
            There are no advertising or analytics cookies: the site loads no tracking tag and its pages request nothing
            from any other website.
          </p>
        )}
      </>
    ),
  };
}

/** The sections, in order. Operator values (names, addresses, days) come from the public configuration. */
function toPrivacySections(config: PublicConfig): LegalSection[] {
  const { brand, companyLegalName, supportEmail, trialDataRetentionDays } = config;
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  const trialData =
    trialDataRetentionDays === 0
      ? 'is deleted when the trial ends'
      : `is kept for ${pluralDays(trialDataRetentionDays)} after the trial ends, so that upgrading keeps everything, and is then deleted`;
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {brand} is operated by {companyLegalName} (“we”, “us”), which decides how the personal data described here is
          used. This policy covers the {brand} website and app. Questions go to {mail}.
        </p>
      ),
    },
    {
      id: 'account-data',
      title: 'Your account',
      body: (
        <>
          <p>When you sign up we store:</p>
          <ul>
            <li>your first and last name and your e-mail address, and whether you have verified it;</li>
            <li>
              your password as an argon2id hash only — we never store or see the password itself, and a reset link sets
              a new one;
            </li>
            <li>your time zone, base currency and default risk per trade, which you can change in Settings;</li>
            <li>your plan, your trial and subscription dates and status.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'trading-data',
      title: 'Your trading data',
      body: (
        <>
          <p>
            The point of {brand} is to keep and analyse your trading, so we store what you put in: your accounts (name,
            broker, currency, starting balance), the executions you import or enter, the trades grouped from them, and
            your journal — daily plans and reviews, trade notes, ratings, tags, strategies and screenshots. Screenshots
            are stored on our server’s disk or in a cloud storage bucket (S3-compatible) that we control.
          </p>
          <p>
            A broker file you upload is kept only between its preview and the import: it is removed when the import is
            done or fails. From it we keep the executions it added and an import history entry — the file’s name, size
            and SHA-256 fingerprint, the format we detected, the column mapping used (remembered for files with the same
            columns) and the numbers and reasons of the rows we could not read.
          </p>
        </>
      ),
    },
    {
      id: 'language-model',
      title: 'Help from a language model when importing',
      body: (
        <>
          <p>
            We may connect an outside language model to help recognise the columns of a broker file. If one is
            connected, it is asked only about the columns our own detector is unsure of, and it receives only those
            columns’ headers and up to five sample values of each. Before anything is sent, every run of six or more
            digits that could be an account, order or card number is masked (<code>######</code>). It receives nothing
            else: no other rows, no account details, no name or e-mail address. If it fails or does not answer, our
            detector’s answer is used.
          </p>
          <p>No other part of the app sends your data to a language model.</p>
        </>
      ),
    },
    toCookiesSection(config.adConversionId),
    {
      id: 'security-logs',
      title: 'Sign-in and security records',
      body: (
        <p>
          For each signed-in browser we store the IP address and browser description it signed in with and when it was
          last used, so that you can see your devices in Settings and sign any of them out. We record security events —
          sign-ups, sign-ins, failed sign-ins, password resets and e-mail changes — with the IP address they came from,
          to protect your account. Personal API tokens you create are stored as hashes only.
        </p>
      ),
    },
    {
      id: 'email',
      title: 'E-mail',
      body: (
        <p>
          We send only e-mails about your account: verifying your address, resetting or changing your password or
          e-mail, welcome, trial reminders and the end of the trial, and failed payments. Each e-mail we send is
          recorded in our database with its recipient, subject and text, and delivered through our mail (SMTP) provider.
          We send no newsletters or marketing e-mail.
        </p>
      ),
    },
    {
      id: 'payments',
      title: 'Payments',
      body: (
        <p>
          Card payments are handled by Stripe: you enter your card on Stripe’s checkout page, and we receive only your
          Stripe customer and subscription references and the subscription’s status. We never see or store your card
          number. Where no card provider is set up, {brand} uses a built-in test checkout that asks for no card and
          charges nothing.
        </p>
      ),
    },
    {
      id: 'messages',
      title: 'Messages you send us',
      body: (
        <p>
          The <Link href="/contact">contact form</Link> stores your name, e-mail address, subject, message and IP
          address, and forwards them to our support team. When you ask us to support a broker’s file format, we keep the
          broker’s name, your notes and the sample file you attach so that we can build the import.
        </p>
      ),
    },
    {
      id: 'use-and-sharing',
      title: 'How we use and share your data',
      body: (
        <>
          <p>
            We use your data only to provide the service to you: to import and analyse your trades, keep you signed in
            and secure, send the e-mails above, bill your subscription and answer your questions. We do not sell your
            data, show you ads inside the app, or profile you for advertising.
          </p>
          <p>
            We share it only with the providers that run parts of the service for us, each receiving only what its part
            needs: our hosting and storage, our mail provider, Stripe for payments, and the language model described
            above if one is connected. We disclose data to authorities only when the law requires it.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <>
          <p>
            We keep your account and trading data for as long as your account exists. Uploaded broker files are removed
            once their import is done or has failed; a session ends after 30 days without use.
          </p>
          <p>
            If your {TRIAL_DAYS}-day trial ends without a subscription, the data in it {trialData}; the e-mail telling
            you the trial has ended says so.
          </p>
        </>
      ),
    },
    {
      id: 'your-choices',
      title: 'Seeing, exporting and deleting your data',
      body: (
        <>
          <ul>
            <li>
              <strong>See and correct:</strong> everything you entered is visible in the app; change your name, e-mail,
              time zone and currency in Settings.
            </li>
            <li>
              <strong>Export:</strong> on the Trades page, <strong>Export</strong> downloads your trades as CSV, a row
              each, and every execution of them as a CSV file that imports back (also through the API with a personal
              token).
            </li>
            <li>
              <strong>Delete parts:</strong> delete trades, accounts, screenshots, tags and the sample data in the app,
              undo an import, and sign out devices or revoke API tokens in Settings.
            </li>
            <li>
              <strong>Delete your account:</strong> write to {mail} from your account’s e-mail address; we then delete
              your account and everything in it.
            </li>
          </ul>
          <p>
            Depending on where you live, the law may give you further rights — for example to object to processing or to
            complain to a data protection authority. Write to us to use them.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Passwords are hashed with argon2id, session and API tokens are stored only as hashes, repeated failed sign-ins
          are slowed down, and security events are logged. No system is perfectly secure, so keep your password to
          yourself and sign out devices you no longer use.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          {brand} is for adults: you must be at least 18 to use it, and we do not knowingly collect children’s data.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change what we collect or how we use it, we update this page and its date, and for a material change
          we tell you by e-mail or in the app before it takes effect. Our{' '}
          <Link href="/terms-of-service">Terms of Service</Link> govern your use of {brand}.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          {companyLegalName} is responsible for your data. Write to {mail}, or use our{' '}
          <Link href="/contact">contact form</Link>.
        </p>
      ),
    },
  ];
}

export default function PrivacyPage() {
  const config = usePublicConfig();
  return (
    <LegalPage
      title="Privacy Policy"
      updated={{ iso: PRIVACY_LAST_UPDATED, text: toLongDate(PRIVACY_LAST_UPDATED) }}
      summary={
        <>
          In short: we keep what you put into {config.brand} to show it back to you, we do not sell it or use it for
          ads, your password is never stored, uploaded files are removed after import, and you can export your
          executions or have everything deleted.
        </>
      }
      sections={toPrivacySections(config)}
      companyLegalName={config.companyLegalName}
      supportEmail={config.supportEmail}
      testId="privacy"
    />
  );
}
