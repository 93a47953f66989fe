import { Plus, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { FIELD_GROUPS, TRADE_FIELDS, type FieldDef, type TradeFieldId } from '../../../core/query';
import { FilterBar } from '../filters/filter-bar';
import type { FilterState } from '../filters/use-filter-state';

const ALL_FIELDS: readonly FieldDef[] = TRADE_FIELDS;

/** The registry's fields whose label (or description) holds the search, by group, leaving out `shown`. */
export function toFieldChoices(params: { search: string; shown: ReadonlySet<string> }) {
  const needle = params.search.trim().toLowerCase();
  return FIELD_GROUPS.map((group) => ({
    ...group,
    fields: ALL_FIELDS.filter(
      (field) =>
        field.group === group.id &&
        !params.shown.has(field.id) &&
        (needle === '' ||
          field.label.toLowerCase().includes(needle) ||
          field.id.toLowerCase().includes(needle) ||
          (field.description ?? '').toLowerCase().includes(needle)),
    ),
  })).filter((group) => group.fields.length > 0);
}

/**
 * A filter builder generated from the query model's registry: every field the registry lists can
 * be added from a grouped, searchable list; the fields in use show as the filter bar's controls
 * (their control chosen by type) and as removable chips. A field added to the registry appears here
 * with nothing else to change.
 */
export function FilterBuilder({ label, state, testId }: { label: string; state: FilterState; testId?: string }) {
  const ids = useId();
  const [added, setAdded] = useState<TradeFieldId[]>([]);
  const [search, setSearch] = useState('');
  const values: Record<string, unknown> = state.filter; // keyed by field id
  const shownIds = useMemo(
    () =>
      TRADE_FIELDS.map((field) => field.id).filter(
        (id) => values[id] !== undefined || added.includes(id),
      ) as TradeFieldId[],
    [values, added],
  );
  const choices = toFieldChoices({ search, shown: new Set(shownIds) });
  return (
    <div data-testid={testId} className="grid gap-3">
      <details className="group rounded-xl border border-line bg-bg">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-medium text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Plus className="h-4 w-4 text-accent" aria-hidden="true" />
          Add a filter
          <span className="text-xs font-normal text-muted">({TRADE_FIELDS.length} parameters)</span>
        </summary>
        <div className="border-t border-line p-3">
          <label htmlFor={`${ids}-search`} className="text-xs font-medium text-muted">
            Find a filter
          </label>
          <div className="relative mt-1">
            <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-muted" aria-hidden="true" />
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Symbol, P&L, tag…"
              className="w-full rounded-lg border border-line bg-elevated py-2 pl-8 pr-3 text-sm text-fg placeholder:text-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </div>
          {choices.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No other filter matches “{search}”.</p>
          ) : (
            <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {choices.map((group) => (
                <div key={group.id}>
                  <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{group.label}</h3>
                  <ul className="mt-1 flex flex-wrap gap-1.5">
                    {group.fields.map((field) => (
                      <li key={field.id}>
                        <button
                          type="button"
                          title={field.description}
                          onClick={() => setAdded((list) => [...list, field.id as TradeFieldId])}
                          className="rounded-full border border-line bg-elevated px-2.5 py-1 text-xs font-medium text-fg hover:border-accent hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {field.label}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </div>
      </details>
      {shownIds.length > 0 || state.issues.length > 0 ? (
        <FilterBar label={label} fields={shownIds} state={state} />
      ) : (
        <p className="text-sm text-muted">No filters: every closed trade.</p>
      )}
    </div>
  );
}
