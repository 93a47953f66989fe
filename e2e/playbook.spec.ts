import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, waitForHydration } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * /playbook against the real server (issue #33): a strategy created and its rules written and
 * reordered in the page, its checklist answered from the keyboard in the trade dialog, its numbers
 * and per-rule table, axe, and the phone layout. PLAYBOOK_SCREENSHOTS=<dir> saves screenshots there.
 */
const { open } = useBrowser();
const PASSWORD = 'Str0ng!pass';

async function screenshot(page: Page, name: string) {
  const dir = process.env.PLAYBOOK_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A signed-in user with closed AAPL trades of these net P&Ls (one share, a day apart); their ids, oldest first. */
async function seededUser(viewport: typeof DESKTOP, pnls: readonly number[]) {
  const { page, errors } = await open(viewport);
  await signInNewUser(page, { label: 'playbook', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const account = await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } });
  const { id: accountId } = (await account.json()) as { id: string };
  const start = Date.UTC(2025, 2, 3, 15);
  const executions = pnls.flatMap((pnl, i) => [
    {
      executedAt: new Date(start + i * 86_400_000).toISOString(),
      symbol: 'AAPL',
      side: 'buy',
      quantity: '1',
      price: '100',
    },
    {
      executedAt: new Date(start + i * 86_400_000 + 1_800_000).toISOString(),
      symbol: 'AAPL',
      side: 'sell',
      quantity: '1',
      price: String(100 + pnl),
    },
  ]);
  const res = await page.request.post('/api/executions', { headers: sameOrigin(), data: { accountId, executions } });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await (await page.request.get('/api/trades?sort=openedAt&order=asc')).json()) as {
    trades: { id: string }[];
  };
  return { page, errors, tradeIds: list.trades.map((trade) => trade.id) };
}

const apiJson = async <T>(page: Page, path: string): Promise<T> => (await (await page.request.get(path)).json()) as T;

describe('/playbook', () => {
  it('writes a strategy’s rules, answers them from the keyboard on a trade, and shows what each is worth', async () => {
    const { page, errors, tradeIds } = await seededUser(DESKTOP, [12, -5, 8, -7, 10, 4]);
    await page.goto('/playbook');
    await waitForHydration(page);
    await page.getByLabel('New strategy').fill('Opening range breakout');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Opening range breakout' }).waitFor();
    const strategyId = new URL(page.url()).pathname.split('/').at(-1)!;

    // Three rules, in three phases.
    for (const [phase, text] of [
      ['setup', 'Range under 1 ATR'],
      ['entry', 'Close above the range high'],
      ['risk', 'Risk at most 1 %'],
    ] as const) {
      await page.getByLabel('Phase', { exact: true }).last().selectOption(phase);
      await page.getByLabel('New rule').fill(text);
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('listitem').filter({ hasText: text }).waitFor();
    }
    // Reorder from the keyboard: the risk rule up to first place.
    const riskRule = page.getByRole('listitem').filter({ hasText: 'Risk at most 1 %' });
    await riskRule.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(async () =>
        (await apiJson<{ rules: { text: string }[] }>(page, `/api/strategies/${strategyId}/rules`)).rules.map(
          (r) => r.text,
        ),
      )
      .toEqual(['Risk at most 1 %', 'Range under 1 ATR', 'Close above the range high']);
    // And by dragging: the entry rule onto the first place.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Close above the range high' })
      .dragTo(page.getByRole('listitem').filter({ hasText: 'Risk at most 1 %' }));
    await expect
      .poll(async () =>
        (await apiJson<{ rules: { text: string }[] }>(page, `/api/strategies/${strategyId}/rules`)).rules.map(
          (r) => r.text,
        ),
      )
      .toEqual(['Close above the range high', 'Risk at most 1 %', 'Range under 1 ATR']);

    // The trade dialog: pick the strategy, answer its checklist from the keyboard.
    await page.goto(`/trades?trade=${tradeIds[0]}`);
    await waitForHydration(page);
    const dialog = page.getByTestId('trade-dialog');
    await dialog.getByLabel('Strategy').selectOption({ label: 'Opening range breakout' });
    const checklist = dialog.getByTestId('rule-checklist');
    await checklist.waitFor();
    await checklist.getByRole('radio').first().focus();
    await page.keyboard.press('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByTestId('adherence').textContent()).toContain('67 %');
    await screenshot(page, 'playbook-checklist-desktop');
    const trade = await apiJson<{ adherencePct: number; ruleChecks: { state: string }[] }>(
      page,
      `/api/trades/${tradeIds[0]}`,
    );
    // Answered in the checklist's order (by phase: setup, entry, risk); listed in the strategy's order (entry, risk, setup).
    expect(trade.ruleChecks.map((check) => check.state)).toEqual(['broken', 'followed', 'followed']);
    expect(trade.adherencePct).toBeCloseTo(200 / 3, 6);

    // More trades answered through the API, then the strategy's page and the playbook's cards.
    const rules = (
      await apiJson<{ rules: { id: string; text: string }[] }>(page, `/api/strategies/${strategyId}/rules`)
    ).rules;
    for (const [i, id] of tradeIds.slice(1).entries()) {
      await page.request.patch(`/api/trades/${id}`, { headers: sameOrigin(), data: { strategyId } });
      const res = await page.request.put(`/api/trades/${id}/rule-checks`, {
        headers: sameOrigin(),
        data: rules.map((rule, k) => ({ ruleId: rule.id, state: k === 0 && i % 2 === 0 ? 'broken' : 'followed' })),
      });
      expect(res.status()).toBe(200);
    }
    // Bulk: the setup rule marked broken on two selected trades from the trades table.
    await page.goto('/trades');
    await waitForHydration(page);
    await page
      .getByRole('checkbox', { name: /^Select AAPL trade/ })
      .nth(0)
      .check();
    await page
      .getByRole('checkbox', { name: /^Select AAPL trade/ })
      .nth(1)
      .check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Rule to mark on the selected trades').selectOption({ label: 'Range under 1 ATR' });
    await bar.getByLabel('Answer for the selected trades').selectOption('broken');
    await page.getByTestId('toast').filter({ hasText: 'Updated 2 trades' }).waitFor();
    const setupRule = rules.find((rule) => rule.text === 'Range under 1 ATR')!;
    const answered = await apiJson<{ trades: { ruleChecks: { ruleId: string; state: string }[] }[] }>(
      page,
      '/api/trades?sort=closedAt&order=desc&limit=2',
    );
    for (const trade of answered.trades)
      expect(trade.ruleChecks).toContainEqual({ ruleId: setupRule.id, state: 'broken' });
    // The filter bar names the rule: the trades where it was broken.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByTestId('add-filter').getByLabel('Search filters').fill('rules broken');
    await page.getByTestId('add-filter').getByRole('button', { name: 'Rules broken' }).click();
    await page
      .getByLabel('Rules broken', { exact: true })
      .selectOption({ label: 'Opening range breakout: Range under 1 ATR' });
    await expect.poll(() => page.getByTestId('trade-row').count()).toBe(2);

    await page.goto(`/playbook/${strategyId}`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'What each rule is worth' }).waitFor();
    await page.getByRole('heading', { name: 'Adherence vs results' }).waitFor();
    expect(await page.getByRole('table').textContent()).toContain('Low sample');
    await page.getByRole('heading', { name: 'Rules that cost you money when broken' }).waitFor();
    await screenshot(page, 'playbook-strategy-desktop');
    expect(await findSeriousViolations(page)).toEqual([]);

    await page.goto('/playbook');
    await waitForHydration(page);
    const card = page.getByRole('list', { name: 'Strategies' }).getByRole('listitem').first();
    await expect.poll(() => card.textContent()).toContain('Trades6');
    expect(await card.getByRole('img', { name: 'Opening range breakout equity curve' }).count()).toBe(1);
    await screenshot(page, 'playbook-desktop');
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a phone: cards, the strategy page and its rule table at 390 px', async () => {
    const { page, tradeIds } = await seededUser(PHONE, [5, -3]);
    const created = await page.request.post('/api/strategies', { headers: sameOrigin(), data: { name: 'Pullback' } });
    const { id } = (await created.json()) as { id: string };
    const rule = await page.request.post(`/api/strategies/${id}/rules`, {
      headers: sameOrigin(),
      data: { phase: 'entry', text: 'Buy the first pullback to the 20 EMA after a trend day open' },
    });
    const { id: ruleId } = (await rule.json()) as { id: string };
    for (const tradeId of tradeIds) {
      await page.request.patch(`/api/trades/${tradeId}`, { headers: sameOrigin(), data: { strategyId: id } });
      await page.request.put(`/api/trades/${tradeId}/rule-checks`, {
        headers: sameOrigin(),
        data: [{ ruleId, state: 'followed' }],
      });
    }
    await page.goto('/playbook');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Pullback' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'playbook-phone');
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Pullback' }).click();
    await page.getByRole('heading', { name: 'What each rule is worth' }).waitFor();
    await screenshot(page, 'playbook-strategy-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});
