import { useState } from 'react';
import { Link } from 'wouter';
import { Menu, X } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/layout/logo';
import { ThemeToggle } from '../../components/layout/theme-toggle';

/** The landing page's own top navigation (seed §2); Start Free Trial opens the signup modal. */
const LANDING_LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/help', label: 'Learning Center' },
  { href: '/about', label: 'About' },
] as const;

export function LandingNav({ onStartTrial }: { onStartTrial: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          {LANDING_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-fg"
            >
              {l.label}
            </Link>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          <Link href="/login" className={buttonClass('ghost', 'sm')}>
            Sign In
          </Link>
          <Button size="sm" onClick={onStartTrial}>
            Start Free Trial
          </Button>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-sunken"
            aria-expanded={isOpen}
            aria-controls="landing-mobile-menu"
            aria-label={isOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsOpen((v) => !v)}
          >
            {isOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </button>
        </div>
      </nav>
      {isOpen && (
        <div id="landing-mobile-menu" className="border-t border-line bg-bg px-4 pb-4 md:hidden">
          <ul className="grid gap-1 py-2">
            {LANDING_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  className="block rounded-md px-3 py-2.5 text-base font-medium text-fg hover:bg-sunken"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="grid gap-2 border-t border-line pt-3">
            <Link href="/login" className={buttonClass('secondary', 'md')}>
              Sign In
            </Link>
            <Button
              onClick={() => {
                setIsOpen(false);
                onStartTrial();
              }}
            >
              Start Free Trial
            </Button>
          </div>
        </div>
      )}
    </header>
  );
}
