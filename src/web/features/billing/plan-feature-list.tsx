import { Check } from 'lucide-react';
import { PLACEHOLDER_FEATURES } from '../../../core/site/feature-availability';
import { PLAN_FEATURES } from '../../../core/site/plan-features';
import { ComingSoonBadge } from '../../components/ui/coming-soon-badge';

/** What Premium includes (core/site/plan-features), features not built yet marked coming soon. */
export function PlanFeatureList({ className = '' }: { className?: string }) {
  return (
    <ul className={className}>
      {PLAN_FEATURES.map(({ text, feature }) => {
        const isComing = PLACEHOLDER_FEATURES.some((f) => f.id === feature);
        return (
          <li key={text} className={`flex gap-2.5 text-sm ${isComing ? 'text-muted' : 'text-fg'}`}>
            <Check className={`mt-0.5 h-4 w-4 shrink-0 ${isComing ? 'text-muted' : 'text-gain'}`} aria-hidden="true" />
            <span>
              {text}
              {isComing && <ComingSoonBadge />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
