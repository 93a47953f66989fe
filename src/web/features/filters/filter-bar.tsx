import { apiQuery } from '../../lib/api';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  DATE_RANGE_MEANING,
  fromSearchValue,
  TRADE_FIELDS_BY_ID,
  toSearchValue,
  type FieldDef,
  type FieldRef,
  type TradeFieldId,
  type TradeFilter,
} from '../../../core/query';
import { Button } from '../../components/ui/button';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { CommitInput, FilterField, SearchInput, SelectFilter, SymbolInput } from '../trades/filter-fields';
import type { FilterState } from './use-filter-state';

type Choices = readonly (readonly [string, string])[];

/** The user's accounts, strategies and tags, as the choices of the id fields that name them. */
function useRefChoices(): Record<FieldRef, Choices> {
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const strategies = useQuery(apiQuery('GET /api/strategies'));
  const tags = useQuery(apiQuery('GET /api/tags'));
  return {
    accounts: (accounts.data?.accounts ?? []).map((a) => [a.id, a.name] as const),
    strategies: (strategies.data?.strategies ?? []).map((s) => [s.id, s.name] as const),
    tags: (tags.data?.tags ?? []).map((t) => [t.id, t.name] as const),
  };
}

/** One field's control, chosen by its type in the registry. */
function FieldControl({
  field,
  id,
  value,
  choices,
  onChange,
}: {
  field: FieldDef;
  id: string;
  value: unknown;
  choices: Record<FieldRef, Choices>;
  onChange: (value: unknown) => void;
}) {
  const text = value === undefined ? '' : toSearchValue(field, value);
  // A single choice stands for a list of one; a list of several shows as "Any" until changed.
  const single = Array.isArray(value) ? (value.length === 1 ? String(value[0]) : '') : text;
  const fromText = (raw: string) => onChange(fromSearchValue(field, raw));
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return (
        <FilterField label={field.label} id={id}>
          <input
            id={id}
            type="date"
            className={SELECT_CLASS}
            title={field.description}
            value={text.slice(0, 10)}
            onChange={(e) => fromText(e.target.value)}
          />
        </FilterField>
      );
    case 'symbolList':
      return (
        <FilterField label={field.label} id={id}>
          <SymbolInput key={text} id={id} value={text} onCommit={fromText} />
        </FilterField>
      );
    case 'text':
      return (
        <FilterField label={field.label} id={id}>
          <SearchInput id={id} value={text} onSearch={fromText} placeholder="AAPL, MES…" title={field.description} />
        </FilterField>
      );
    case 'idList':
    case 'enum':
    case 'enumList':
    case 'boolean':
      return (
        <SelectFilter
          label={field.label}
          id={id}
          value={single}
          anyLabel={field.ref === 'accounts' ? 'All accounts' : undefined}
          onChange={fromText}
          options={
            field.type === 'idList'
              ? choices[field.ref!] // an id field names what its ids refer to
              : field.type === 'boolean'
                ? [
                    ['true', 'Yes'],
                    ['false', 'No'],
                  ]
                : (field.values ?? [])
          }
        />
      );
    case 'decimalRange':
    case 'numberRange':
      return (
        <FilterField label={field.label} id={id}>
          <CommitInput key={text} id={id} value={text} onCommit={fromText} placeholder="min..max" />
        </FilterField>
      );
  }
}

/**
 * The trade filter bar, generated from the query model's registry: one control per field listed,
 * each chosen by the field's type, all kept in the URL by useFilterState. "Clear filters" clears
 * every field but `keep`.
 */
export function FilterBar({
  label,
  fields,
  state,
  keep = [],
  className,
  children,
}: {
  label: string;
  fields: readonly TradeFieldId[];
  state: FilterState;
  keep?: readonly TradeFieldId[];
  className?: string;
  /** More controls at the end of the bar (the trades page's column chooser). */
  children?: ReactNode;
}) {
  const ids = useId();
  const choices = useRefChoices();
  const { filter, issues, setField, clear } = state;
  const values: Record<string, unknown> = filter; // keyed by field id
  const hasFilters = hasFiltersBesides(filter, keep);
  return (
    <div className={className}>
      <form
        role="search"
        aria-label={label}
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        {fields.map((fieldId) => {
          const field = TRADE_FIELDS_BY_ID.get(fieldId)!; // ids come from the registry's own type
          return (
            <FieldControl
              key={fieldId}
              field={field}
              id={`${ids}-${fieldId}`}
              value={values[fieldId]}
              choices={choices}
              // The control's value is the field's URL text read back: validated by the URL form on reading.
              onChange={(value) => setField(fieldId, value as TradeFilter[typeof fieldId])}
            />
          );
        })}
        {hasFilters && (
          <Button variant="ghost" className="col-span-2 sm:col-span-1" onClick={() => clear(keep)}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear filters
          </Button>
        )}
        {children}
      </form>
      <p className="mt-2 text-xs text-muted">{DATE_RANGE_MEANING}</p>
      {issues.length > 0 && (
        <p role="status" className="mt-2 text-sm text-loss">
          Some filters in this link were left out: {issues.map((issue) => issue.message).join('; ')}.
        </p>
      )}
    </div>
  );
}

/** True when the filter has a field other than those in `keep`. */
export function hasFiltersBesides(filter: TradeFilter, keep: readonly TradeFieldId[] = []): boolean {
  const kept = new Set<string>(keep);
  return Object.keys(filter).some((id) => !kept.has(id));
}
