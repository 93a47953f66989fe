import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TradeDetailJson } from '../../../contracts/trades';
import { AccountCurrencyPnl, toRateLines } from './account-currency-pnl';

/** Renders outside a browser: the links need a location. */
const render = (node: ReactNode) => renderToStaticMarkup(<Router ssrPath="/trades">{node}</Router>);

type Converted = NonNullable<TradeDetailJson['accountCurrency']>;

/** The rendered text, tags dropped. */
const toText = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

const converted = (rates: Converted['rates'], amounts: Partial<Converted> = {}): Converted => ({
  currency: 'EUR',
  gross: '72.13',
  fees: '1.88',
  net: '70.25',
  rates,
  ...amounts,
});

describe('toRateLines', () => {
  it('names the file’s rate, and the rate table’s with the day of the rate it took', () => {
    const lines = toRateLines(
      converted([
        { executionId: 'a', fillDay: '2025-03-03', rate: '0.9500', source: 'table', rateDay: '2025-02-28' },
        { executionId: 'b', fillDay: '2025-03-05', rate: '0.925', source: 'file' },
        { executionId: 'c', fillDay: '2025-03-06', rate: '0.925', source: 'file' },
      ]),
      'USD',
    );
    expect(lines.map((line) => line.text)).toEqual([
      '1 USD = 0.95 EUR from your rate table, its rate of 2025-02-28 (fill of 2025-03-03)',
      '1 USD = 0.925 EUR from the file (fills of 2025-03-05, 2025-03-06)',
    ]);
    expect(lines.some((line) => line.isMissing)).toBe(false);
  });

  it('says when neither the file nor the rate table has a rate for a fill', () => {
    const [line] = toRateLines(
      converted([{ executionId: 'a', fillDay: '2025-03-03', rate: null, source: null }], {
        gross: null,
        fees: null,
        net: null,
      }),
      'USD',
    );
    expect(line).toMatchObject({
      text: 'No rate for the fill of 2025-03-03: neither the file nor your rate table has a USD→EUR rate on or before that day.',
      isMissing: true,
    });
  });
});

describe('AccountCurrencyPnl', () => {
  it('shows the amounts in the account’s currency and the rates used', () => {
    const html = render(
      <AccountCurrencyPnl
        trade={{
          currency: 'USD',
          accountCurrency: converted([
            { executionId: 'a', fillDay: '2025-03-03', rate: '0.95', source: 'table', rateDay: '2025-03-03' },
          ]),
        }}
      />,
    );
    expect(toText(html)).toContain("In the account's currency (EUR): gross +€72.13, fees €1.88, net +€70.25");
    expect(toText(html)).toContain('1 USD = 0.95 EUR from your rate table');
  });

  it('shows no amount, never a wrong one, while a fill has no rate', () => {
    const html = render(
      <AccountCurrencyPnl
        trade={{
          currency: 'USD',
          accountCurrency: converted([{ executionId: 'a', fillDay: '2025-03-03', rate: null, source: null }], {
            gross: null,
            fees: null,
            net: null,
          }),
        }}
      />,
    );
    expect(toText(html)).toContain('not known until every fill has a rate');
    expect(toText(html)).not.toContain('€');
    expect(html).toContain('href="/settings#exchange-rates"');
  });
});
