import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { StartingBalanceNote, toStartingBalanceSentence } from './unconverted-note';

/** Renders outside a browser: the links need a location. */
const render = (node: ReactNode) => renderToStaticMarkup(<Router ssrPath="/analytics">{node}</Router>);

const GBP_BROKER = { accountId: 'g', accountName: 'Hargreaves', currency: 'GBP', startingBalance: '5000' };

describe('toStartingBalanceSentence', () => {
  it('says nothing when every starting balance is in the total', () => {
    expect(toStartingBalanceSentence([], 'EUR')).toBeNull();
  });

  it('names each balance left out, in its own currency, and the figures that rest on the others', () => {
    expect(
      toStartingBalanceSentence(
        [GBP_BROKER, { accountId: 'c', accountName: 'Swissquote', currency: 'CHF', startingBalance: '1200.5' }],
        'EUR',
      ),
    ).toBe(
      'Starting balance without Hargreaves (£5,000.00: no GBP→EUR rate), Swissquote (CHF 1,200.50: no CHF→EUR rate): returns and drawdown % use the other accounts’ balances only.',
    );
  });
});

describe('StartingBalanceNote', () => {
  it('renders nothing without a balance left out, and a note with a link to the rate table otherwise', () => {
    expect(render(<StartingBalanceNote balances={[]} currency="EUR" />)).toBe('');
    const html = render(<StartingBalanceNote balances={[GBP_BROKER]} currency="EUR" />);
    expect(html).toContain('role="note"');
    expect(html).toContain('Hargreaves (£5,000.00: no GBP→EUR rate)');
    expect(html).toContain('href="/settings#exchange-rates"');
  });
});
