import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RuleState } from '../../../core/playbook';
import { apiQuery } from '../../lib/api';
import { SELECT_BASE } from '../trades/dialog-frame';

/**
 * Marks one rule on the selected trades (the bulk bar's): pick a rule of a strategy, then its
 * answer. Only the selected trades that carry the rule's strategy are answered.
 */
export function BulkRuleCheck({
  strategies,
  isDisabled,
  onMark,
}: {
  strategies: readonly { id: string; name: string; archived?: boolean }[];
  isDisabled: boolean;
  onMark: (ruleId: string, state: RuleState | null) => void;
}) {
  const ids = useId();
  const [ruleId, setRuleId] = useState('');
  const shown = strategies.filter((s) => !s.archived);
  const details = useQueries({
    queries: shown.map((s) => apiQuery('GET /api/strategies/:id', { params: { id: s.id } })),
  });
  const groups = shown
    .map((s, i) => ({ strategy: s, rules: details[i]?.data?.rules ?? [] }))
    .filter((group) => group.rules.length > 0);
  if (groups.length === 0) return null;
  return (
    <>
      <label htmlFor={`${ids}-rule`} className="sr-only">
        Rule to mark on the selected trades
      </label>
      <select
        id={`${ids}-rule`}
        className={`${SELECT_BASE} h-9 w-auto max-w-56 py-1`}
        value={ruleId}
        disabled={isDisabled}
        onChange={(e) => setRuleId(e.target.value)}
      >
        <option value="">Mark rule…</option>
        {groups.map(({ strategy, rules }) => (
          <optgroup key={strategy.id} label={strategy.name}>
            {rules.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.text}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {ruleId !== '' && (
        <>
          <label htmlFor={`${ids}-state`} className="sr-only">
            Answer for the selected trades
          </label>
          <select
            id={`${ids}-state`}
            className={`${SELECT_BASE} h-9 w-auto py-1`}
            value=""
            disabled={isDisabled}
            onChange={(e) => {
              const value = e.target.value;
              if (!value) return;
              onMark(ruleId, value === 'clear' ? null : (value as RuleState)); // the options are the states
              setRuleId('');
            }}
          >
            <option value="">as…</option>
            <option value="followed">Followed</option>
            <option value="broken">Broken</option>
            <option value="na">N/A</option>
            <option value="clear">No answer</option>
          </select>
        </>
      )}
    </>
  );
}
