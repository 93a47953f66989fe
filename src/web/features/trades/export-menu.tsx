import { useQuery } from '@tanstack/react-query';
import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import type { TradeFilter } from '../../../core/query';
import { api, apiUrl } from '../../lib/api';
import { toFilterQuery } from '../filters/filter-search';

const ITEM =
  'flex items-start gap-3 rounded-lg px-3 py-2 text-left text-sm text-fg hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** "12 trades", "1 trade". */
const toTradeCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'trade' : 'trades'}`;

/**
 * The trades page's Export menu: the current filter's trades as CSV (a row each), their executions
 * as Edgebook CSV (which imports back), each saying how many trades it holds.
 */
export function ExportMenu({ filter }: { filter: TradeFilter }) {
  const [isOpen, setIsOpen] = useState(false);
  const query = toFilterQuery(filter).toString();
  const count = useQuery({
    queryKey: ['/api/trades/count', query],
    queryFn: async () => (await api('GET /api/trades/count', { search: query })).count,
    enabled: isOpen,
  });
  const what = count.data === undefined ? 'the trades of the current filter' : toTradeCount(count.data);
  const isEmpty = count.data === 0;

  return (
    <details className="relative" onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg border border-line bg-elevated px-3 text-sm font-semibold text-fg hover:bg-sunken">
        <Download className="h-4 w-4" aria-hidden="true" />
        Export
      </summary>
      <div
        role="group"
        aria-label="Export"
        className="absolute right-0 z-20 mt-2 grid w-72 gap-1 rounded-xl border border-line bg-elevated p-2 shadow-lg max-sm:fixed max-sm:inset-x-4 max-sm:w-auto"
      >
        <p className="px-3 py-1 text-xs text-muted" role="status">
          {count.isError
            ? 'The number of trades could not be counted.'
            : isEmpty
              ? 'No trade matches the current filter.'
              : `Exports ${what}${count.data === undefined ? '' : ' of the current filter'}.`}
        </p>
        <a
          href={apiUrl('GET /api/trades/list.csv', { search: query })}
          download
          className={ITEM}
          aria-disabled={isEmpty || undefined}
        >
          <FileSpreadsheet className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            <span className="block font-semibold">Trades as CSV</span>
            <span className="block text-xs text-muted">One row per trade: P&L, R, journal, times in your zone.</span>
          </span>
        </a>
        <a
          href={apiUrl('GET /api/trades/export.csv', { search: query })}
          download
          className={ITEM}
          aria-disabled={isEmpty || undefined}
        >
          <FileText className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            <span className="block font-semibold">Executions as CSV</span>
            <span className="block text-xs text-muted">Every fill of these trades; imports back into Edgebook.</span>
          </span>
        </a>
        <p className="px-3 py-1 text-xs text-muted">A PDF report comes with Advanced Reports.</p>
      </div>
    </details>
  );
}
