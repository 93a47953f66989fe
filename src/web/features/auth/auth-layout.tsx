import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { AlertCircle, Eye, EyeOff } from 'lucide-react';
import { PublicLayout } from '../../components/layout/public-layout';
import { Card } from '../../components/ui/card';

/**
 * The public auth screens: one centred card inside the shared public layout. A view that replaces
 * another in place (a confirmation after a form) sets `isTitleFocused`, so keyboard and screen
 * reader users land on its heading instead of on a button that no longer exists.
 */
export function AuthLayout({
  title,
  intro,
  icon,
  footer,
  isTitleFocused = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  footer?: ReactNode;
  isTitleFocused?: boolean;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const isHydrated = useIsHydrated();
  useEffect(() => {
    if (isTitleFocused) titleRef.current?.focus();
  }, [isTitleFocused]);
  return (
    <PublicLayout>
      {/* data-hydrated: the moment the form reacts to input (browser tests wait for it). */}
      <div className="bg-gradient-to-b from-accent-soft/60 to-bg px-4 py-10 sm:py-16" data-hydrated={isHydrated}>
        <div className="mx-auto w-full max-w-md">
          <Card className="p-6 sm:p-8">
            {icon && (
              <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent">
                {icon}
              </div>
            )}
            <h1
              ref={titleRef}
              tabIndex={isTitleFocused ? -1 : undefined}
              className="text-center text-2xl font-bold tracking-tight text-fg focus:outline-none"
            >
              {title}
            </h1>
            {intro && <div className="mt-2 text-center text-sm text-muted">{intro}</div>}
            <div className="mt-6">{children}</div>
          </Card>
          {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
        </div>
      </div>
    </PublicLayout>
  );
}

/** A compact loading line for inside the auth card (the page-level Loading is half a screen tall). */
export function AuthCardLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
      <svg className="eb-spinner h-5 w-5" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      Loading...
    </div>
  );
}

/** A form-level error, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2.5 text-sm text-loss"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** The show/hide button that sits inside a password field (TextField's trailing slot). */
export function PasswordVisibilityToggle({
  isVisible,
  onToggle,
  disabled,
}: {
  isVisible: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={disabled}
      aria-label={isVisible ? 'Hide password' : 'Show password'}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-fg disabled:opacity-50"
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

/** An inline link in the auth screens' text. */
export const AUTH_LINK_CLASS = 'font-semibold text-accent underline-offset-2 hover:underline';

const subscribeNever = () => () => {};

/**
 * False while React hydrates the prerendered HTML, true afterwards (and on any client-only render).
 * The server renders without a query string, so screens that depend on one (a reset token,
 * success=true) must render the server's version first and switch after hydration.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
