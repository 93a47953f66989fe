import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** /journal (every day with a plan, review or trade notes) and a day's own page, /journal/:date. */

const browser = useBrowser();

async function signedInWithJournal(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await browser.open(viewport);
  await signInNewUser(page, { label: 'journal', password: 'Str0ng!pass', firstName: 'Grace', lastName: 'Hopper' });
  for (const [date, plan, review] of [
    ['2025-01-14', 'Trade only the opening range breakout', ''],
    ['2025-01-15', '', 'Revenge trade after the first loss'],
    ['2025-01-16', 'Wait for VWAP reclaim', 'Patient, two clean trades'],
  ])
    expect(
      (
        await page.request.put(`/api/journal/days/${date}`, { headers: sameOrigin(), data: { plan, review, mood: 4 } })
      ).ok(),
    ).toBe(true);
  return { page, errors };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the journal (%s)', (name, viewport) => {
  it('lists the days newest first, finds words, and opens a day by its own URL', async () => {
    const { page, errors } = await signedInWithJournal(viewport);
    await visit(page, '/journal');
    const days = page.getByRole('list', { name: 'Journal days' });
    await days.waitFor();
    const titles = await days
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.querySelector('span > span')?.textContent));
    expect(titles).toEqual(['Thursday, January 16, 2025', 'Wednesday, January 15, 2025', 'Tuesday, January 14, 2025']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/journal-${name}.png` });

    await page.getByLabel('Search the journal').fill('revenge');
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Journal days"] a').length === 1);
    await days.getByRole('link', { name: /January 15, 2025/ }).click();
    await page.waitForURL((url) => url.pathname === '/journal/2025-01-15');
    await page.getByRole('heading', { level: 1, name: 'Wednesday, January 15, 2025' }).waitFor();
    expect(await page.getByLabel('Review after the session').inputValue()).toBe('Revenge trade after the first loss');

    await page.getByRole('link', { name: 'Next day' }).click();
    await page.waitForURL((url) => url.pathname === '/journal/2025-01-16');
    await page.getByLabel('Plan before the session').waitFor();
    expect(await page.getByLabel('Plan before the session').inputValue()).toBe('Wait for VWAP reclaim');

    // Reached directly, the day page writes a new day's plan, which then leads the list.
    await visit(page, '/journal/2025-01-17');
    await page.getByLabel('Plan before the session').fill('Small size on Friday');
    await page.getByRole('button', { name: 'Save journal' }).click();
    await page.getByText('Journal saved').first().waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/journal-day-${name}.png` });
    await page.getByRole('link', { name: 'Journal', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/journal');
    await days.getByRole('link', { name: /January 17, 2025/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
