import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import {
  AlertTriangle,
  ArrowLeftRight,
  BarChart3,
  BookOpen,
  NotebookPen,
  Calculator,
  Clock,
  CreditCard,
  FileBarChart,
  FlaskConical,
  LayoutDashboard,
  LogOut,
  MoreHorizontal,
  Settings,
  Shield,
  Target,
  Upload,
  X,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { setDisplayTimeZone } from '../../lib/display-time-zone';
import type { CurrentUser } from '../../lib/use-auth';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

// ------------------------------------------------------------------------------------------------
// Shared by the signed-in pages

/**
 * Seed §4: a GET to the logout endpoint, then a full redirect to /login — also when the call fails,
 * so a user is never stuck in the app because the server could not be reached.
 */
export async function logOut(): Promise<void> {
  try {
    await fetch('/api/logout', { credentials: 'include' });
  } catch {
    // NOTE: ignored on purpose: the redirect below happens either way.
  } finally {
    window.location.href = '/login';
  }
}

/** "March 14, 2026" in the user's time zone (only the web converts to it); falls back to the browser's zone. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
  }
}

// ------------------------------------------------------------------------------------------------
// Navigation

type NavItem = {
  href: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Shown in the phone's bottom bar; everything else sits behind "More". */
  isInBottomBar?: boolean;
  isAdminOnly?: boolean;
};

const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  {
    label: 'Journal',
    items: [
      { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, isInBottomBar: true },
      { href: '/trades', label: 'Trades', icon: ArrowLeftRight, isInBottomBar: true },
      { href: '/journal', label: 'Journal', icon: NotebookPen },
      { href: '/import', label: 'Import', icon: Upload, isInBottomBar: true },
      { href: '/playbook', label: 'Playbook', icon: BookOpen },
      { href: '/goals', label: 'Goals', icon: Target },
      { href: '/position-size', label: 'Position Size', icon: Calculator },
    ],
  },
  {
    label: 'Analyze',
    items: [
      { href: '/analytics', label: 'Analytics', icon: BarChart3, isInBottomBar: true },
      { href: '/advanced-reports', label: 'Advanced Reports', icon: FileBarChart },
      { href: '/demo-advanced-analytics', label: 'Demo Advanced Analytics', icon: FlaskConical },
    ],
  },
  {
    label: 'Account',
    items: [
      { href: '/subscription', label: 'Subscription', icon: CreditCard },
      { href: '/settings', label: 'Settings', icon: Settings },
      { href: '/admin', label: 'Admin', icon: Shield, isAdminOnly: true },
    ],
  },
];

const BOTTOM_BAR_ORDER = ['/dashboard', '/trades', '/analytics', '/import'];

function isActive(location: string, href: string): boolean {
  if (href === '/dashboard' && location === '/') return true;
  return location === href || location.startsWith(`${href}/`);
}

function visibleGroups(user: CurrentUser) {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => !i.isAdminOnly || user.role === 'admin') }));
}

function SidebarNav({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const baseId = useId();
  return (
    <nav aria-label="App" className="flex-1 overflow-y-auto px-3 py-4">
      {visibleGroups(user).map((group, gi) => (
        <div key={group.label} className={gi > 0 ? 'mt-6' : ''}>
          <p id={`${baseId}-${gi}`} className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-muted">
            {group.label}
          </p>
          <ul aria-labelledby={`${baseId}-${gi}`} className="grid gap-0.5">
            {group.items.map((item) => {
              const isCurrent = isActive(location, item.href);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={isCurrent ? 'page' : undefined}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isCurrent ? 'bg-accent-soft text-fg' : 'text-muted hover:bg-sunken hover:text-fg'
                    }`}
                  >
                    <Icon className={`h-4 w-4 shrink-0 ${isCurrent ? 'text-accent' : ''}`} aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The phone's bottom bar: the main sections and a "More" sheet with the rest. */
function BottomNav({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const [isMoreOpen, setIsMoreOpen] = useState(false);
  const all = visibleGroups(user).flatMap((g) => g.items);
  const main = BOTTOM_BAR_ORDER.map((href) => all.find((i) => i.href === href)).filter((i): i is NavItem => !!i);
  const more = all.filter((i) => !i.isInBottomBar);
  const isMoreCurrent = more.some((i) => isActive(location, i.href));
  const tabClass = (isCurrent: boolean) =>
    `flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium ${isCurrent ? 'text-accent' : 'text-muted hover:text-fg'}`;
  return (
    <nav
      aria-label="Main sections"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-elevated/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        {main.map((item) => {
          const isCurrent = isActive(location, item.href);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={isCurrent ? 'page' : undefined} className={tabClass(isCurrent)}>
                <Icon className="h-5 w-5" aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          );
        })}
        <li>
          <Dialog.Root open={isMoreOpen} onOpenChange={setIsMoreOpen}>
            <Dialog.Trigger className={`w-full ${tabClass(isMoreCurrent)}`}>
              <MoreHorizontal className="h-5 w-5" aria-hidden="true" />
              More
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60 lg:hidden" />
              <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl border-t border-line bg-elevated p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-2xl focus:outline-none lg:hidden">
                <div className="mb-2 flex items-center justify-between">
                  <Dialog.Title className="text-base font-semibold text-fg">More</Dialog.Title>
                  <Dialog.Close
                    aria-label="Close"
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-sunken hover:text-fg"
                  >
                    <X className="h-5 w-5" aria-hidden="true" />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Other sections of the app and your account.</Dialog.Description>
                <ul className="grid gap-1">
                  {more.map((item) => {
                    const isCurrent = isActive(location, item.href);
                    const Icon = item.icon;
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          aria-current={isCurrent ? 'page' : undefined}
                          onClick={() => setIsMoreOpen(false)}
                          className={`flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium ${
                            isCurrent ? 'bg-accent-soft text-fg' : 'text-fg hover:bg-sunken'
                          }`}
                        >
                          <Icon className="h-5 w-5 text-muted" aria-hidden="true" />
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                  <li className="mt-1 border-t border-line pt-2">
                    <button
                      type="button"
                      onClick={() => void logOut()}
                      className="flex w-full items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-sunken"
                    >
                      <LogOut className="h-5 w-5 text-muted" aria-hidden="true" />
                      Log Out
                    </button>
                  </li>
                </ul>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </li>
      </ul>
    </nav>
  );
}

// ------------------------------------------------------------------------------------------------
// User menu

function initialsOf(user: CurrentUser): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return initials || user.email.charAt(0).toUpperCase();
}

function Avatar({ user }: { user: CurrentUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-accent-fg"
    >
      {initialsOf(user)}
    </span>
  );
}

/**
 * The account menu: a disclosure (a button and the panel it shows), closed by Escape, a click
 * elsewhere or choosing an entry. `variant="sidebar"` shows the name and opens upwards.
 */
function UserMenu({ user, variant }: { user: CurrentUser; variant: 'sidebar' | 'topbar' }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const hasName = name !== '';
  const fullName = name || user.email;

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setIsOpen(false); // a DOM event's target is a Node
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const itemClass = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-fg hover:bg-sunken';
  const isSidebar = variant === 'sidebar';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((v) => !v)}
        className={
          isSidebar
            ? 'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-sunken'
            : 'flex h-10 items-center rounded-full p-1 hover:bg-sunken'
        }
      >
        <Avatar user={user} />
        {isSidebar ? (
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-fg">{fullName}</span>
            {hasName && <span className="block truncate text-xs text-muted">{user.email}</span>}
            <span className="sr-only">: account menu</span>
          </span>
        ) : (
          <span className="sr-only">Account menu for {fullName}</span>
        )}
      </button>
      {isOpen && (
        <div
          id={panelId}
          className={`absolute z-50 w-60 rounded-xl border border-line bg-elevated p-1.5 shadow-xl ${
            isSidebar ? 'bottom-full left-0 mb-2' : 'right-0 top-full mt-2'
          }`}
        >
          <div className="border-b border-line px-3 pb-2 pt-1.5">
            <p className="truncate text-sm font-semibold text-fg">{fullName}</p>
            {hasName && <p className="truncate text-xs text-muted">{user.email}</p>}
          </div>
          <ul className="grid gap-0.5 pt-1.5">
            <li>
              <Link href="/settings" className={itemClass} onClick={() => setIsOpen(false)}>
                <Settings className="h-4 w-4 text-muted" aria-hidden="true" />
                Settings
              </Link>
            </li>
            <li>
              <Link href="/subscription" className={itemClass} onClick={() => setIsOpen(false)}>
                <CreditCard className="h-4 w-4 text-muted" aria-hidden="true" />
                Subscription
              </Link>
            </li>
            <li className="mt-1 border-t border-line pt-1">
              <button type="button" className={itemClass} onClick={() => void logOut()}>
                <LogOut className="h-4 w-4 text-muted" aria-hidden="true" />
                Log Out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

// ------------------------------------------------------------------------------------------------
// Banners

function daysLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The line above every page about the subscription: trial days left, a failed payment, an ended plan. */
function SubscriptionBanner({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const isOnTrial = user.subscriptionStatus === 'trial' || user.subscriptionStatus === 'trialing';
  const days = user.trialInfo?.daysRemaining ?? 0;
  const linkClass = 'font-semibold text-accent underline underline-offset-2 hover:no-underline';
  const upgradeLink = (label: string) =>
    location === '/subscription' ? null : (
      <>
        {' — '}
        <Link href="/subscription" className={linkClass}>
          {label}
        </Link>
      </>
    );

  let icon: ReactNode;
  let body: ReactNode;
  if (isOnTrial && days > 0) {
    icon = <Clock className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />;
    body = (
      <>
        <strong className="font-semibold">{daysLabel(days)} left</strong> in your trial{upgradeLink('Upgrade')}
      </>
    );
  } else if (user.subscriptionStatus === 'past_due') {
    icon = <AlertTriangle className="h-4 w-4 shrink-0 text-loss" aria-hidden="true" />;
    body = (
      <>
        <strong className="font-semibold">Your last payment failed.</strong> Update your billing details to keep your
        access{upgradeLink('Fix billing')}
      </>
    );
  } else if (!isOnTrial && !user.hasAccess) {
    icon = <AlertTriangle className="h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />;
    body = (
      <>
        <strong className="font-semibold">Your subscription has ended.</strong> Subscribe again to keep using your
        journal{upgradeLink('Resubscribe')}
      </>
    );
  } else {
    return null;
  }
  return (
    <div data-testid="subscription-banner" className="border-b border-line bg-accent-soft/60 px-4 py-2.5 sm:px-6">
      <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 text-center text-sm text-fg">
        {icon}
        <span>{body}</span>
      </p>
    </div>
  );
}

// ------------------------------------------------------------------------------------------------
// The shell

/** Everything around a signed-in page: sidebar (desktop), top bar and bottom navigation (phone). */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  setDisplayTimeZone(user.timezone); // before the page below renders its times
  return (
    <div className="min-h-screen bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-elevated focus:px-3 focus:py-2 focus:text-fg focus:shadow-lg"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-line bg-elevated lg:flex">
        <div className="flex h-16 items-center border-b border-line px-5">
          <Logo />
        </div>
        <SidebarNav user={user} />
        <div className="flex items-center gap-1 border-t border-line p-3">
          <div className="min-w-0 flex-1">
            <UserMenu user={user} variant="sidebar" />
          </div>
          <ThemeToggle />
        </div>
      </aside>

      <header className="sticky top-0 z-30 border-b border-line bg-bg/90 backdrop-blur lg:hidden">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <Logo />
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <UserMenu user={user} variant="topbar" />
          </div>
        </div>
      </header>

      <div className="flex min-h-screen flex-col pb-20 lg:pb-0 lg:pl-64">
        <SubscriptionBanner user={user} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
      </div>

      <BottomNav user={user} />
    </div>
  );
}

/** The standard top of a signed-in page: its one h1, a line of context and optional actions. */
export function AppPageHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {intro && <p className="mt-1.5 max-w-2xl text-sm text-muted sm:text-base">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The padded column a signed-in page's content sits in. */
export function AppPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8 ${className ?? ''}`}>{children}</div>
  );
}
