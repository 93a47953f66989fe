import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AnalyticsCalendarJson } from '../../../contracts/analytics';
import { toApiError } from '../../lib/api';

import { useCalendar } from './dashboard-api';
import { formatCompactSigned, formatDayLong, formatMonth, formatMoneyNumber, plural, toneOf } from './dashboard-format';
import { addDays, addMonths, toIsoWeekday, toMonthKey, toMonthWeeks } from './period';

type CalendarDay = AnalyticsCalendarJson['days'][number];
const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

function cellTone(day: CalendarDay | undefined): string {
  if (!day || day.trades === 0) return 'border-line bg-elevated hover:bg-sunken';
  if (day.netPnl > 0) return 'border-gain/40 bg-gain/15 hover:bg-gain/25';
  if (day.netPnl < 0) return 'border-loss/40 bg-loss/15 hover:bg-loss/25';
  return 'border-line bg-sunken hover:bg-sunken/70';
}

function dayLabel(date: string, day: CalendarDay | undefined, currency: string): string {
  // The visible day number, P&L and count are hidden from screen readers: this says it all in words.
  const parts = [formatDayLong(date)];
  if (day && day.trades > 0) {
    parts.push(`net P&L ${formatMoneyNumber(day.netPnl, currency, { isSigned: true })}`, plural(day.trades, 'trade'));
  } else parts.push('no trades');
  if (day?.hasNote) parts.push('journal note');
  return parts.join(', ');
}

/**
 * The P&L calendar: a Monday-first month grid, each day coloured by its net P&L with its trade
 * count and a mark where a journal note exists, weekly totals at the end of each row. Arrow keys
 * move between days (Page Up/Down change month); Enter opens the day.
 */
export function PnlCalendar({
  accountId,
  initialMonth,
  today,
  currency,
  onOpenDay,
}: {
  accountId?: string;
  initialMonth: string;
  today: string;
  currency: string;
  onOpenDay: (date: string, day: CalendarDay | undefined) => void;
}) {
  const [month, setMonth] = useState(initialMonth);
  const [focused, setFocused] = useState(() => (toMonthKey(today) === initialMonth ? today : `${initialMonth}-01`));
  const shouldFocus = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const calendar = useCalendar({ month, accountId }, true);

  const [lastInitial, setLastInitial] = useState(initialMonth);
  if (lastInitial !== initialMonth) {
    // A new period moves the calendar to its month (state derived from props, React's documented pattern).
    setLastInitial(initialMonth);
    setMonth(initialMonth);
    setFocused(`${initialMonth}-01`);
  }

  const weeks = useMemo(() => toMonthWeeks(month), [month]);
  const byDate = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.date, d])), [calendar.data]);
  const byWeek = useMemo(() => new Map((calendar.data?.weeks ?? []).map((w) => [w.weekStart, w])), [calendar.data]);
  const focusedInMonth = toMonthKey(focused) === month ? focused : `${month}-01`;

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    buttons.current.get(focusedInMonth)?.focus();
  }, [focusedInMonth]);

  const goTo = (date: string) => {
    shouldFocus.current = true;
    setFocused(date);
    if (toMonthKey(date) !== month) setMonth(toMonthKey(date));
  };
  const changeMonth = (delta: number) => {
    const next = addMonths(month, delta);
    setMonth(next);
    setFocused(`${next}-01`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, 1 - toIsoWeekday(date)),
      End: () => addDays(date, 7 - toIsoWeekday(date)),
      PageUp: () => `${addMonths(month, -1)}-01`,
      PageDown: () => `${addMonths(month, 1)}-01`,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };

  const data = calendar.data;
  const money = (v: number) => formatMoneyNumber(v, currency, { isSigned: true });
  return (
    <section
      aria-labelledby="calendar-title"
      className="rounded-2xl border border-line bg-elevated p-4 shadow-sm sm:p-5"
      data-testid="pnl-calendar"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-title" className="text-base font-semibold text-fg">
          P&L calendar
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => changeMonth(-1)}
            aria-label="Previous month"
            className="rounded-lg p-2 text-muted hover:bg-sunken hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </button>
          <p
            className="min-w-32 text-center text-sm font-semibold text-fg"
            aria-live="polite"
            data-testid="calendar-month"
          >
            {formatMonth(month)}
          </p>
          <button
            type="button"
            onClick={() => changeMonth(1)}
            aria-label="Next month"
            className="rounded-lg p-2 text-muted hover:bg-sunken hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      {calendar.isError && (
        <p role="alert" className="mb-2 text-sm text-loss">
          {toApiError(calendar.error, 'The calendar could not be loaded.').message}
        </p>
      )}
      <p className="mb-2 text-sm text-muted" data-testid="calendar-total">
        {data ? (
          <>
            <span className={`font-semibold ${toneOf(data.netPnl)}`}>{money(data.netPnl)}</span> in{' '}
            {plural(data.trades, 'trade')} over {plural(data.tradingDays, 'trading day')}
          </>
        ) : (
          'Loading…'
        )}
      </p>
      <table
        className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
        aria-labelledby="calendar-title"
      >
        <caption className="sr-only">
          {formatMonth(month)}: net P&L per day and per week. Use the arrow keys to move between days and Enter to open
          one.
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-[11px] font-medium text-muted sm:text-xs">
                <abbr title={long} className="no-underline">
                  <span className="sm:hidden">{short.charAt(0)}</span>
                  <span className="hidden sm:inline">{short}</span>
                </abbr>
              </th>
            ))}
            <th scope="col" className="pb-1 text-[11px] font-medium text-muted sm:text-xs">
              Week
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => {
            const total = byWeek.get(week[0]!);
            return (
              <tr key={week[0]}>
                {week.map((date) => {
                  if (toMonthKey(date) !== month) return <td key={date} aria-hidden="true" />;
                  const day = byDate.get(date);
                  const hasTrades = !!day && day.trades > 0;
                  return (
                    <td key={date} className="p-0 align-top">
                      <button
                        type="button"
                        ref={(el) => {
                          if (el) buttons.current.set(date, el);
                          else buttons.current.delete(date);
                        }}
                        tabIndex={date === focusedInMonth ? 0 : -1}
                        aria-current={date === today ? 'date' : undefined}
                        onFocus={() => setFocused(date)}
                        onKeyDown={(e) => onKeyDown(e, date)}
                        onClick={() => onOpenDay(date, day)}
                        data-testid={`calendar-day-${date}`}
                        className={`relative flex h-14 w-full flex-col items-start overflow-hidden rounded-md border p-0.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:h-20 sm:rounded-lg sm:p-1.5 ${cellTone(day)} ${date === today ? 'ring-1 ring-accent' : ''}`}
                      >
                        <span className="text-[11px] font-medium leading-none text-muted sm:text-xs">
                          <span className="sr-only">{dayLabel(date, day, currency)}: </span>
                          <span aria-hidden="true">{Number(date.slice(8))}</span>
                        </span>
                        {day?.hasNote && (
                          <NotebookPen
                            className="absolute right-1 top-1 h-3 w-3 text-highlight sm:h-3.5 sm:w-3.5"
                            aria-hidden="true"
                            data-testid="note-mark"
                          />
                        )}
                        {hasTrades && (
                          <>
                            <span
                              className="mt-auto w-full truncate text-[10px] font-semibold tabular-nums leading-tight tracking-tight text-fg sm:text-sm sm:tracking-normal"
                              aria-hidden="true"
                              data-testid="day-pnl"
                            >
                              <span className="sm:hidden">{formatCompactSigned(day.netPnl)}</span>
                              <span className="hidden sm:inline">{money(day.netPnl)}</span>
                            </span>
                            <span
                              className="hidden text-[11px] leading-tight text-muted sm:block"
                              data-testid="day-trades"
                            >
                              {plural(day.trades, 'trade')}
                            </span>
                          </>
                        )}
                      </button>
                    </td>
                  );
                })}
                <td className="p-0 align-top" data-testid={`calendar-week-${week[0]}`}>
                  <div className="flex h-14 flex-col justify-end rounded-md bg-sunken p-0.5 text-right sm:h-20 sm:rounded-lg sm:p-1.5">
                    {total && total.trades > 0 ? (
                      <>
                        <span
                          className={`truncate text-[10px] font-semibold tabular-nums tracking-tight sm:text-sm sm:tracking-normal ${toneOf(total.netPnl)}`}
                        >
                          <span className="sm:hidden">{formatCompactSigned(total.netPnl)}</span>
                          <span className="hidden sm:inline">{money(total.netPnl)}</span>
                        </span>
                        <span className="hidden text-[11px] text-muted sm:block">{plural(total.trades, 'trade')}</span>
                        <span className="sr-only">
                          Week of {formatDayLong(week[0]!)}: {plural(total.trades, 'trade')}
                        </span>
                      </>
                    ) : (
                      <span className="text-[10px] text-muted sm:text-xs">—</span>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
