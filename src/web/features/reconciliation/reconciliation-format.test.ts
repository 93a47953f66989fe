import { describe, expect, it } from 'vitest';
import type { ReconciliationDayJson } from '../../../contracts/reconciliation';
import { toDayOrder, toDayStatus, toUnexplainedText } from './reconciliation-format';

const day = (date: string, difference: string | null, explained: string[] = []): ReconciliationDayJson => ({
  date,
  ours: { gross: '0', fees: '0', net: '0' },
  broker: { net: difference === null ? null : '0' },
  difference,
  explanations: explained.map((amount) => ({ kind: 'fee_missing', amount, executionIds: [] })),
});

describe('reconciliation days', () => {
  it('tells agreeing, explained, unexplained and unchecked days apart', () => {
    expect(toDayStatus(day('2025-01-02', '0.004'))).toBe('agrees');
    expect(toDayStatus(day('2025-01-02', '0.05', ['0.05']))).toBe('explained');
    expect(toDayStatus(day('2025-01-02', '1.05', ['0.05']))).toBe('unexplained');
    expect(toDayStatus(day('2025-01-02', null))).toBe('unchecked');
    expect(toUnexplainedText(day('2025-01-02', '1.05', ['0.05']))).toBe('1');
  });

  it('puts unexplained days first, the largest first, then the rest newest first', () => {
    const ordered = toDayOrder([
      day('2025-01-01', '0'),
      day('2025-01-02', '2'),
      day('2025-01-03', null),
      day('2025-01-04', '-5'),
      day('2025-01-05', '0.5', ['0.5']),
      day('2025-01-06', '0'),
    ]);
    expect(ordered.map((d) => d.date)).toEqual([
      '2025-01-04',
      '2025-01-02',
      '2025-01-05',
      '2025-01-06',
      '2025-01-01',
      '2025-01-03',
    ]);
  });
});
