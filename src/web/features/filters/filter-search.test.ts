import { describe, expect, it } from 'vitest';
import { readFilterSearch, toFilterQuery, withFilterSearch } from './filter-search';

const TAG = 'aaaaaaaa-0000-4000-8000-000000000001';

describe('withFilterSearch', () => {
  it('replaces the filter and keeps the page’s other parameters', () => {
    const search = withFilterSearch(`sort=netPnl&symbol=MSFT&tagId=${TAG}&trade=x`, { symbols: ['AAPL', 'NVDA'] });
    expect(new URLSearchParams(search).toString()).toBe('sort=netPnl&trade=x&symbols=AAPL%2CNVDA');
    expect(readFilterSearch(search).filter).toEqual({ symbols: ['AAPL', 'NVDA'] });
  });

  it('clears every filter parameter, old names included', () => {
    expect(withFilterSearch(`from=2025-01-01&outcome=win&tagsAll=${TAG}&order=asc`, {})).toBe('order=asc');
  });
});

describe('toFilterQuery', () => {
  it('sends the filter as one JSON parameter, and nothing for none', () => {
    expect(toFilterQuery({ side: 'long', netPnl: { min: '0' } }).get('filter')).toBe(
      '{"side":"long","netPnl":{"min":"0"}}',
    );
    expect(toFilterQuery({}).toString()).toBe('');
  });
});
