import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { ReconciliationDayJson, ReconciliationFillJson } from '../../../contracts/reconciliation';
import { apiQuery, toApiError } from '../../lib/api';
import { formatDateTime, formatDecimal, formatMoney } from '../trades/format';
import {
  EXPLANATION_LABELS,
  toDayOrder,
  toDayStatus,
  toUnexplainedText,
  type DayStatus,
} from './reconciliation-format';

const STATUS_BADGES: Record<DayStatus, { label: string; className: string }> = {
  unexplained: { label: 'Unexplained difference', className: 'border-loss/50 text-loss' },
  explained: { label: 'Difference explained', className: 'border-line text-fg' },
  agrees: { label: 'Agrees', className: 'border-accent/50 text-accent' },
  unchecked: { label: 'No broker figures', className: 'border-line text-muted' },
};

function StatusBadge({ status }: { status: DayStatus }) {
  const badge = STATUS_BADGES[status];
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-px text-xs font-semibold ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}

/**
 * An account's days against the broker's own figures (issue 42): days with an unexplained
 * difference first, each opening the fills it is made of and the file rows they came from.
 */
export function ReconciliationView({ accountId }: { accountId: string }) {
  const result = useQuery(apiQuery('GET /api/reconciliation', { search: new URLSearchParams({ accountId }) }));
  const headingId = useId();
  const days = result.data ? toDayOrder(result.data.days) : [];
  const counts = days.reduce<Record<DayStatus, number>>(
    (sum, day) => ({ ...sum, [toDayStatus(day)]: sum[toDayStatus(day)] + 1 }),
    { unexplained: 0, explained: 0, agrees: 0, unchecked: 0 },
  );
  return (
    <section aria-labelledby={headingId} data-testid="reconciliation">
      <h2 id={headingId} className="text-lg font-bold text-fg">
        Reconciliation
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        Each day's realised P&amp;L in Edgebook against the broker's own figures from your files, in the account's
        currency. Days with a difference nothing explains come first.
      </p>
      {result.isPending && (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading the reconciliation…
        </p>
      )}
      {result.isError && (
        <p role="alert" className="mt-4 text-sm text-loss">
          {toApiError(result.error, 'The reconciliation could not be loaded.').message}
        </p>
      )}
      {result.isSuccess && days.length === 0 && (
        <p className="mt-4 text-sm text-muted">No fills in this account yet.</p>
      )}
      {result.isSuccess && days.length > 0 && (
        <>
          <p className="mt-3 text-sm text-fg" data-testid="reconciliation-summary">
            {[
              `${counts.unexplained} ${counts.unexplained === 1 ? 'day' : 'days'} unexplained`,
              `${counts.explained} explained`,
              `${counts.agrees} agreeing`,
              `${counts.unchecked} without broker figures`,
            ].join(' · ')}
          </p>
          <ul className="mt-3 space-y-2" aria-label="Days">
            {days.map((day) => (
              <DayRow key={day.date} day={day} accountId={accountId} currency={result.data.currency} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Figure({ label, value, currency }: { label: string; value: string | null; currency: string }) {
  return (
    <div className="min-w-[7rem]">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-medium tabular-nums text-fg">{value === null ? '—' : formatMoney(value, currency)}</dd>
    </div>
  );
}

function DayRow({ day, accountId, currency }: { day: ReconciliationDayJson; accountId: string; currency: string }) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const status = toDayStatus(day);
  const unexplained = toUnexplainedText(day);
  return (
    <li className="rounded-2xl border border-line bg-elevated" data-testid="reconciliation-day" data-status={status}>
      <button
        type="button"
        className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl p-3 text-left hover:bg-sunken focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-4"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        {isOpen ? (
          <ChevronDown className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        ) : (
          <ChevronRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        )}
        <span className="min-w-[6.5rem] font-semibold tabular-nums text-fg">{day.date}</span>
        <StatusBadge status={status} />
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm sm:ml-auto">
          <Figure label="Edgebook net" value={day.ours.net} currency={currency} />
          <Figure label="Broker net" value={day.broker.net} currency={currency} />
          <Figure label="Difference" value={day.difference} currency={currency} />
        </dl>
      </button>
      {isOpen && (
        <div id={panelId} className="border-t border-line p-3 sm:p-4">
          <p className="text-sm text-muted">
            Edgebook: gross {formatMoney(day.ours.gross, currency)}, fees {formatMoney(day.ours.fees, currency)}, net{' '}
            {formatMoney(day.ours.net, currency)}.
            {status === 'unexplained' && ` Unexplained: ${formatMoney(unexplained, currency)}.`}
          </p>
          {day.explanations.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Explanations">
              {day.explanations.map((e) => (
                <li key={e.kind} className="text-fg">
                  <span className="font-medium">{EXPLANATION_LABELS[e.kind]}</span>: {formatMoney(e.amount, currency)}{' '}
                  <span className="text-muted">
                    ({e.executionIds.length} {e.executionIds.length === 1 ? 'fill' : 'fills'})
                  </span>
                </li>
              ))}
            </ul>
          )}
          <DayFills accountId={accountId} date={day.date} />
        </div>
      )}
    </li>
  );
}

function DayFills({ accountId, date }: { accountId: string; date: string }) {
  const fills = useQuery(
    apiQuery('GET /api/reconciliation/fills', { search: new URLSearchParams({ accountId, date }) }),
  );
  if (fills.isPending)
    return (
      <p role="status" className="mt-3 text-sm text-muted">
        Loading the fills…
      </p>
    );
  if (fills.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-loss">
        {toApiError(fills.error, 'The fills could not be loaded.').message}
      </p>
    );
  return (
    <ul
      className="mt-3 divide-y divide-line text-sm"
      aria-label={`Fills of ${date}`}
      data-testid="reconciliation-fills"
    >
      {fills.data.fills.map((fill) => (
        <FillRow key={fill.executionId} fill={fill} />
      ))}
    </ul>
  );
}

function FillRow({ fill }: { fill: ReconciliationFillJson }) {
  const brokerCurrency = fill.broker?.currency ?? fill.currency;
  const theirs = fill.figure === 'pnl' ? fill.broker?.pnl : fill.figure === 'net' ? fill.broker?.net : null;
  return (
    <li className="py-2" data-testid="reconciliation-fill">
      <p className="font-medium text-fg">
        {fill.side === 'buy' ? 'Buy' : 'Sell'} {formatDecimal(fill.quantity)} {fill.symbol} at{' '}
        {formatMoney(fill.price, fill.currency)}
        <span className="font-normal text-muted"> · {formatDateTime(fill.executedAt)}</span>
      </p>
      <p className="text-muted">
        Fees {formatMoney(fill.fees, fill.currency)}, commission {formatMoney(fill.commission, fill.currency)}
        {fill.fxRate !== null && `, 1 ${fill.currency} = ${formatDecimal(fill.fxRate)} in the account's currency`}
      </p>
      <p className="text-fg">
        {theirs === null || theirs === undefined
          ? 'The file gives no broker figure for this fill.'
          : `Broker's ${fill.figure === 'pnl' ? 'realised P&L' : 'net amount'}: ${formatMoney(theirs, brokerCurrency)}; ${
              fill.agrees
                ? 'Edgebook agrees to the cent.'
                : fill.difference === null
                  ? 'no rate to compare it in.'
                  : `Edgebook differs by ${formatMoney(fill.difference, brokerCurrency, { isSigned: true })}${
                      fill.kind ? ` (${EXPLANATION_LABELS[fill.kind].toLowerCase()})` : ', unexplained'
                    }.`
            }`}
      </p>
      <p className="text-muted">
        {fill.source ? (
          <>
            From{' '}
            <Link href={`/import/${fill.source.importId}`} className="text-accent underline underline-offset-2">
              {fill.source.fileName}
            </Link>
            {fill.source.row !== null && `, row ${fill.source.row}`}
          </>
        ) : (
          'Entered by hand'
        )}
      </p>
    </li>
  );
}
