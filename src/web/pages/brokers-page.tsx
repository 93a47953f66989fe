import { useState } from 'react';
import { Link } from 'wouter';
import {
  Bitcoin,
  CandlestickChart,
  Clock,
  Coins,
  EyeOff,
  FileDown,
  Globe2,
  Layers,
  LineChart,
  PlugZap,
  Send,
  Upload,
} from 'lucide-react';
import { BROKER_FORMAT_TURNAROUND_HOURS, SAMPLE_FILE_ROWS } from '../../core/config/operator';
import { BROKER_COUNT } from '../../core/config/plans';
import { ASSET_TYPE_LABELS, SUPPORTED_BROKERS, type AssetType } from '../../core/site/brokers';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { BrokerRequestLauncher } from '../features/import/broker-request-launcher';
import { Card, Container, SectionHeading } from '../components/ui/card';
import { ComingSoonBadge } from '../components/ui/coming-soon-badge';
import { usePublicConfig } from '../lib/public-config';

type AssetFilter = 'all' | 'equities' | 'options' | 'futures' | 'forex' | 'crypto' | 'cfds';

const FILTERS: { id: AssetFilter; label: string; matches: readonly AssetType[] }[] = [
  { id: 'all', label: 'All', matches: [] },
  { id: 'equities', label: 'Stocks & ETFs', matches: ['stocks', 'etfs'] },
  { id: 'options', label: 'Options', matches: ['options'] },
  { id: 'futures', label: 'Futures', matches: ['futures'] },
  { id: 'forex', label: 'Forex', matches: ['forex'] },
  { id: 'crypto', label: 'Crypto', matches: ['crypto'] },
  { id: 'cfds', label: 'CFDs', matches: ['cfds'] },
];

const ASSET_ORDER = Object.keys(ASSET_TYPE_LABELS) as AssetType[]; // the record's keys are exactly AssetType

const ASSET_CLASSES = [
  {
    icon: LineChart,
    title: 'Stocks & ETFs',
    body: 'Long and short, with scale-ins and partial exits kept in one trade. Multi-currency accounts stay in their own currency.',
  },
  {
    icon: Layers,
    title: 'Options',
    body: 'OCC symbols and brokers’ text forms are parsed into underlying, expiry, strike and right, and shown as you read them (QQQ 17 Jan 25 460 P, the OCC code in its tooltip). Contracts use a 100 multiplier unless stated; expired options close at zero.',
  },
  {
    icon: CandlestickChart,
    title: 'Futures',
    body: 'P&L uses each contract’s multiplier — ES 50, MES 5, NQ 20, MNQ 2, YM 5, RTY 50, CL 1000, GC 100 and more — so a point is worth what it should. Contracts read as MES Mar 25.',
  },
  {
    icon: Globe2,
    title: 'Forex',
    body: 'Currency pairs in any lot size. P&L stays in the currency it was made in; where a file gives the rate to the account’s currency, a trade shows its P&L in that currency too.',
  },
  {
    icon: Bitcoin,
    title: 'Crypto',
    body: 'Fractional quantities to many decimal places, and quote currencies such as USD, EUR or USDT.',
  },
  {
    icon: Coins,
    title: 'CFDs',
    body: 'Contracts for difference are their own asset class, with their own currency and fees, so they never mix with trades in the underlying shares.',
  },
] as const;

const FILE_FORMATS = [
  { ext: 'CSV', detail: 'Any delimiter: comma, semicolon, tab or pipe' },
  { ext: '.xlsx', detail: 'Excel workbooks' },
  { ext: '.xls', detail: 'Older Excel files' },
  { ext: '.tsv', detail: 'Tab-separated text' },
] as const;

const FILE_QUIRKS = [
  'UTF-8, UTF-16 and Windows-1252 encodings, with or without a byte-order mark',
  'Title lines above the header and totals or disclaimers below the data',
  'Numbers written as 1,234.56 · 1.234,56 · (12.50) · $-12.50',
  'Dates in your broker’s own format, read in the timezone of its files',
  'Re-importing the same file adds nothing: duplicates are recognised and skipped',
] as const;

function toMonogram(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > 1)
    return words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('');
  return name
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 1)
    .toUpperCase();
}

export default function BrokersPage() {
  const { supportEmail } = usePublicConfig();
  const [filter, setFilter] = useState<AssetFilter>('all');
  const active = FILTERS.find((f) => f.id === filter) ?? FILTERS[0]!;
  const brokers =
    filter === 'all'
      ? SUPPORTED_BROKERS
      : SUPPORTED_BROKERS.filter((b) => b.assets.some((a) => active.matches.includes(a)));

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Supported brokers"
        title={`Import from ${BROKER_COUNT} brokers — or any file`}
        intro="Download your trade history from your broker and import the file: we recognise the layouts of these brokers, and column detection reads any other. Fees, multipliers and partial fills are handled for you."
      >
        <dl className="mx-auto mt-8 grid max-w-2xl grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            { v: String(BROKER_COUNT), k: 'broker file layouts recognised' },
            { v: String(ASSET_CLASSES.length), k: 'asset types' },
            { v: String(FILE_FORMATS.length), k: 'file formats' },
            { v: `${BROKER_FORMAT_TURNAROUND_HOURS}h`, k: 'to add a new format' },
          ].map((s) => (
            <div key={s.k} className="flex flex-col-reverse rounded-xl border border-line bg-elevated px-3 py-3">
              <dt className="text-xs text-muted">{s.k}</dt>
              <dd className="tabular text-2xl font-extrabold text-fg">{s.v}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section aria-labelledby="brokers-heading" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="brokers-heading"
            eyebrow="File import"
            title="Brokers we import from"
            intro="For every broker below, import a file: export your trade history from the broker and upload it, and the importer recognises its layout. Direct broker connections are coming; until they arrive, a file is the way in."
          />
          <div
            role="group"
            aria-label="Filter brokers by asset type"
            className="mb-6 flex flex-wrap justify-center gap-2"
          >
            {FILTERS.map((f) => {
              const isActive = f.id === filter;
              return (
                <button
                  key={f.id}
                  type="button"
                  aria-pressed={isActive}
                  onClick={() => setFilter(f.id)}
                  className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${isActive ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-elevated text-fg hover:border-accent'}`}
                >
                  {f.label}
                </button>
              );
            })}
          </div>
          <p className="mb-6 text-center text-sm text-muted" aria-live="polite">
            {filter === 'all'
              ? `All ${SUPPORTED_BROKERS.length} brokers`
              : `${brokers.length} of ${SUPPORTED_BROKERS.length} brokers support ${active.label}`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="broker-list">
            {brokers.map((b) => (
              <li key={b.name} className="flex gap-4 rounded-2xl border border-line bg-elevated p-4 shadow-sm">
                <span
                  className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-base font-extrabold tracking-tight text-accent"
                  aria-hidden="true"
                >
                  {toMonogram(b.name)}
                </span>
                <div className="min-w-0">
                  <h3 className="font-bold text-fg">{b.name}</h3>
                  <p className="text-sm text-muted">{b.region}</p>
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${b.name} asset types`}>
                    {ASSET_ORDER.filter((a) => b.assets.includes(a)).map((a) => (
                      <li key={a} className="rounded-md bg-sunken px-2 py-0.5 text-xs font-medium text-fg">
                        {ASSET_TYPE_LABELS[a]}
                      </li>
                    ))}
                  </ul>
                  {b.note && <p className="mt-2 text-xs text-muted">{b.note}</p>}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 grid gap-4 md:grid-cols-2">
            <Card className="flex gap-4">
              <PlugZap className="mt-1 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <h3 className="font-bold text-fg">
                  Broker connections
                  <ComingSoonBadge />
                </h3>
                <p className="mt-1 text-sm text-muted">
                  Read-only connections that fetch new executions on their own are coming, planned for all{' '}
                  {BROKER_COUNT} brokers on this page. They are not available yet: today, import a file.
                </p>
              </div>
            </Card>
            <Card className="flex gap-4">
              <Upload className="mt-1 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <h3 className="font-bold text-fg">Upload your broker’s export</h3>
                <p className="mt-1 text-sm text-muted">
                  Download your trade history from the broker and drop the file in. You see a preview with every
                  column’s detected meaning before anything is saved, and you can undo an import in one step.
                </p>
              </div>
            </Card>
          </div>
        </Container>
      </section>

      <section aria-labelledby="assets-heading" className="border-y border-line bg-sunken py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="assets-heading"
            eyebrow="Asset types"
            title="Every market you trade"
            intro="Each asset class is priced the way its market is, so a futures point or an option contract is worth what your broker says it is."
          />
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {ASSET_CLASSES.map(({ icon: Icon, title, body }) => (
              <Card key={title}>
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-fg">{title}</h3>
                <p className="mt-2 text-sm text-muted">{body}</p>
              </Card>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="formats-heading" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="formats-heading"
            eyebrow="File formats"
            title="Any broker’s file, not just ours"
            intro="Not on the list? Upload the file anyway. Column detection reads the header names and the shape of the values, tells you how sure it is, and asks only when it isn’t."
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FILE_FORMATS.map((f) => (
              <div key={f.ext} className="rounded-2xl border border-line bg-elevated p-5">
                <FileDown className="h-5 w-5 text-accent" aria-hidden="true" />
                <h3 className="mt-3 font-mono text-xl font-bold text-fg">{f.ext}</h3>
                <p className="mt-1 text-sm text-muted">{f.detail}</p>
              </div>
            ))}
          </div>
          <Card className="mt-6">
            <h3 className="font-bold text-fg">What the importer copes with</h3>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {FILE_QUIRKS.map((q) => (
                <li key={q} className="flex gap-2.5 text-sm text-muted">
                  <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                  {q}
                </li>
              ))}
            </ul>
          </Card>
        </Container>
      </section>

      <section aria-labelledby="request-heading" className="pb-20">
        <Container>
          <div className="rounded-3xl border border-line bg-gradient-to-br from-accent-soft to-elevated px-6 py-12 sm:px-12">
            <div className="mx-auto max-w-3xl text-center">
              <p className="text-sm font-semibold uppercase tracking-wider text-accent">Request broker support</p>
              <h2 id="request-heading" className="mt-2 text-3xl font-bold tracking-tight text-fg">
                Your broker’s format, added within {BROKER_FORMAT_TURNAROUND_HOURS} hours
              </h2>
              <p className="mt-3 text-muted">
                If a file doesn’t import cleanly, send us a sample and we add its layout to the importer.
              </p>
            </div>
            <ol className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-3">
              {[
                {
                  icon: FileDown,
                  title: 'Export a sample',
                  body: `Download your trade history and keep ${SAMPLE_FILE_ROWS} rows, with the header line as it is.`,
                },
                {
                  icon: EyeOff,
                  title: 'Remove sensitive data',
                  body: 'Blank out account numbers, names and addresses. Leave the columns and their layout untouched.',
                },
                {
                  icon: Send,
                  title: 'Send it to us',
                  body: 'Use the contact form and tell us your broker’s name, or e-mail the file to our support address.',
                },
              ].map((step, i) => (
                <li key={step.title} className="rounded-2xl border border-line bg-elevated p-5">
                  <div className="flex items-center gap-3">
                    <span className="tabular inline-flex h-8 w-8 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-fg">
                      {i + 1}
                    </span>
                    <step.icon className="h-5 w-5 text-accent" aria-hidden="true" />
                  </div>
                  <h3 className="mt-3 font-bold text-fg">{step.title}</h3>
                  <p className="mt-1 text-sm text-muted">{step.body}</p>
                </li>
              ))}
            </ol>
            <div className="mt-8 flex flex-col items-center gap-3">
              <ButtonLink href="/contact" size="lg">
                Request a broker
              </ButtonLink>
              <BrokerRequestLauncher />
              <p className="flex items-center gap-2 text-sm text-muted">
                <Clock className="h-4 w-4" aria-hidden="true" />
                New formats within {BROKER_FORMAT_TURNAROUND_HOURS} hours ·{' '}
                <a href={`mailto:${supportEmail}`} className="font-medium text-accent underline underline-offset-2">
                  {supportEmail}
                </a>
              </p>
              <p className="text-sm text-muted">
                Wondering how import works?{' '}
                <Link href="/help/csv-import" className="font-medium text-accent underline underline-offset-2">
                  Read the import guide
                </Link>
                .
              </p>
            </div>
          </div>
        </Container>
      </section>
    </PublicLayout>
  );
}
