import { apiQuery } from '../../lib/api';
import { useQueries, useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  DATE_RANGE_MEANING,
  fromSearchValue,
  TRADE_FIELDS_BY_ID,
  toSearchValue,
  type FieldDef,
  type TradeFieldId,
  type TradeFilter,
} from '../../../core/query';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { Button, buttonClass } from '../../components/ui/button';
import { useIsPhone } from '../../lib/use-media-query';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { CommitInput, FilterField, SearchInput, SelectFilter, SymbolInput } from '../trades/filter-fields';
import { AddFilterPicker } from './add-filter-picker';
import { toFilterChips, type RefChoices } from './filter-chips';
import type { FilterState } from './use-filter-state';

/** The user's accounts, strategies, tags and rules, as the choices of the id fields that name them. */
function useRefChoices(): RefChoices {
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const strategies = useQuery(apiQuery('GET /api/strategies'));
  const tags = useQuery(apiQuery('GET /api/tags'));
  const strategyList = strategies.data?.strategies ?? [];
  // Each strategy's current rules, named "Strategy: rule".
  const details = useQueries({
    queries: strategyList.map((s) => apiQuery('GET /api/strategies/:id', { params: { id: s.id } })),
  });
  return {
    accounts: (accounts.data?.accounts ?? []).map((a) => [a.id, a.name] as const),
    strategies: strategyList.map((s) => [s.id, s.name] as const),
    tags: (tags.data?.tags ?? []).map((t) => [t.id, t.name] as const),
    rules: strategyList.flatMap((s, i) =>
      (details[i]?.data?.rules ?? []).map((rule) => [rule.id, `${s.name}: ${rule.text}`] as const),
    ),
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
  choices: RefChoices;
  onChange: (value: unknown) => void;
}) {
  const text = value === undefined ? '' : toSearchValue(field, value);
  // A single choice stands for a list of one; a list of several shows as "Any" until changed.
  const single = Array.isArray(value) ? (value.length === 1 ? String(value[0]) : '') : text;
  const fromText = (raw: string) => onChange(fromSearchValue(field, raw));
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
    case 'date':
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
              ? (choices[field.ref!] ?? []) // an id field names what its ids refer to
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
    case 'textList':
    case 'intList':
      return (
        <FilterField label={field.label} id={id}>
          <CommitInput
            key={text}
            id={id}
            value={text}
            onCommit={fromText}
            placeholder={field.type === 'intList' ? `${field.minimum ?? 0},…` : 'a, b…'}
          />
        </FilterField>
      );
  }
}

/**
 * The trade filter bar, generated from the query model's registry: one control per field listed,
 * each chosen by the field's type, all kept in the URL by useFilterState. "Clear filters" clears
 * every field but `keep`. The active fields show as removable chips; on a phone the controls sit
 * in a sheet behind a "Filters" button that counts them, so the page's content comes first.
 */
export function FilterBar({
  label,
  fields,
  state,
  keep = [],
  className,
  children,
  canAddFields = false,
}: {
  label: string;
  fields: readonly TradeFieldId[];
  state: FilterState;
  keep?: readonly TradeFieldId[];
  className?: string;
  /** Offer "Add filter": any field of the registry, besides the quick ones in `fields`. */
  canAddFields?: boolean;
  /** More controls at the end of the bar on wider screens (the trades page’s column chooser). */
  children?: ReactNode;
}) {
  const ids = useId();
  const choices = useRefChoices();
  const isPhone = useIsPhone();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [added, setAdded] = useState<readonly TradeFieldId[]>([]);
  const { filter, issues, setField, clear } = state;
  const values: Record<string, unknown> = filter; // keyed by field id
  // The quick fields, then those added or active (a link's), each once; the header's stay there.
  const shownFields = canAddFields
    ? [
        ...new Set<TradeFieldId>([
          ...fields,
          ...added,
          ...(Object.keys(filter) as TradeFieldId[]).filter((id) => !keep.includes(id)),
        ]),
      ]
    : fields;
  const addField = (id: TradeFieldId) => {
    setAdded((list) => [...list, id]);
    if (isPhone) setIsSheetOpen(true);
    // Focus the new control once it is drawn.
    setTimeout(() => document.getElementById(`${ids}-${id}`)?.focus(), 50);
  };
  const picker = canAddFields && (
    <AddFilterPicker shown={new Set<string>([...shownFields, ...keep])} onAdd={addField} />
  );
  const hasFilters = hasFiltersBesides(filter, keep);
  const chips = toFilterChips(filter, { keep, choices });
  const form = (
    <form
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      {shownFields.map((fieldId) => {
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
      {!isPhone && picker}
      {hasFilters && (
        <Button
          variant="ghost"
          className="col-span-2 sm:col-span-1"
          onClick={() => {
            clear(keep);
            setAdded([]);
          }}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Clear filters
        </Button>
      )}
      {!isPhone && children}
    </form>
  );
  const issueNote = issues.length > 0 && (
    <p role="status" className="mt-2 text-sm text-loss">
      Some filters in this link were left out: {issues.map((issue) => issue.message).join('; ')}.
    </p>
  );
  const chipList = chips.length > 0 && (
    <ul aria-label="Active filters" className={`flex flex-wrap gap-2 ${isPhone ? 'min-w-0' : 'mt-3'}`}>
      {chips.map((chip) => (
        <li
          key={chip.id}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-sunken py-0.5 pl-3 pr-0.5 text-xs font-medium text-fg"
        >
          <span className="truncate">{chip.text}</span>
          <button
            type="button"
            aria-label={`Remove filter ${chip.text}`}
            title={`Remove filter ${chip.text}`}
            onClick={() => {
              setField(chip.id, undefined);
              setAdded((list) => list.filter((id) => id !== chip.id));
            }}
            className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-muted hover:bg-elevated hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );

  if (!isPhone) {
    return (
      <div className={className}>
        {form}
        <p className="mt-2 text-xs text-muted">{DATE_RANGE_MEANING}</p>
        {issueNote}
        {chipList}
      </div>
    );
  }
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center gap-2">
        <Dialog.Root open={isSheetOpen} onOpenChange={setIsSheetOpen}>
          <Dialog.Trigger className={buttonClass('secondary', 'md')}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filters
            {chips.length > 0 && (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs text-accent-fg">
                {chips.length}
                <span className="sr-only"> active</span>
              </span>
            )}
          </Dialog.Trigger>
          <BottomSheet
            title="Filters"
            description={DATE_RANGE_MEANING}
            isDescriptionShown
            footer={
              <Button className="w-full" onClick={() => setIsSheetOpen(false)}>
                Done
              </Button>
            }
          >
            {form}
          </BottomSheet>
        </Dialog.Root>
        {picker}
        {chipList}
      </div>
      {issueNote}
    </div>
  );
}

/** True when the filter has a field other than those in `keep`. */
export function hasFiltersBesides(filter: TradeFilter, keep: readonly TradeFieldId[] = []): boolean {
  const kept = new Set<string>(keep);
  return Object.keys(filter).some((id) => !kept.has(id));
}
