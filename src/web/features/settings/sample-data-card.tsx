import { Database, FlaskConical } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isShowingSample } from '../../../core/query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { apiQuery } from '../../lib/api';
import { ConfirmDialog } from './confirm-dialog';
import { useSampleData } from './use-sample-data';

/** Settings → Sample data: load the sample journal, or remove it after a confirmation. */
export function SampleDataCard() {
  const { status, load, remove, isLoaded } = useSampleData();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  return (
    <Card data-testid="sample-data-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <FlaskConical className="h-5 w-5 text-accent" aria-hidden="true" />
        Sample data
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        Six months of realistic trades in stocks, options and futures, with strategies, tags and notes, in a separate
        “Sample account”. Explore every page with it, then remove it in one click: your own data is never touched. Once
        you have an account of your own, “All accounts” leaves the sample out of your totals; pick “Sample account” to
        see it again.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {status.isPending ? (
          <p role="status" className="text-sm text-muted">
            Checking…
          </p>
        ) : isLoaded ? (
          <>
            <span className="inline-flex items-center gap-1.5 rounded-full border border-highlight/50 px-2.5 py-1 text-xs font-semibold text-highlight">
              <Database className="h-3.5 w-3.5" aria-hidden="true" />
              Sample data is loaded
            </span>
            <Button variant="secondary" onClick={() => setIsConfirmOpen(true)} disabled={remove.isPending}>
              Remove sample data
            </Button>
          </>
        ) : (
          <Button onClick={() => load.mutate()} disabled={load.isPending}>
            {load.isPending ? 'Loading sample data…' : 'Load sample data'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Remove sample data?"
        description="This deletes the Sample account with all its trades, and the sample's tags and strategies that none of your own trades use. Your own accounts and trades stay as they are."
        confirmLabel="Remove sample data"
        pendingLabel="Removing…"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setIsConfirmOpen(false) })}
        testId="remove-sample-dialog"
      />
    </Card>
  );
}

/**
 * The banner while a page shows the sample data set's trades: the sample account is picked, or
 * "All accounts" (no `selectedAccountIds`) stands for it because the trader has no account of
 * their own yet (core/query's account scope). "remove it" removes the sample in one click.
 */
export function SampleDataBanner({ selectedAccountIds }: { selectedAccountIds: readonly string[] | undefined }) {
  const { remove } = useSampleData();
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  if (!accounts.data || !isShowingSample(accounts.data.accounts, selectedAccountIds)) return null;
  return (
    <div
      role="region"
      aria-label="Sample data"
      data-testid="sample-data-banner"
      className="mt-4 flex items-center gap-2 rounded-xl border border-highlight/50 bg-highlight/10 px-4 py-3 text-sm text-fg"
    >
      <FlaskConical className="h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
      <p>
        Showing sample data —{' '}
        <button
          type="button"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          className="font-semibold text-accent underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        >
          {remove.isPending ? 'removing…' : 'remove it'}
        </button>
      </p>
    </div>
  );
}

/** The empty state's one-click load. */
export function LoadSampleDataButton() {
  const { load } = useSampleData();
  return (
    <Button variant="secondary" onClick={() => load.mutate()} disabled={load.isPending}>
      <FlaskConical className="h-4 w-4" aria-hidden="true" />
      {load.isPending ? 'Loading sample data…' : 'Load sample data'}
    </Button>
  );
}
