import { describe, expect, it } from 'vitest';
import { readReportUrlState, withReportUrlState } from './report-url';

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
