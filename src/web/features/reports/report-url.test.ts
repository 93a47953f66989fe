import { describe, expect, it } from 'vitest';
import { readReportUrlState, toSavedReportSearch, withReportUrlState } from './report-url';

describe('readReportUrlState', () => {
  it('reads back what withReportUrlState writes, keeping the filter parameters', () => {
    const state = {
      groupBy: 'week' as const,
      chart: 'winRate' as const,
      compareWith: { symbols: ['MSFT'], netPnl: { min: '-50' } },
      savedId: 'abc',
    };
    const search = withReportUrlState('symbols=AAPL&groupBy=day', state);
    expect(new URLSearchParams(search).get('symbols')).toBe('AAPL');
    expect(readReportUrlState(search)).toEqual({ ...state, issues: [] });
  });

  it('opens an invalid link with defaults and says what was left out', () => {
    const state = readReportUrlState('groupBy=planet&chart=pie&compare=%7B%22side%22%3A%22up%22%7D');
    expect(state.groupBy).toBe('none');
    expect(state.chart).toBe('netPnl');
    expect(state.compareWith).toEqual({});
    expect(state.issues).toHaveLength(3);
    expect(state.issues[2]).toContain('side');
  });

  it('leaves the defaults out of the link', () => {
    expect(withReportUrlState('', { groupBy: 'none', chart: 'netPnl', compareWith: null, savedId: null })).toBe('');
  });
});

describe('toSavedReportSearch', () => {
  const saved = {
    id: 'r1',
    name: 'MSFT',
    filter: { symbols: ['MSFT'], planet: 'mars' },
    compareWith: { side: 'short' },
    groupBy: 'month',
    chart: 'expectancy',
    pinned: true,
    createdAt: '2026-12-01T00:00:00Z',
    updatedAt: '2026-12-01T00:00:00Z',
  };

  it('opens a saved report as the builder link: filter, grouping, chart, compared filter and id', () => {
    const { search, issues } = toSavedReportSearch(saved);
    const params = new URLSearchParams(search);
    // The filter in the URL's own form (one parameter per field; symbols as `symbol`).
    expect(params.get('symbol')).toBe('MSFT');
    expect(readReportUrlState(search)).toEqual({
      groupBy: 'month',
      chart: 'expectancy',
      compareWith: { side: 'short' },
      savedId: 'r1',
      issues: [],
    });
    // A field that no longer validates is left out of the link and named.
    expect(params.has('planet')).toBe(false);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^planet: /);
  });
});
