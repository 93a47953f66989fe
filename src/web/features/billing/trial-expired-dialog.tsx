import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2, Hourglass, LogOut, Sparkles } from 'lucide-react';
import { useLocation } from 'wouter';
import { TRIAL_DAYS } from '../../../core/config/plans';
import { logOut } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { usePublicConfig } from '../../lib/public-config';

/** Seed §4, word for word. */
export const TRIAL_EXPIRED_TITLE = 'Trial Period Expired';
export const PREMIUM_FEATURES = [
  'Unlimited trade logging and CSV imports',
  'Advanced analytics and R-Multiple analysis',
  'Monte Carlo simulations and risk metrics',
  'Strategy tracking and rule adherence',
  'Goal tracking and performance insights',
  'Broker integrations and auto-imports',
] as const;

const preventDismiss = (e: Event) => e.preventDefault();

/**
 * The blocking dialog of an expired trial (seed §4): always open, not closable by Escape or a click
 * outside, and without a close button. The only ways on are upgrading and logging out.
 */
export function TrialExpiredDialog() {
  const [, navigate] = useLocation();
  const { brand } = usePublicConfig();
  return (
    <Dialog.Root open modal>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/70 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="trial-expired-dialog"
          onEscapeKeyDown={preventDismiss}
          onPointerDownOutside={preventDismiss}
          onInteractOutside={preventDismiss}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-elevated p-6 shadow-2xl focus:outline-none sm:p-8"
        >
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-highlight">
            <Hourglass className="h-6 w-6" aria-hidden="true" />
          </div>
          <Dialog.Title className="text-center text-2xl font-bold tracking-tight text-fg">
            {TRIAL_EXPIRED_TITLE}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-center text-sm text-muted">
            Your {TRIAL_DAYS}-day free trial has ended. Upgrade to Premium to keep using {brand} and all of its premium
            features.
          </Dialog.Description>
          <div className="mt-6 rounded-xl border border-line bg-sunken p-4">
            <p className="flex items-center gap-2 text-sm font-semibold text-fg">
              <Sparkles className="h-4 w-4 text-accent" aria-hidden="true" />
              Premium includes
            </p>
            <ul className="mt-3 grid gap-2" aria-label="Premium features">
              {PREMIUM_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-2 text-sm text-fg">
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-gain" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <Button size="lg" className="w-full" onClick={() => navigate('/subscription')}>
              Upgrade Now
            </Button>
            <Button variant="secondary" size="lg" className="w-full" onClick={() => void logOut()}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Log Out
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
