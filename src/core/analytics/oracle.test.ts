import { describe, expect, it } from 'vitest';
import {
  ORACLE_DATASETS,
  compareSection,
  isOracleMatch,
  normaliseOracleInstants,
  readOracleCsv,
  readOracleExpected,
  toInstantLabel,
} from '../../../test/fixtures/oracle/oracle-fixtures';
import { computeDailyStats, computeTradeStats, toDailySeries } from '.';

describe.each(ORACLE_DATASETS)('the engine on the oracle data set $name', ({ name, startingEquity }) => {
  const trades = readOracleCsv(name);
  const expected = readOracleExpected(name);

  it('matches every trade statistic', () => {
    const stats = computeTradeStats(trades, { startingEquity });
    const { mismatches, compared } = compareSection(stats, normaliseOracleInstants(expected.trades), {
      labels: toInstantLabel,
    });
    expect(mismatches).toEqual([]);
    expect(compared.length).toBeGreaterThanOrEqual(30);
  });

  it('matches every daily statistic (days in UTC)', () => {
    const series = toDailySeries(trades, { startingEquity, timeZone: 'UTC' });
    const stats = computeDailyStats(series, { startingEquity });
    const { mismatches, compared } = compareSection(stats, expected.daily, {
      labels: (value) => (typeof value === 'string' ? value : null),
    });
    expect(mismatches).toEqual([]);
    expect(compared.length).toBeGreaterThanOrEqual(30);
  });

  it('matches the daily series day by day', () => {
    const series = toDailySeries(trades, { startingEquity, timeZone: 'UTC' });
    expect(series.map((d) => d.date)).toEqual(expected.daily.series.map((d) => d.date));
    expect(series.map((d) => d.trades)).toEqual(expected.daily.series.map((d) => d.trades));
    expected.daily.series.forEach((want, i) => {
      const got = series[i]!;
      for (const [key, value] of [
        ['pnl', got.pnl],
        ['start_equity', got.startEquity],
        ['end_equity', got.endEquity],
        ['return', got.return],
      ] as const) {
        expect(isOracleMatch(value, want[key] ?? null), `${want.date as string} ${key}`).toBe(true);
      }
    });
  });
});
