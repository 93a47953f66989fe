import { ArrowRight, BarChart3, Calculator, ClipboardCheck, Dices, FileSpreadsheet, ShieldCheck } from 'lucide-react';
import { BROKER_FORMAT_TURNAROUND_HOURS } from '../../core/config/operator';
import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL } from '../../core/config/plans';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { ButtonLink } from '../components/ui/button';
import { Card, Container, SectionHeading } from '../components/ui/card';
import { usePublicConfig } from '../lib/public-config';

const PRINCIPLES = [
  { value: 'Exact', label: 'P&L to the cent, fees and multipliers included' },
  { value: 'Honest', label: 'Every statistic shows how many trades it rests on' },
  { value: 'Yours', label: 'Export everything, any time; we never sell your data' },
] as const;

const WHY_CHOOSE = [
  {
    icon: Calculator,
    title: 'Numbers that match your statement',
    body: 'Exact decimal arithmetic, contract multipliers, commissions, partial exits and expired options are all accounted for — so your journal agrees with your broker to the cent, and explains any day where it doesn’t.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Your broker, or any file',
    body: `The importer recognises the files of ${BROKER_COUNT} brokers, and any other CSV, Excel or TSV export works with column detection. If your broker’s file is new to us, we add it within ${BROKER_FORMAT_TURNAROUND_HOURS} hours.`,
  },
  {
    icon: BarChart3,
    title: 'Statistics that admit uncertainty',
    body: 'Win rate and expectancy come with their sample size and a 95% confidence interval. A “best setup” found in six trades is marked as what it is.',
  },
  {
    icon: ClipboardCheck,
    title: 'Plan versus execution',
    body: 'Write the plan before the session — levels, stop, maximum size — and see your fills scored against it: late entries, moved stops, oversized positions and unplanned trades.',
  },
  {
    icon: Dices,
    title: 'Risk you can see coming',
    body: `Monte Carlo simulation with ${MONTE_CARLO_RUNS_LABEL} runs of your own results, VaR and CVaR, and the probability of ruin at the position size you actually use.`,
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    body: 'Every execution remembers the file and row it came from. Export your trades and every execution as CSV whenever you like, or have your account deleted — no questions, no lock-in.',
  },
] as const;

function toInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export default function AboutPage() {
  const { brand, founderName, founderBio } = usePublicConfig();
  return (
    <PublicLayout>
      <PageHero
        eyebrow={`About ${brand}`}
        title="Built by traders who wanted the truth about their edge"
        intro={`${brand} is a trading journal for individual traders — day, swing, options and long-term — that turns your broker’s records into an honest, exact picture of what is working.`}
      />

      <section aria-labelledby="mission-heading" className="py-16 sm:py-20">
        <Container>
          <div className="mx-auto max-w-4xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent">Our mission</p>
            <h2
              id="mission-heading"
              className="mt-3 text-3xl font-bold leading-tight tracking-tight text-fg sm:text-4xl"
            >
              Help every trader find out, with real numbers, whether they have an edge — and keep it.
            </h2>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
              Most traders judge themselves by their last few trades and how they felt about them. We think a trader
              deserves better evidence: every trade recorded exactly, measured against the risk taken, and summed up
              without flattering the result.
            </p>
          </div>
          <dl className="mx-auto mt-12 grid max-w-4xl gap-4 sm:grid-cols-3">
            {PRINCIPLES.map((p) => (
              <div key={p.value} className="rounded-2xl border border-line bg-elevated px-5 py-6 text-center">
                <dt className="text-2xl font-extrabold tracking-tight text-accent">{p.value}</dt>
                <dd className="mt-2 text-sm text-muted">{p.label}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section aria-labelledby="story-heading" className="border-y border-line bg-sunken py-16 sm:py-20">
        <Container>
          <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_1.4fr] lg:items-start">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-accent">
                {founderName ? 'Meet the founder' : 'Our story'}
              </p>
              <h2 id="story-heading" className="mt-2 text-3xl font-bold tracking-tight text-fg">
                {founderName ? `Why ${founderName} built ${brand}` : `Why we built ${brand}`}
              </h2>
              {founderName ? (
                <Card className="mt-6" data-testid="founder">
                  <div className="flex items-center gap-4">
                    <span
                      className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-fg"
                      aria-hidden="true"
                    >
                      {toInitials(founderName)}
                    </span>
                    <div>
                      <p className="text-lg font-bold text-fg">{founderName}</p>
                      <p className="text-sm text-muted">Founder, {brand}</p>
                    </div>
                  </div>
                  {founderBio && <p className="mt-4 text-muted">{founderBio}</p>}
                </Card>
              ) : (
                <div className="mt-6 rounded-2xl border border-line bg-elevated p-5">
                  <svg
                    viewBox="0 0 240 90"
                    className="h-auto w-full"
                    role="img"
                    aria-label="Two equity curves diverging: the one a broker statement shows, and a journal that missed fees"
                  >
                    <line x1="0" y1="80" x2="240" y2="80" className="stroke-line" strokeWidth="1" />
                    <polyline
                      points="0,70 30,62 60,66 90,48 120,52 150,36 180,40 210,24 240,18"
                      fill="none"
                      className="stroke-accent"
                      strokeWidth="3"
                      strokeLinejoin="round"
                    />
                    <polyline
                      points="0,70 30,60 60,60 90,40 120,40 150,22 180,22 210,8 240,2"
                      fill="none"
                      className="stroke-loss"
                      strokeWidth="2"
                      strokeDasharray="5 4"
                      strokeLinejoin="round"
                    />
                  </svg>
                  <p className="mt-3 text-xs text-muted">
                    <span className="font-semibold text-loss">Dashed:</span> what a journal that drops fees and
                    multipliers shows. <span className="font-semibold text-accent">Solid:</span> what the broker
                    statement says.
                  </p>
                </div>
              )}
            </div>
            <div className="prose-eb text-lg">
              {founderName ? (
                <p>
                  {brand} started from a frustration {founderName} shared with many traders: journals that looked
                  impressive but could not be trusted with the one thing a journal is for — the truth about your
                  results.
                </p>
              ) : (
                <p>
                  We are a small team of traders and software engineers. Like most traders, we kept our journals first
                  in spreadsheets and then in journal apps — and we kept running into the same walls.
                </p>
              )}
              <p>
                A P&amp;L that didn’t match the broker statement because a commission or a contract multiplier went
                missing. Partial exits split into phantom trades. Expired options that never closed. An import that
                broke the week the broker changed its file. A “best hour of the day” calculated from seven trades, shown
                as if it meant something.
              </p>
              <p>
                So we built the journal we wanted to trust. Every execution remembers the file and the row it came from.
                P&amp;L is computed with exact decimals. Each statistic tells you how many trades it stands on. And the
                question that matters — is this setup worth trading? — gets an answer in R, with its uncertainty,
                instead of a feeling.
              </p>
              <p>
                We are not done. When a number in {brand} looks wrong to you, or your broker’s file won’t import, tell
                us: we read every message, and we add new broker formats within {BROKER_FORMAT_TURNAROUND_HOURS} hours.
              </p>
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="why-heading" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="why-heading" eyebrow={`Why ${brand}`} title={`Why traders choose ${brand}`} />
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {WHY_CHOOSE.map(({ icon: Icon, title, body }) => (
              <Card key={title} className="transition-shadow hover:shadow-md">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-fg">{title}</h3>
                <p className="mt-2 text-muted">{body}</p>
              </Card>
            ))}
          </div>
        </Container>
      </section>

      <section aria-labelledby="about-cta" className="pb-20">
        <Container>
          <div className="rounded-3xl border border-line bg-gradient-to-br from-accent-soft to-elevated px-6 py-12 text-center sm:px-12">
            <h2 id="about-cta" className="text-3xl font-bold tracking-tight text-fg">
              See what {brand} can show you
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-muted">
              Take the tour of everything it does, or head back to the start.
            </p>
            <div className="mt-7 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/features" size="lg">
                Explore features
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink href="/" size="lg" variant="secondary">
                Back to home
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>
    </PublicLayout>
  );
}
