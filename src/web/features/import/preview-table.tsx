import { ChevronRight, XCircle } from 'lucide-react';
import type { ImportPreviewJson } from '../../../contracts/imports';
import { formatDecimal, formatFillTime } from '../trades/format';
import { toRowMessage } from './import-format';

const HEAD = 'px-3 py-2 font-medium';
const CELL = 'px-3 py-2 whitespace-nowrap';

/**
 * The first executions as they will be imported, the rows with problems (by row number) and the
 * rows that are not trades (skipped, not errors).
 */
export function PreviewTable({ preview, rowCount }: { preview: ImportPreviewJson['preview']; rowCount: number }) {
  const { executions, problems, skipped } = preview;
  return (
    <div className="grid gap-4">
      {problems.length > 0 && (
        <div className="rounded-xl border border-loss/40 bg-loss/10 px-4 py-3" data-testid="preview-problems">
          <p className="flex items-center gap-2 text-sm font-semibold text-loss">
            <XCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {problems.length} {problems.length === 1 ? 'row has a problem' : 'rows have problems'} and will not be
            imported
          </p>
          <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto text-sm text-fg">
            {problems.map((p) => (
              <li key={`${p.row}-${p.message}`}>
                <span className="font-semibold tabular-nums">Row {p.row}:</span> {toRowMessage(p.row, p.message)}
              </li>
            ))}
          </ul>
        </div>
      )}

      {executions.length === 0 ? (
        <p className="rounded-xl border border-line px-4 py-6 text-center text-sm text-muted">
          No executions could be read with these columns yet.
        </p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-line focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="preview-table"
          role="region"
          aria-label="Preview rows"
          tabIndex={0}
        >
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">
              The first {executions.length} of {rowCount} rows, as they will be imported
            </caption>
            <thead className="bg-sunken text-xs text-muted">
              <tr>
                <th scope="col" className={`${HEAD} text-right`}>
                  Row
                </th>
                <th scope="col" className={HEAD}>
                  Time
                </th>
                <th scope="col" className={HEAD}>
                  Symbol
                </th>
                <th scope="col" className={HEAD}>
                  Side
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  Qty
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  Price
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  Commission
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  Fees
                </th>
              </tr>
            </thead>
            <tbody className="text-fg">
              {executions.map((e) => (
                <tr key={e.row} className="border-t border-line" data-testid="preview-row">
                  <td className={`${CELL} text-right tabular-nums text-muted`}>{e.row}</td>
                  <td className={CELL}>{formatFillTime(e.executedAt, e.executedOn)}</td>
                  <td className={`${CELL} font-semibold`}>{e.symbol}</td>
                  <td className={`${CELL} ${e.side === 'buy' ? 'text-gain' : 'text-loss'}`}>
                    {e.side === 'buy' ? 'Buy' : 'Sell'}
                  </td>
                  <td className={`${CELL} text-right tabular-nums`}>{formatDecimal(e.quantity)}</td>
                  <td className={`${CELL} text-right tabular-nums`}>{formatDecimal(e.price)}</td>
                  <td className={`${CELL} text-right tabular-nums`}>{formatDecimal(e.commission)}</td>
                  <td className={`${CELL} text-right tabular-nums`}>{formatDecimal(e.fees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {skipped.length > 0 && <SkippedRows skipped={skipped} />}
    </div>
  );
}

/** Non-trade rows (deposits, dividends, totals): listed on request, since they are expected. */
export function SkippedRows({ skipped }: { skipped: ImportPreviewJson['preview']['skipped'] }) {
  return (
    <details className="group rounded-xl border border-line px-4 py-3" data-testid="skipped-rows">
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-fg">
        <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {skipped.length} {skipped.length === 1 ? 'row' : 'rows'} skipped — not trades, not errors
      </summary>
      <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto text-sm text-muted">
        {skipped.map((s) => (
          <li key={`${s.row}-${s.reason}`}>
            <span className="font-semibold tabular-nums text-fg">Row {s.row}:</span> {toRowMessage(s.row, s.reason)}
          </li>
        ))}
      </ul>
    </details>
  );
}
