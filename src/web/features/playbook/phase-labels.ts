import type { RulePhase } from '../../../core/playbook';

export const PHASE_LABELS: Record<RulePhase, string> = {
  setup: 'Setup',
  entry: 'Entry',
  management: 'Management',
  exit: 'Exit',
  risk: 'Risk',
};
