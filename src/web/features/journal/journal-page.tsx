import { useInfiniteQuery } from '@tanstack/react-query';
import { NotebookPen, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { JOURNAL_MOODS, type JournalEntryJson } from '../../../contracts/journal';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';
import { formatDayLong, plural } from '../dashboard/dashboard-format';
import { toTodayKey } from '../dashboard/period';

const PAGE_SIZE = 30;
const SEARCH_DELAY_MS = 250;

/** The first line or so of a text, for the list. */
function toExcerpt(text: string, max = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function EntryItem({ entry }: { entry: JournalEntryJson }) {
  const mood = JOURNAL_MOODS.find((m) => m.value === entry.mood)?.label;
  return (
    <li>
      <Link
        href={`/journal/${entry.date}`}
        className="block rounded-lg px-3 py-3 hover:bg-accent-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="font-semibold text-fg">{formatDayLong(entry.date)}</span>
          <span className="flex flex-wrap gap-2 text-xs text-muted">
            {mood && <span className="rounded-full border border-line px-2 py-0.5">Mood: {mood}</span>}
            {entry.notedTradeCount > 0 && (
              <span className="rounded-full border border-line px-2 py-0.5">
                {plural(entry.notedTradeCount, 'trade')} with notes
              </span>
            )}
          </span>
        </span>
        {entry.plan && (
          <span className="mt-1 block text-sm text-muted">
            <span className="font-medium text-fg">Plan: </span>
            {toExcerpt(entry.plan)}
          </span>
        )}
        {entry.review && (
          <span className="mt-1 block text-sm text-muted">
            <span className="font-medium text-fg">Review: </span>
            {toExcerpt(entry.review)}
          </span>
        )}
      </Link>
    </li>
  );
}

/** /journal: every day with a plan, a review or trade notes, newest first, searchable. */
export default function JournalPage() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const entries = useInfiniteQuery({
    queryKey: ['/api/journal/entries', query],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (query) params.set('q', query);
      if (pageParam) params.set('before', pageParam);
      return api('GET /api/journal/entries', { search: params });
    },
    getNextPageParam: (last) => last.nextBefore,
  });
  const list = entries.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <AppPage>
      <AppPageHeader
        title="Journal"
        intro="Every day you wrote a plan or a review, or noted a trade, newest first. Open a day to read or edit it."
      />
      <Card className="mt-6">
        <div className="max-w-md">
          <TextField
            label="Search the journal"
            type="search"
            placeholder="Words in plans, reviews and trade notes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            trailing={<Search className="mr-2 h-4 w-4 text-muted" aria-hidden="true" />}
          />
        </div>
        <div className="mt-4" aria-live="polite">
          {entries.isPending ? (
            <p role="status" className="py-6 text-sm text-muted">
              Loading the journal…
            </p>
          ) : entries.isError ? (
            <p role="alert" className="py-6 text-sm text-loss">
              {toApiError(entries.error, 'The journal could not be loaded.').message}
            </p>
          ) : list.length === 0 ? (
            <div className="py-10 text-center text-sm text-muted">
              <NotebookPen className="mx-auto mb-3 h-8 w-8 text-accent" aria-hidden="true" />
              {query ? (
                <p>No day mentions “{query}”.</p>
              ) : (
                <p>
                  No journal yet. Open a day from the{' '}
                  <Link href="/dashboard" className="text-accent underline-offset-2 hover:underline">
                    dashboard’s calendar
                  </Link>{' '}
                  or{' '}
                  <Link
                    href={`/journal/${toTodayKey(new Date(), user?.timezone ?? 'UTC')}`}
                    className="text-accent underline-offset-2 hover:underline"
                  >
                    write today’s plan
                  </Link>
                  .
                </p>
              )}
            </div>
          ) : (
            <>
              <p className="sr-only">{plural(list.length, 'day')} shown</p>
              <ul className="divide-y divide-line" aria-label="Journal days">
                {list.map((entry) => (
                  <EntryItem key={entry.date} entry={entry} />
                ))}
              </ul>
              {entries.hasNextPage && (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="secondary"
                    onClick={() => void entries.fetchNextPage()}
                    disabled={entries.isFetchingNextPage}
                  >
                    {entries.isFetchingNextPage ? 'Loading…' : 'Show older days'}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </Card>
    </AppPage>
  );
}
