import { describe, expect, it } from 'vitest';
import type { AccountJson } from '../../../contracts/trades';
import { computePositionSize } from '../../../core/sizing/position-size';
import {
  DEFAULT_SIZING_FORM,
  formatSize,
  toAssetGuess,
  toDefaultAccountSize,
  toNeededConversion,
  toSizingParams,
  toToggledRisk,
  type SizingForm,
} from './sizing-form';

const form = (overrides: Partial<SizingForm>): SizingForm => ({ ...DEFAULT_SIZING_FORM, ...overrides });

const account = (startingBalance: string, currency = 'USD'): AccountJson => ({
  id: startingBalance,
  name: 'A',
  broker: null,
  currency,
  startingBalance,
  timezone: 'UTC',
  isSample: false,
  createdAt: '2025-01-01T00:00:00Z',
});

describe('toAssetGuess', () => {
  it.each([
    ['AAPL', 'stock'],
    ['ESZ25', 'future'],
    ['/MES', 'future'],
    ['ES', 'stock'],
    ['EURUSD', 'forex'],
    ['BTC-USD', 'crypto'],
    ['AAPL  250117C00150000', 'option'],
  ])('reads %s as %s', (symbol, assetType) => {
    expect(toAssetGuess(symbol)?.assetType).toBe(assetType);
  });

  it('normalises a forex pair', () => {
    expect(toAssetGuess('eurusd')?.pair).toBe('EUR/USD');
  });
});

describe('toDefaultAccountSize', () => {
  it('adds the starting balances in the first account’s currency', () => {
    expect(toDefaultAccountSize([account('10000'), account('2500.5'), account('999', 'EUR')])).toEqual({
      amount: '12500.5',
      currency: 'USD',
    });
  });

  it('gives nothing for no accounts or a zero total', () => {
    expect(toDefaultAccountSize([])).toBeNull();
    expect(toDefaultAccountSize([account('0')])).toBeNull();
  });
});

describe('toToggledRisk', () => {
  it('keeps the amount when switching between % and money', () => {
    expect(toToggledRisk(form({ accountSize: '25000', risk: '1' }), 'amount')).toEqual({
      riskMode: 'amount',
      risk: '250',
    });
    expect(toToggledRisk(form({ accountSize: '25000', riskMode: 'amount', risk: '500' }), 'percent')).toEqual({
      riskMode: 'percent',
      risk: '2',
    });
  });
});

describe('toNeededConversion', () => {
  it('asks for a rate only when prices are in another currency', () => {
    expect(toNeededConversion(form({ assetType: 'forex', pair: 'EUR/USD' }), 'USD')).toBeNull();
    expect(toNeededConversion(form({ assetType: 'forex', pair: 'USD/JPY' }), 'USD')).toBeNull();
    expect(toNeededConversion(form({ assetType: 'forex', pair: 'EUR/GBP' }), 'USD')).toBe('GBP/USD');
    expect(toNeededConversion(form({ assetType: 'future', symbol: 'FDAX' }), 'USD')).toBe('EUR/USD');
    expect(toNeededConversion(form({ assetType: 'future', symbol: 'ES' }), 'USD')).toBeNull();
  });
});

describe('formatSize', () => {
  it.each<[Partial<SizingForm>, string]>([
    [{ entry: '50', stop: '48' }, '125 shares'],
    [{ entry: '5000', stop: '4990', assetType: 'future', symbol: 'MES', risk: '2' }, '10 contracts'],
    [{ accountSize: '100000', entry: '1.1', stop: '1.095', assetType: 'forex', pair: 'EUR/USD' }, '200,000 EUR'],
  ])('shows %o as %s', (overrides, expected) => {
    const result = computePositionSize(toSizingParams(form({ accountSize: '25000', ...overrides })));
    expect(result.isOk && formatSize(result.size)).toBe(expected);
  });
});
