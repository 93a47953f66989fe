import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { JOURNAL_MOODS, type JournalDayInput, type JournalDayJson } from '../../../contracts/journal';
import type { TradeJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { DialogFrame } from '../trades/dialog-frame';
import { formatMoney, formatR, toSign } from '../trades/format';
import { SymbolText } from '../trades/symbol-text';
import { CALENDAR_KEY, journalDayKey, useDayTrades, useJournalDay } from './dashboard-api';
import { formatDayLong, plural } from './dashboard-format';

function DayTrades({ trades }: { trades: TradeJson[] }) {
  if (trades.length === 0) return <p className="text-sm text-muted">No trades closed this day.</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line" data-testid="day-trades-list">
      {trades.map((trade) => {
        const sign = toSign(trade.netPnl);
        return (
          <li key={trade.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <Link
              href={`/trades?trade=${trade.id}`}
              className="min-w-0 truncate font-semibold text-fg underline-offset-2 hover:underline"
            >
              <SymbolText symbol={trade.symbol} assetClass={trade.assetClass} />{' '}
              <span className="font-normal text-muted">
                {trade.direction === 'long' ? 'Long' : 'Short'} · {formatR(trade.rMultiple)}
              </span>
            </Link>
            <span
              className={`shrink-0 font-semibold tabular-nums ${sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg'}`}
            >
              {formatMoney(trade.netPnl, trade.currency, { isSigned: true })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function JournalForm({ date, initial }: { date: string; initial: JournalDayJson }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [plan, setPlan] = useState(initial.plan);
  const [review, setReview] = useState(initial.review);
  const [mood, setMood] = useState<number | null>(initial.mood);
  const save = useMutation({
    mutationFn: async (input: JournalDayInput) => api('PUT /api/journal/days/:date', { params: { date }, body: input }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(journalDayKey(date), saved);
      toast({ title: saved.updatedAt ? 'Journal saved' : 'Journal entry cleared', description: formatDayLong(date) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/journal', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/journal/entries'] }),
      ]);
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'The journal was not saved', description: toApiError(err).message }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ plan, review, mood });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold text-fg">
        Daily journal
      </h3>
      <TextAreaField
        label="Plan before the session"
        placeholder="Market context, levels, setups you will take, your max loss…"
        value={plan}
        onChange={(e) => setPlan(e.target.value)}
        maxLength={20_000}
        rows={4}
      />
      <TextAreaField
        label="Review after the session"
        placeholder="What went well, what to repeat, what to change tomorrow…"
        value={review}
        onChange={(e) => setReview(e.target.value)}
        maxLength={20_000}
        rows={4}
      />
      <fieldset>
        <legend className="text-sm font-medium text-fg">Mood</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {JOURNAL_MOODS.map((m) => (
            <label
              key={m.value}
              className="cursor-pointer rounded-full border border-line px-3 py-1.5 text-sm text-fg has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={`${ids}-mood`}
                value={m.value}
                checked={mood === m.value}
                onChange={() => setMood(m.value)}
                className="sr-only"
              />
              {m.label}
            </label>
          ))}
          {mood !== null && (
            <button
              type="button"
              onClick={() => setMood(null)}
              className="rounded-full px-3 py-1.5 text-sm text-muted underline-offset-2 hover:underline"
            >
              No mood
            </button>
          )}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save journal'}
        </Button>
      </div>
    </form>
  );
}

/** A day's closed trades and its journal (plan, review, mood): the calendar's dialog and the /journal/:date page. */
export function DayContent({ date, accountId }: { date: string; accountId?: string }) {
  const trades = useDayTrades(date, accountId);
  const journal = useJournalDay(date);
  const list = trades.data?.trades ?? [];
  return (
    <div className="grid gap-6">
      <section aria-label="Trades this day">
        {trades.isPending ? (
          <p className="text-sm text-muted">Loading trades…</p>
        ) : trades.isError ? (
          <p role="alert" className="text-sm text-loss">
            {toApiError(trades.error, 'The trades could not be loaded.').message}
          </p>
        ) : (
          <DayTrades trades={list} />
        )}
      </section>
      {journal.isPending ? (
        <p className="text-sm text-muted">Loading the journal…</p>
      ) : journal.isError ? (
        <p role="alert" className="text-sm text-loss">
          {toApiError(journal.error, 'The journal could not be loaded.').message}
        </p>
      ) : (
        <JournalForm key={`${date}|${journal.data.updatedAt ?? ''}`} date={date} initial={journal.data} />
      )}
    </div>
  );
}

/** A calendar day: its closed trades and the daily journal (plan, review, mood). */
export function DayDialog({
  date,
  accountId,
  onClose,
}: {
  date: string | null;
  accountId?: string;
  onClose: () => void;
}) {
  const trades = useDayTrades(date, accountId);
  const list = trades.data?.trades ?? [];
  return (
    <DialogFrame
      open={date !== null}
      onOpenChange={(open) => !open && onClose()}
      title={date ? formatDayLong(date) : ''}
      description={trades.data ? `${plural(list.length, 'trade')} closed this day.` : 'Loading the day…'}
      wide
      testId="day-dialog"
    >
      {date && (
        <>
          <DayContent date={date} accountId={accountId} />
          <p className="mt-4 text-sm">
            <Link href={`/journal/${date}`} className="text-accent underline-offset-2 hover:underline">
              Open this day’s page
            </Link>
          </p>
        </>
      )}
    </DialogFrame>
  );
}
