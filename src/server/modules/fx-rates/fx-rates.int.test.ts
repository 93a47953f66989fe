import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FxRatesListJson, FxRatesSavedJson } from '../../../contracts/fx-rates';
import type { ReconciliationJson } from '../../../contracts/reconciliation';
import type { AccountJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

const PASSWORD = 'long-enough-password';

let t: TestApp;
let c: TestClient;
let provider: Server;
const providerRequests: string[] = [];

beforeAll(async () => {
  // A loopback stand-in for a frankfurter.app-style provider.
  provider = createServer((req, res) => {
    providerRequests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        amount: 1,
        base: 'USD',
        start_date: '2025-01-08',
        end_date: '2025-01-09',
        rates: { '2025-01-08': { EUR: 0.9 }, '2025-01-09': { EUR: 0.95 } },
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo; // listening on TCP, so an address with a port
  const clock = new ManualClock();
  t = await startTestApp({
    clock,
    env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000', FX_RATES_URL: `http://127.0.0.1:${port}/` },
  });
  await createUser(t.database.db, { email: 'fx@example.com', password: PASSWORD, isVerified: true, now: clock.now() });
  c = new TestClient(t.url(''));
  await c.login('fx@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

async function postCsv(csv: string): Promise<Response> {
  return fetch(t.url('/api/fx-rates'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', 'content-type': 'text/csv', ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: csv,
  });
}

describe('exchange rates (issue 42 item 2)', () => {
  it('saves an uploaded table, names the rows left out, and a later upload replaces a day', async () => {
    const first = await postCsv('date,from,to,rate\n2025-01-06,GBP,EUR,1.2\n2025-01-07,GBP,EUR,oops\n');
    expect(first.status).toBe(201);
    expect((await first.json()) as FxRatesSavedJson).toEqual({
      saved: 1,
      issues: [{ row: 3, column: 'rate', code: 'NOT_A_POSITIVE_NUMBER', raw: 'oops' }],
    });
    expect((await postCsv('date,from,to,rate\n2025-01-06,GBP,EUR,1.21\n')).status).toBe(201);
    const list = await c.json<FxRatesListJson>(c.get('/api/fx-rates'));
    expect(list.rates).toEqual([{ date: '2025-01-06', from: 'GBP', to: 'EUR', rate: '1.21', source: 'upload' }]);
    expect((await postCsv('day,pair\n2025-01-06,GBPEUR')).status).toBe(400);
  });

  it('fetches a range from the configured provider and reconciles a USD fill in an EUR account with it', async () => {
    const saved = await c.json<FxRatesSavedJson>(
      c.post('/api/fx-rates/fetch', { from: 'usd', to: 'EUR', start: '2025-01-08', end: '2025-01-09' }),
    );
    expect(saved.saved).toBe(2);
    expect(providerRequests).toEqual(['/2025-01-08..2025-01-09?from=USD&to=EUR']);

    // No rate in the fills: the table's. Bought at 0.90 (−900 EUR), sold at 0.95 (997.50 EUR): 97.50.
    const account = await c.json<AccountJson>(
      c.post('/api/accounts', { name: 'EUR account', currency: 'EUR', timezone: 'UTC' }),
    );
    const fill = (side: string, day: string, price: string, broker: object) => ({
      executedAt: `${day}T15:00:00Z`,
      symbol: 'AAPL',
      side,
      quantity: '10',
      price,
      currency: 'USD',
      broker,
    });
    const added = await c.post('/api/executions', {
      accountId: account.id,
      executions: [
        fill('buy', '2025-01-08', '100', { net: '-900', currency: 'EUR' }),
        fill('sell', '2025-01-09', '105', { pnl: '97.5', currency: 'EUR' }),
      ],
    });
    expect(added.status).toBeLessThan(300);
    const result = await c.json<ReconciliationJson>(c.get(`/api/reconciliation?accountId=${account.id}`));
    expect(result.days.map((d) => [d.date, d.ours.net, d.broker.net, d.difference])).toEqual([
      ['2025-01-08', '0', '0', '0'],
      ['2025-01-09', '97.5', '97.5', '0'],
    ]);
  });
});
