import type { ComponentType } from 'react';
import { ArrowRight, CheckCircle2, Lock, SearchX, Shield, Target } from 'lucide-react';
import { useLocation } from 'wouter';
import { findPlaceholderByPath } from '../../../core/site/feature-availability';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/use-auth';

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

/**
 * The signed-in pages of features not built yet (core/site/feature-availability: a placeholder with
 * its own route). Flipping a feature to 'live' takes its route off this page; a unit test keeps the two in step.
 */
export const PLACEHOLDER_SECTIONS: Readonly<Record<string, Section>> = {
  '/goals': {
    name: 'Goals',
    icon: Target,
    intro: 'Smart goals that track themselves from your trades.',
    coming: [
      'Goals on P&L, win rate, expectancy, drawdown or rule adherence',
      'Progress that updates with every imported trade',
      'Insights into what moves you towards a goal — and what holds you back',
    ],
    guide: { href: '/help/goal-creation', label: 'What is planned' },
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
};

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
      <AppPageHeader title="Admin" intro={PLACEHOLDER_SECTIONS['/admin']?.intro} />
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
 * A signed-in path without a page of its own: the "being built" page of a feature not built yet
 * (never a blank page), or not found.
 */
export default function AppSectionPage() {
  const [location] = useLocation();
  const { user } = useAuth();
  const feature = findPlaceholderByPath(location);
  const info = feature?.route === undefined ? undefined : PLACEHOLDER_SECTIONS[feature.route];
  if (!info) return <NotFound />;
  if (feature?.id === 'admin' && user?.role !== 'admin') return <AdminsOnly />;
  return (
    <AppPage>
      <AppPageHeader title={info.name} intro={info.intro} />
      <ComingSoon section={info} />
    </AppPage>
  );
}
