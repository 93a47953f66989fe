import { FlaskConical } from 'lucide-react';
import { Link } from 'wouter';
import { DEMO_SOURCE } from './analytics-api';
import { AnalyticsView } from './analytics-view';

/**
 * /demo-advanced-analytics: the same analytics over the built-in, seeded sample journal (computed by
 * the server from the core generator, GET /api/analytics/demo/*), for a user with no trades yet.
 */
export default function DemoAnalyticsPage() {
  const linkClass = 'font-semibold text-accent underline underline-offset-2 hover:no-underline';
  return (
    <AnalyticsView
      source={DEMO_SOURCE}
      title="Demo Advanced Analytics"
      intro="Every analytics view on a built-in sample journal: six months of trades, the same for everyone."
      banner={
        <div
          role="note"
          data-testid="demo-banner"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-highlight/50 bg-highlight/10 px-4 py-3 text-sm text-fg"
        >
          <FlaskConical className="h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
          <strong className="font-semibold">Sample data — import your own trades to see your edge.</strong>
          <span>
            <Link href="/import" className={linkClass}>
              Import trades
            </Link>{' '}
            ·{' '}
            <Link href="/analytics" className={linkClass}>
              Your analytics
            </Link>
          </span>
        </div>
      }
    />
  );
}
