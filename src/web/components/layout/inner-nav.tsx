import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, X } from 'lucide-react';
import { buttonClass, ButtonLink } from '../ui/button';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** The shared public navigation on inner pages (seed §2). */
export const INNER_NAV_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/brokers', label: 'Supported Brokers' },
  { href: '/education', label: 'Learn' },
  { href: '/help', label: 'Learning Center' },
  { href: '/contact', label: 'Contact' },
] as const;

export function InnerNav() {
  const [isOpen, setIsOpen] = useState(false);
  const [location] = useLocation();
  const linkClass = (href: string) =>
    `rounded-md px-2.5 py-2 text-sm font-medium ${location === href || location.startsWith(`${href}/`) ? 'text-accent' : 'text-muted hover:text-fg'}`;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-1 lg:flex">
          {INNER_NAV_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              className={linkClass(l.href)}
              aria-current={location === l.href ? 'page' : undefined}
            >
              {l.label}
            </Link>
          ))}
        </div>
        <div className="hidden items-center gap-2 lg:flex">
          <ThemeToggle />
          {/* A full navigation, as the seed says: the server sends it on to the sign-in page. */}
          <a href="/api/login" className={buttonClass('ghost', 'sm')}>
            Sign In
          </a>
          <ButtonLink href="/signup" size="sm">
            Start Free Trial
          </ButtonLink>
        </div>
        <div className="flex items-center gap-1 lg:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-sunken"
            aria-expanded={isOpen}
            aria-controls="mobile-menu"
            aria-label={isOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsOpen((v) => !v)}
          >
            {isOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </button>
        </div>
      </nav>
      {isOpen && (
        <div id="mobile-menu" className="border-t border-line bg-bg px-4 pb-4 lg:hidden">
          <ul className="grid gap-1 py-2">
            {INNER_NAV_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  className="block rounded-md px-3 py-2.5 text-base font-medium text-fg hover:bg-sunken"
                  onClick={() => setIsOpen(false)}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="grid gap-2 border-t border-line pt-3">
            <a href="/api/login" className={buttonClass('secondary', 'md')}>
              Sign In
            </a>
            <ButtonLink href="/signup" onClick={() => setIsOpen(false)}>
              Start Free Trial
            </ButtonLink>
          </div>
        </div>
      )}
    </header>
  );
}
