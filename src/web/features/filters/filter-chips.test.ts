import { describe, expect, it } from 'vitest';
import { toFilterChips, type RefChoices } from './filter-chips';

const CHOICES: RefChoices = {
  accounts: [['a1', 'Main']],
  strategies: [['s1', 'Breakout']],
  tags: [
    ['t1', 'gap'],
    ['t2', 'news'],
  ],
};

describe('toFilterChips', () => {
  it('names each active field and its value as the filter bar shows them, in the registry’s order', () => {
    const chips = toFilterChips(
      { outcomes: ['win', 'breakeven'], side: 'long', from: '2025-01-02', tagsAny: ['t1', 't2'], search: 'AAP' },
      { choices: CHOICES },
    );
    expect(chips).toEqual([
      { id: 'from', text: 'From: Jan 2, 2025' },
      { id: 'search', text: 'Symbol search: AAP' },
      { id: 'side', text: 'Side: Long' },
      { id: 'outcomes', text: 'Outcome: Win, Breakeven' },
      { id: 'tagsAny', text: 'Any of the tags: gap, news' },
    ]);
  });

  it('leaves out the fields the page chooses elsewhere', () => {
    expect(
      toFilterChips({ accountIds: ['a1'], strategyIds: ['s1'] }, { keep: ['accountIds'], choices: CHOICES }),
    ).toEqual([{ id: 'strategyIds', text: 'Strategies: Breakout' }]);
  });

  it('counts ids whose names are not known (yet)', () => {
    expect(toFilterChips({ strategyIds: ['s1', 'gone'] }, { choices: CHOICES })).toEqual([
      { id: 'strategyIds', text: 'Strategies: 2 selected' },
    ]);
  });

  it.each([
    [{ min: '100', max: '250.5' }, 'Net P&L: 100 to 250.5'],
    [{ min: '-50' }, 'Net P&L: at least -50'],
    [{ max: '0' }, 'Net P&L: at most 0'],
  ])('says a range %j as “%s”', (netPnl, text) => {
    expect(toFilterChips({ netPnl }, { choices: CHOICES })).toEqual([{ id: 'netPnl', text }]);
  });
});
