import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv as importFileCsv } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

const PASSWORD = 'long-enough-password';

let t: TestApp;
let c: TestClient;

beforeAll(async () => {
  const clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'crypto@example.com',
    password: PASSWORD,
    isVerified: true,
    now: clock.now(),
  });
  c = new TestClient(t.url(''));
  await c.login('crypto@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const importCsv = (accountId: string, name: string, content: string) =>
  importFileCsv(c, (path) => t.url(path), { accountId, name, content });

async function detailsOf(accountId: string): Promise<TradeDetailJson[]> {
  const page = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc`));
  return Promise.all(page.trades.map((trade) => c.json<TradeDetailJson>(c.get(`/api/trades/${trade.id}`))));
}

async function newAccount(): Promise<string> {
  return (await c.json<AccountJson>(c.post('/api/accounts', { name: `Binance ${Math.random()}`, currency: 'USD' }))).id;
}

const HEADER = 'Date(UTC),Pair,Side,Price,Executed,Amount,Fee';
const BUY = '2025-01-07 08:00:00,BTCUSDT,BUY,90000.00,0.12340000BTC,"11,106.00000000USDT",0.00012340BTC';
const SELL = '2025-01-08 08:00:00,BTCUSDT,SELL,100000.00,0.12320000BTC,"12,320.00000000USDT",12.32000000USDT';

describe('crypto fees through an import (issue 42 item 1)', () => {
  it('stores base-asset fees in the quantity, closes dust, and shows the residual and an unconverted BNB fee', async () => {
    const accountId = await newAccount();
    const done = await importCsv(
      accountId,
      'binance.csv',
      [
        HEADER,
        // No BNB pair in the file: the ETH trade's BNB fees stay in BNB.
        '2025-01-10 09:00:00,ETHUSDT,SELL,3400.00,0.50000000ETH,"1,700.00000000USDT",0.00240000BNB',
        '2025-01-09 09:00:00,ETHUSDT,BUY,3300.00,0.50000000ETH,"1,650.00000000USDT",0.00230000BNB',
        SELL,
        BUY,
      ].join('\n'),
    );
    expect(done).toMatchObject({ status: 'done', executionsAdded: 4, tradesCreated: 2, errors: [] });
    const [btc, eth] = await detailsOf(accountId);
    // 0.1234 BTC less the 0.0001234 BTC fee (11.106 USDT at 90,000); 0.1232 sold: 0.0000766 BTC of dust.
    // 12,320 − 0.1232766 × 90,000 = 1,225.106 gross, less 11.106 and 12.32.
    expect(btc).toMatchObject({ status: 'closed', fees: '23.426', grossPnl: '1225.106', netPnl: '1201.68' });
    expect(btc?.residual).toBe('0.0000766');
    expect(btc?.executions.map((e) => e.quantity)).toEqual(['0.1232766', '0.1232']);
    expect(btc?.unconvertedFees).toBeUndefined();
    // 0.5 × 100 = 50, no fee in USDT; 0.0047 BNB kept aside.
    expect(eth).toMatchObject({ status: 'closed', fees: '0', netPnl: '50' });
    expect(eth?.residual).toBeUndefined();
    expect(eth?.unconvertedFees).toEqual([{ asset: 'BNB', amount: '0.0047' }]);
    expect(eth?.executions.map((e) => e.unconvertedFee)).toEqual([
      { amount: '0.0023', asset: 'BNB' },
      { amount: '0.0024', asset: 'BNB' },
    ]);
  });

  it('closes the trade as dust when the sell comes in a later import, from the stored step', async () => {
    const accountId = await newAccount();
    await importCsv(accountId, 'january-1.csv', [HEADER, BUY].join('\n'));
    const [open] = await detailsOf(accountId);
    expect(open).toMatchObject({ status: 'open', quantity: '0.1232766' });
    // The second file's own step would be 0.0001 as well; the trade is rebuilt from the stored fills.
    await importCsv(accountId, 'january-2.csv', [HEADER, SELL].join('\n'));
    const trades = await detailsOf(accountId);
    expect(trades.map((trade) => [trade.status, trade.residual, trade.netPnl])).toEqual([
      ['closed', '0.0000766', '1201.68'],
    ]);
  });
});
