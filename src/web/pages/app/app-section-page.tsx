import type { ComponentType } from 'react';
import {
  ArrowLeftRight,
  ArrowRight,
  BarChart3,
  BookOpen,
  Calculator,
  CheckCircle2,
  CreditCard,
  FileBarChart,
  FlaskConical,
  LayoutDashboard,
  Lock,
  PenLine,
  SearchX,
  Shield,
  Target,
  Upload,
  NotebookPen,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { BROKER_COUNT, MONTE_CARLO_RUNS_LABEL, REPORT_FILTER_COUNT_LABEL } from '../../../core/config/plans';
import { PROTECTED_PATHS } from '../../../core/site/public-pages';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/use-auth';

export type SectionPath = (typeof PROTECTED_PATHS)[number];

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

type Section = {
  name: string;
  icon: Icon;
  /** One line under the title: what the section is for. */
  intro: string;
  /** What the finished section will do (docs/product.md, "Pages behind sign-in"). */
  coming: string[];
  guide?: { href: string; label: string };
};

const SECTIONS: Record<SectionPath, Section> = {
  '/dashboard': {
    name: 'Dashboard',
    icon: LayoutDashboard,
    intro: 'Your trading at a glance.',
    coming: [
      'Net P&L, win rate, profit factor and expectancy in $ and R for any period and account',
      'Equity curve with the drawdown underneath',
      'P&L calendar with daily results, trade counts and journal notes',
      'Recent trades, goal progress and your latest insights',
    ],
    guide: { href: '/help/equity-curve', label: 'How the equity curve works' },
  },
  '/trades': {
    name: 'Trades',
    icon: ArrowLeftRight,
    intro: 'Every round trip you have made, in one fast, filterable table.',
    coming: [
      'A table that stays smooth at 100,000 trades, with sorting and your choice of columns',
      'Quick filters by date, symbol, side, strategy, tag and outcome',
      'Bulk tagging and strategy assignment',
      'A trade view with executions, P&L, R, stop and target, rules, notes and screenshots',
    ],
    guide: { href: '/help/tags-guide', label: 'Read the tags guide' },
  },
  '/journal': {
    name: 'Journal',
    icon: NotebookPen,
    intro: 'Every day you planned, reviewed or noted a trade.',
    coming: [],
  },
  '/analytics': {
    name: 'Analytics',
    icon: BarChart3,
    intro: 'Find out where your edge really comes from.',
    coming: [
      'Breakdowns by symbol, strategy, tag, side, weekday, hour, month and holding time',
      'R-multiple distribution and a time-of-day × weekday heatmap',
      'Risk metrics: Sharpe, Sortino, Calmar, VaR and CVaR, SQN and Kelly',
      `Monte Carlo simulation with ${MONTE_CARLO_RUNS_LABEL} runs`,
    ],
    guide: { href: '/help/r-multiple', label: 'Learn about R-multiples' },
  },
  '/goals': {
    name: 'Goals',
    icon: Target,
    intro: 'Smart goals that track themselves from your trades.',
    coming: [
      'Goals on P&L, win rate, expectancy, drawdown or rule adherence',
      'Progress that updates with every imported trade',
      'Insights into what moves you towards a goal — and what holds you back',
    ],
    guide: { href: '/help/goal-creation', label: 'How smart goals work' },
  },
  '/playbook': {
    name: 'Playbook',
    icon: BookOpen,
    intro: 'Your strategies, their rules and what following them is worth.',
    coming: [
      'Strategies with their entry, exit and risk rules',
      'Per strategy: trades, P&L, expectancy and adherence %',
      'Each rule’s effect: performance when followed versus when broken',
    ],
    guide: { href: '/help/strategy-setup', label: 'Set up your first strategy' },
  },
  '/import': {
    name: 'Import',
    icon: Upload,
    intro: 'Bring your executions in from any broker.',
    coming: [
      'CSV with any delimiter, Excel (.xlsx, .xls) and TSV files, with automatic column detection',
      `Automatic imports from ${BROKER_COUNT} brokers`,
      'Import history with one-click undo',
    ],
    guide: { href: '/help/csv-import', label: 'Read the import guide' },
  },
  '/advanced-reports': {
    name: 'Advanced Reports',
    icon: FileBarChart,
    intro: 'Slice your history any way you like, and keep the view.',
    coming: [
      `${REPORT_FILTER_COUNT_LABEL} filter parameters, grouping and charts`,
      'Saved reports you can come back to',
      'CSV and PDF export, and sharing',
    ],
    guide: { href: '/help/advanced-reports', label: 'Read the reports guide' },
  },
  '/subscription': {
    name: 'Subscription',
    icon: CreditCard,
    intro: 'Your plan, billing and renewal.',
    coming: [],
  },
  '/admin': {
    name: 'Admin',
    icon: Shield,
    intro: 'Run this installation.',
    coming: [
      'Users: search, status, disable or enable, extend a trial',
      'Contact messages and broker format requests',
      'The audit log and the e-mail outbox',
    ],
  },
  '/position-size': {
    name: 'Position Size',
    icon: Calculator,
    intro: 'How much to trade so that a stop-out costs what you chose to risk.',
    coming: ['Size from account, risk, entry and stop for stocks, options, futures, forex, crypto and CFDs'],
  },
  '/demo-advanced-analytics': {
    name: 'Demo Advanced Analytics',
    icon: FlaskConical,
    intro: 'The full analytics on a built-in sample data set — explore before you import.',
    coming: [
      'Every analytics view, filled with realistic sample trades',
      `Monte Carlo (${MONTE_CARLO_RUNS_LABEL} runs), VaR and CVaR on the sample account`,
      'Nothing to set up: your own data stays untouched',
    ],
    guide: { href: '/help/monte-carlo', label: 'Learn about Monte Carlo' },
  },
};

const DASHBOARD_STEPS: { href: string; title: string; text: string; icon: Icon }[] = [
  { href: '/import', title: 'Import your trades', text: 'Upload a broker file or connect a broker.', icon: Upload },
  {
    href: '/trades',
    title: 'Add a trade by hand',
    text: 'Log a single trade with its stop and target.',
    icon: PenLine,
  },
  {
    href: '/demo-advanced-analytics',
    title: 'Explore sample data',
    text: 'See every chart on a ready-made account.',
    icon: FlaskConical,
  },
];

function findSection(location: string): SectionPath | undefined {
  return PROTECTED_PATHS.find((p) => location === p || location.startsWith(`${p}/`));
}

function ComingSoon({ section }: { section: Section }) {
  const Icon = section.icon;
  return (
    <Card className="mt-6 p-6 sm:p-10">
      <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <p className="mt-5 inline-flex rounded-full border border-highlight/50 bg-elevated px-3 py-1 text-xs font-semibold uppercase tracking-wider text-highlight">
          Coming soon
        </p>
        <h2 className="mt-3 text-xl font-bold tracking-tight text-fg sm:text-2xl">{section.name} is being built</h2>
        <p className="mt-2 text-sm text-muted sm:text-base">
          This part of the app isn’t ready yet. Here is what it will do:
        </p>
      </div>
      <ul className="mx-auto mt-6 grid max-w-2xl gap-3">
        {section.coming.map((item) => (
          <li
            key={item}
            className="flex items-start gap-3 rounded-xl border border-line bg-bg px-4 py-3 text-sm text-fg"
          >
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
      {section.guide && (
        <div className="mt-8 flex justify-center">
          <ButtonLink href={section.guide.href} variant="secondary">
            {section.guide.label}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const section = SECTIONS['/dashboard'];
  const greeting = user?.firstName ? `Welcome, ${user.firstName}.` : 'Welcome.';
  return (
    <AppPage>
      <AppPageHeader title="Dashboard" intro={`${greeting} Your trading results will come together here.`} />
      <section aria-labelledby="get-started" className="mt-8">
        <h2 id="get-started" className="text-lg font-semibold text-fg">
          Get started
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          {DASHBOARD_STEPS.map((step) => {
            const Icon = step.icon;
            return (
              <li key={step.href}>
                <Link
                  href={step.href}
                  className="group flex h-full flex-col rounded-2xl border border-line bg-elevated p-5 shadow-sm transition-colors hover:border-accent"
                >
                  <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent-soft text-accent">
                    <Icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  <span className="mt-4 flex items-center gap-1 font-semibold text-fg">
                    {step.title}
                    <ArrowRight
                      className="h-4 w-4 text-muted transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="mt-1 text-sm text-muted">{step.text}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <ComingSoon section={section} />
    </AppPage>
  );
}

function NotFound() {
  return (
    <AppPage>
      <Card className="mx-auto mt-6 max-w-xl p-8 text-center sm:p-10">
        <SearchX className="mx-auto h-10 w-10 text-muted" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-fg">Page not found</h1>
        <p className="mt-2 text-sm text-muted">There is nothing at this address. Pick a section from the menu.</p>
        <div className="mt-6 flex justify-center">
          <ButtonLink href="/dashboard">Go to the dashboard</ButtonLink>
        </div>
      </Card>
    </AppPage>
  );
}

function AdminsOnly() {
  return (
    <AppPage>
      <AppPageHeader title="Admin" intro={SECTIONS['/admin'].intro} />
      <Card className="mx-auto mt-6 max-w-xl p-8 text-center sm:p-10">
        <Lock className="mx-auto h-10 w-10 text-muted" aria-hidden="true" />
        <h2 className="mt-4 text-xl font-bold tracking-tight text-fg">For administrators only</h2>
        <p className="mt-2 text-sm text-muted">
          Your account doesn’t have access to this area. If you think it should, ask the person who runs this
          installation.
        </p>
        <div className="mt-6 flex justify-center">
          <ButtonLink href="/dashboard">Go to the dashboard</ButtonLink>
        </div>
      </Card>
    </AppPage>
  );
}

/**
 * A signed-in section whose screens are still being built: a clear empty state saying what is
 * coming, never a blank page. Without `section`, the current path decides.
 */
export default function AppSectionPage({ section }: { section?: SectionPath }) {
  const [location] = useLocation();
  const { user } = useAuth();
  const path = section ?? findSection(location);
  if (!path) return <NotFound />;
  if (path === '/dashboard') return <Dashboard />;
  if (path === '/admin' && user?.role !== 'admin') return <AdminsOnly />;
  const info = SECTIONS[path];
  return (
    <AppPage>
      <AppPageHeader title={info.name} intro={info.intro} />
      <ComingSoon section={info} />
    </AppPage>
  );
}
