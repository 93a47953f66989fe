import { checkDecimalDigits, hasControlCharacter, toDecimalDigitsMessage, type DigitLimits } from '../../input-checks';
import type { ImportedJournal } from './edgebook-journal';

/**
 * What keeps an Edgebook CSV row's journal out of storage under the input policy, or null: a stop,
 * target or risk too large for the money column (more places are rounded to the column's), or a
 * control character in its strategy, tags, mistakes, emotions (one-line texts) or notes (tabs and
 * line breaks kept).
 */
export function findJournalProblem(journal: ImportedJournal, limits: { money: DigitLimits }): string | null {
  const figures = [
    ['stop_price', journal.stopPrice],
    ['target_price', journal.targetPrice],
    ['risk_amount', journal.riskAmount],
  ] as const;
  for (const [column, text] of figures) {
    if (text !== null && checkDecimalDigits(text, limits.money) === 'TOO_LARGE') {
      const rule = toDecimalDigitsMessage('TOO_LARGE', limits.money).toLowerCase();
      return `${column} "${text.length > 40 ? `${text.slice(0, 40)}…` : text}" is too large (${rule}).`;
    }
  }
  const lines = [
    ['strategy', journal.strategy === null ? [] : [journal.strategy]],
    ['tags', journal.tags],
    ['mistakes', journal.mistakes],
    ['emotions', journal.emotions],
  ] as const;
  for (const [column, texts] of lines) {
    if (texts.some((text) => hasControlCharacter(text, { allowLineBreaks: false })))
      return `${column} holds a control character.`;
  }
  if (hasControlCharacter(journal.notes, { allowLineBreaks: true })) return 'notes holds a control character.';
  return null;
}
