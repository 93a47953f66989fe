import type { Page } from 'playwright-core';

/** Milliseconds from navigation start until each part of the dashboard first showed, and all of them. */
export type DashboardRenderTiming = { shell: number; numbers: number; chart: number; calendar: number; all: number };

/**
 * Opens `url` and times, from navigation start, the page heading (the app shell and the page's
 * code), the headline numbers, the equity chart's canvas and the P&L calendar's totals, polled on
 * every animation frame. Shared by the dashboard-at-scale browser test and the render bench.
 */
export async function timeDashboardFirstRender(page: Page, url: string): Promise<DashboardRenderTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __seen?: Record<string, number> };
      const seen = (w.__seen ??= {});
      const now = performance.now();
      const calendar = document.querySelector('[data-testid="calendar-total"]');
      const checks: Record<string, boolean> = {
        shell: document.querySelector('main h1') !== null,
        numbers: document.querySelector('[data-testid="stat-net-pnl-value"]') !== null,
        chart: document.querySelector('[data-testid="equity-chart"] canvas') !== null,
        calendar: !!calendar && !calendar.textContent?.includes('Loading'),
      };
      for (const [key, ok] of Object.entries(checks)) if (ok) seen[key] ??= now;
      return Object.values(checks).every(Boolean) ? { ...seen, all: now } : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as DashboardRenderTiming;
}
