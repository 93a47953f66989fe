import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { TradeDetailJson } from '../../../contracts/trades';
import { RULE_PHASES, type RuleState } from '../../../core/playbook';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { PHASE_LABELS } from './phase-labels';

const STATES: { state: RuleState; label: string; key: string; on: string }[] = [
  { state: 'followed', label: 'Followed', key: '1', on: 'border-gain bg-gain/15 text-fg' },
  { state: 'broken', label: 'Broken', key: '2', on: 'border-loss bg-loss/15 text-fg' },
  { state: 'na', label: 'N/A', key: '3', on: 'border-line bg-sunken text-fg' },
];

/**
 * The trade's strategy's rules, each answered followed, broken or not applicable, saved as each
 * answer is given. Keyboard: Tab reaches the checklist; ←/→ change the answer of a rule, ↑/↓ move
 * between rules, 1/2/3 answer followed/broken/N/A; Space or Enter on an answer picks it.
 */
export function RuleChecklist({ trade, strategyId }: { trade: TradeDetailJson; strategyId: string }) {
  const queryClient = useQueryClient();
  const strategy = useQuery(apiQuery('GET /api/strategies/:id', { params: { id: strategyId } }));
  const [answers, setAnswers] = useState<Map<string, RuleState>>(
    () => new Map(trade.ruleChecks.map((check) => [check.ruleId, check.state])),
  );
  const [adherence, setAdherence] = useState(trade.adherencePct);
  const [focused, setFocused] = useState(0);
  const rowRefs = useRef<(HTMLDivElement | null)[]>([]);

  const save = useMutation({
    mutationFn: (change: { ruleId: string; state: RuleState | null }) =>
      api('PUT /api/trades/:id/rule-checks', { params: { id: trade.id }, body: [change] }),
    onSuccess: async (updated) => {
      setAdherence(updated.adherencePct);
      queryClient.setQueryData(['/api/trades', updated.id], updated);
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
    },
    onError: (err) =>
      toast({ title: 'Could not save the answer', description: toApiError(err).message, variant: 'destructive' }),
  });

  // Shown grouped by phase (in the strategy's order within each): the keyboard moves in that order.
  const rules = RULE_PHASES.flatMap((phase) => (strategy.data?.rules ?? []).filter((rule) => rule.phase === phase));
  const answer = (ruleId: string, state: RuleState) => {
    const next = answers.get(ruleId) === state ? null : state;
    setAnswers((current) => {
      const copy = new Map(current);
      if (next === null) copy.delete(ruleId);
      else copy.set(ruleId, next);
      return copy;
    });
    save.mutate({ ruleId, state: next });
  };

  /** Focuses the answer button `k` of the rule at `index` (its roving tab stop follows on render). */
  const focusAnswer = (index: number, k: number) => {
    setFocused(index);
    rowRefs.current[index]?.querySelectorAll<HTMLElement>('[role="radio"]')[k]?.focus();
  };
  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(rules.length - 1, index));
    const at = STATES.findIndex((s) => s.state === answers.get(rules[clamped]!.id));
    focusAnswer(clamped, Math.max(0, at));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, ruleId: string) => {
    const current = answers.get(ruleId);
    const at = STATES.findIndex((s) => s.state === current);
    const byKey = STATES.find((s) => s.key === event.key);
    if (byKey) answer(ruleId, byKey.state);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const step = event.key === 'ArrowRight' ? 1 : -1;
      const k = at < 0 ? (step > 0 ? 0 : STATES.length - 1) : (at + step + STATES.length) % STATES.length;
      answer(ruleId, STATES[k]!.state);
      focusAnswer(index, k);
    } else if (event.key === 'ArrowDown') focusRow(index + 1);
    else if (event.key === 'ArrowUp') focusRow(index - 1);
    else return;
    event.preventDefault();
  };

  if (strategy.isPending) return <p className="text-sm text-muted">Loading the checklist…</p>;
  if (rules.length === 0)
    return (
      <p className="text-sm text-muted">
        This strategy has no rules yet: write them on its{' '}
        <a className="underline" href={`/playbook/${strategyId}`}>
          playbook page
        </a>
        .
      </p>
    );

  return (
    <fieldset className="grid gap-2" data-testid="rule-checklist">
      <legend className="mb-1 flex w-full items-baseline justify-between text-sm font-medium text-fg">
        <span>Rule checklist</span>
        <span className="text-xs font-normal text-muted" data-testid="adherence">
          Adherence {adherence === null ? '—' : `${Math.round(adherence)} %`}
        </span>
      </legend>
      <p className="text-xs text-muted">
        Keys: 1 followed, 2 broken, 3 N/A; ←/→ change, ↑/↓ next rule. Saved as you go.
      </p>
      {RULE_PHASES.map((phase) => {
        const inPhase = rules.filter((rule) => rule.phase === phase);
        if (inPhase.length === 0) return null;
        return (
          <div key={phase} className="grid gap-1.5">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{PHASE_LABELS[phase]}</p>
            {inPhase.map((rule) => {
              const index = rules.indexOf(rule);
              const current = answers.get(rule.id);
              const focusIndex = Math.max(
                0,
                STATES.findIndex((s) => s.state === current),
              );
              return (
                <div
                  key={rule.id}
                  ref={(el) => {
                    rowRefs.current[index] = el;
                  }}
                  role="radiogroup"
                  aria-label={rule.text}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-2"
                  onKeyDown={(event) => onKeyDown(event, index, rule.id)}
                >
                  <span className="min-w-0 flex-1 text-sm text-fg">{rule.text}</span>
                  <span className="flex gap-1">
                    {STATES.map((s, k) => (
                      <button
                        key={s.state}
                        type="button"
                        role="radio"
                        aria-checked={current === s.state}
                        tabIndex={index === focused && k === focusIndex ? 0 : -1}
                        onFocus={() => setFocused(index)}
                        onClick={() => answer(rule.id, s.state)}
                        className={`h-8 rounded-md border px-2 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
                          current === s.state ? s.on : 'border-line text-muted hover:bg-sunken'
                        }`}
                      >
                        {s.label}
                      </button>
                    ))}
                  </span>
                </div>
              );
            })}
          </div>
        );
      })}
    </fieldset>
  );
}
