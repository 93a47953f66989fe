import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './helpers/pages';
import { useBrowser } from './helpers/session';

/** /api/docs: Swagger UI renders the OpenAPI document under the app's strict Content-Security-Policy. */

const browser = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('API docs (%s)', (name, viewport) => {
  it('renders every documented operation, with no CSP violation or console error', async () => {
    const { page, errors } = await browser.open(viewport);
    const res = await page.goto('/api/docs', { waitUntil: 'networkidle' });
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.locator('.opblock').first().waitFor();
    const documented = (await (await page.request.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(documented.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(await page.locator('.opblock').count()).toBe(operations);
    await page.getByText('/api/v1/trades', { exact: true }).first().waitFor();
    // The deprecation policy (#39) is stated at the top of the docs.
    const info = page.locator('.information-container');
    await info.getByText('Versioning and deprecation.').waitFor();
    expect(await info.textContent()).toContain('keeps working for at least 12 months');
    await page.screenshot({ path: `test-results/api-docs-${name}.png` });
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
