import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { FIELD_GROUPS, TRADE_FIELDS, type FieldDef, type TradeFieldId } from '../../../core/query';
import { Button } from '../../components/ui/button';
import { DialogFrame } from '../trades/dialog-frame';
import { SELECT_CLASS } from '../trades/dialog-frame';

/**
 * "Add filter": every parameter of the query model's registry, grouped as the registry groups
 * them and searchable by name or meaning; choosing one adds its control to the filter bar.
 * Fields already shown are left out.
 */
export function AddFilterPicker({ shown, onAdd }: { shown: ReadonlySet<string>; onAdd: (id: TradeFieldId) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (field: FieldDef) => {
    const text = `${field.label} ${field.id} ${field.description ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  const groups = FIELD_GROUPS.map((group) => ({
    ...group,
    fields: (TRADE_FIELDS as readonly FieldDef[]).filter(
      (field) => field.group === group.id && !shown.has(field.id) && matches(field),
    ),
  })).filter((group) => group.fields.length > 0);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setQuery('');
          setIsOpen(true);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add filter
      </Button>
      <DialogFrame
        open={isOpen}
        onOpenChange={setIsOpen}
        title="Add a filter"
        description="Every condition you add must hold. Search by name, e.g. weekday, session or previous."
        testId="add-filter"
      >
        <label htmlFor={searchId} className="sr-only">
          Search filters
        </label>
        <input
          id={searchId}
          type="search"
          autoFocus
          placeholder="Search filters…"
          className={SELECT_CLASS}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="mt-4 grid gap-4">
          {groups.length === 0 && <p className="text-sm text-muted">No filter matches “{query}”.</p>}
          {groups.map((group) => (
            <section key={group.id} aria-label={group.label}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{group.label}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {group.fields.map((field) => (
                  <li key={field.id}>
                    <button
                      type="button"
                      title={field.description}
                      onClick={() => {
                        onAdd(field.id as TradeFieldId); // ids come from the registry
                        setIsOpen(false);
                      }}
                      className="rounded-full border border-line bg-sunken px-3 py-1.5 text-sm text-fg hover:border-accent hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {field.label}
                      {field.untilDataExists && <span className="ml-1 text-xs text-muted">(no data yet)</span>}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </DialogFrame>
    </>
  );
}
