import { USER_SOURCE } from './analytics-api';
import { AnalyticsView } from './analytics-view';

/** /analytics: breakdowns, heatmap, distributions, streaks, risk and Monte Carlo over the user's trades. */
export default function AnalyticsPage() {
  return (
    <AnalyticsView
      source={USER_SOURCE}
      title="Analytics"
      intro="Where your edge comes from and how much risk it carries, over your closed trades."
    />
  );
}
