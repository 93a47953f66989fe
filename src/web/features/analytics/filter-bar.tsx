import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId } from 'react';
import type { AccountJson, StrategyJson, TagJson } from '../../../contracts/trades';
import { Button } from '../../components/ui/button';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { FilterField, OUTCOME_OPTIONS, SelectFilter, SIDE_OPTIONS, SymbolInput } from '../trades/filter-fields';
import { ANALYTICS_FILTER_KEYS } from './analytics-api';

/**
 * The analytics filters, kept in the URL with the trades page's keys (from, to, accountId, symbol,
 * side, strategyId, tagId, outcome), so a filtered view is a link and /trades?… opens the same trades.
 */
export function AnalyticsFilterBar({
  search,
  onChange,
}: {
  search: URLSearchParams;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const ids = useId();
  const accounts = useQuery<{ accounts: AccountJson[] }>({ queryKey: ['/api/accounts'] });
  const tags = useQuery<{ tags: TagJson[] }>({ queryKey: ['/api/tags'] });
  const strategies = useQuery<{ strategies: StrategyJson[] }>({ queryKey: ['/api/strategies'] });
  const hasFilters = ANALYTICS_FILTER_KEYS.some((k) => search.get(k));
  const value = (key: string) => search.get(key) ?? '';
  return (
    <form
      role="search"
      aria-label="Filter analytics"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      <FilterField label="From" id={`${ids}-from`}>
        <input
          id={`${ids}-from`}
          type="date"
          className={SELECT_CLASS}
          value={value('from')}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </FilterField>
      <FilterField label="To" id={`${ids}-to`}>
        <input
          id={`${ids}-to`}
          type="date"
          className={SELECT_CLASS}
          value={value('to')}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </FilterField>
      <SelectFilter
        label="Account"
        id={`${ids}-account`}
        value={value('accountId')}
        anyLabel="All accounts"
        onChange={(v) => onChange({ accountId: v })}
        options={(accounts.data?.accounts ?? []).map((a) => [a.id, a.name] as const)}
      />
      <FilterField label="Symbol" id={`${ids}-symbol`}>
        <SymbolInput
          key={value('symbol')}
          id={`${ids}-symbol`}
          value={value('symbol')}
          onCommit={(v) => onChange({ symbol: v.toUpperCase() })}
        />
      </FilterField>
      <SelectFilter
        label="Side"
        id={`${ids}-side`}
        value={value('side')}
        onChange={(v) => onChange({ side: v })}
        options={SIDE_OPTIONS}
      />
      <SelectFilter
        label="Strategy"
        id={`${ids}-strategy`}
        value={value('strategyId')}
        onChange={(v) => onChange({ strategyId: v })}
        options={(strategies.data?.strategies ?? []).map((s) => [s.id, s.name] as const)}
      />
      <SelectFilter
        label="Tag"
        id={`${ids}-tag`}
        value={value('tagId')}
        onChange={(v) => onChange({ tagId: v })}
        options={(tags.data?.tags ?? []).map((t) => [t.id, t.name] as const)}
      />
      <SelectFilter
        label="Outcome"
        id={`${ids}-outcome`}
        value={value('outcome')}
        onChange={(v) => onChange({ outcome: v })}
        options={OUTCOME_OPTIONS}
      />
      {hasFilters && (
        <Button
          variant="ghost"
          className="col-span-2 sm:col-span-1"
          onClick={() => onChange(Object.fromEntries(ANALYTICS_FILTER_KEYS.map((k) => [k, null])))}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </form>
  );
}
