import { Columns3 } from 'lucide-react';
import { useCallback, useState } from 'react';

const COLUMNS_STORAGE_KEY = 'edgebook.trades.columns';

function readHiddenColumns(defaultHidden: readonly string[]): Set<string> {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(COLUMNS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) return new Set(parsed.filter((v): v is string => typeof v === 'string'));
  } catch {
    // NOTE: unreadable storage falls back to the defaults.
  }
  return new Set(defaultHidden);
}

/** The hidden column ids, remembered in localStorage, and a toggle for one. */
export function useColumnChoice(defaultHidden: readonly string[]): [ReadonlySet<string>, (id: string) => void] {
  const [hidden, setHidden] = useState<Set<string>>(() => readHiddenColumns(defaultHidden));
  const toggle = useCallback((id: string) => {
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify([...next]));
      } catch {
        // NOTE: private mode may refuse storage; the choice then lasts for this visit.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}

type ColumnChooserProps = {
  columns: readonly { id: string; label: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** The "Columns" menu: a checkbox per column of the trade table. */
export function ColumnChooser({ columns, hidden, onToggle }: ColumnChooserProps) {
  return (
    <details className="relative ml-auto">
      <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg border border-line bg-elevated px-3 text-sm font-semibold text-fg hover:bg-sunken">
        <Columns3 className="h-4 w-4" aria-hidden="true" />
        Columns
      </summary>
      <fieldset className="absolute right-0 z-20 mt-2 grid w-48 gap-1 rounded-xl border border-line bg-elevated p-3 shadow-lg">
        <legend className="sr-only">Visible columns</legend>
        {columns.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={!hidden.has(c.id)} onChange={() => onToggle(c.id)} className="h-4 w-4" />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
