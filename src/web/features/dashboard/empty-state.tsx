import { FlaskConical, PenLine, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';

function Action({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-elevated p-5 shadow-sm">
      <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent-soft text-accent">{icon}</span>
      <h3 className="mt-3 text-base font-semibold text-fg">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-muted">{text}</p>
      <div className="mt-4">{children}</div>
    </li>
  );
}

/** A new journal: three ways in (import, a manual trade, the sample data set). */
export function DashboardEmptyState({
  onAddTrade,
  onLoadSample,
  isLoadingSample,
}: {
  onAddTrade: () => void;
  onLoadSample: () => void;
  isLoadingSample: boolean;
}) {
  return (
    <section aria-labelledby="empty-title" className="mt-6" data-testid="dashboard-empty">
      <div className="rounded-2xl border border-dashed border-line bg-sunken/60 p-6 text-center sm:p-10">
        <h2 id="empty-title" className="text-xl font-bold tracking-tight text-fg sm:text-2xl">
          Your journal starts with your first trade
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-sm text-muted sm:text-base">
          Bring in your history and this page fills with your P&L, win rate, equity curve and a calendar of your trading
          days.
        </p>
      </div>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        <Action
          icon={<Upload className="h-5 w-5" aria-hidden="true" />}
          title="Import from your broker"
          text="Upload a CSV or Excel export: the columns are recognised and duplicates skipped."
        >
          <ButtonLink href="/import">Import trades</ButtonLink>
        </Action>
        <Action
          icon={<PenLine className="h-5 w-5" aria-hidden="true" />}
          title="Add a trade by hand"
          text="Enter the entry and exit of one trade; P&L and R are worked out for you."
        >
          <Button variant="secondary" onClick={onAddTrade}>
            Add a manual trade
          </Button>
        </Action>
        <Action
          icon={<FlaskConical className="h-5 w-5" aria-hidden="true" />}
          title="Explore with sample data"
          text="Six months of realistic trades in a separate sample account, removable in one click."
        >
          <Button variant="secondary" onClick={onLoadSample} disabled={isLoadingSample}>
            {isLoadingSample ? 'Loading sample data…' : 'Load sample data'}
          </Button>
        </Action>
      </ul>
    </section>
  );
}
