/**
 * The checks behind the input policy (src/contracts/input-policy.ts holds its figures): pure,
 * so that the contracts and the import's row reader apply the same rules.
 */

/** How many digits a numeric column holds: `numeric(p, s)` has `p - s` before the point and `s` after. */
export type DigitLimits = { integerDigits: number; scale: number };

/** An inclusive range of instants in epoch milliseconds. */
export type InstantRange = { earliestMs: number; latestMs: number };

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * True when `text` holds a control character: any C0 control (NUL included), DEL or C1 control —
 * PostgreSQL refuses NUL in text, and none of them has a place in a name or a note. A multi-line
 * text (`allowLineBreaks`) may hold tabs and line breaks.
 */
export function hasControlCharacter(text: string, { allowLineBreaks }: { allowLineBreaks: boolean }): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x7f && code <= 0x9f) return true;
    if (code < 0x20 && !(allowLineBreaks && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)))
      return true;
  }
  return false;
}

const DECIMAL_TEXT = /^[-+]?(\d*)(?:\.(\d*))?$/;

/**
 * What keeps a decimal written in plain digits (`-12.50`, `0.001`) out of a numeric column:
 * `TOO_LARGE` for more digits before the point than `integerDigits` (leading zeros not counted),
 * `TOO_MANY_PLACES` for more than `scale` after it (trailing zeros not counted), null when it
 * fits, and when the text is not such a decimal (that is for the caller's own check).
 */
export function checkDecimalDigits(text: string, limits: DigitLimits): 'TOO_LARGE' | 'TOO_MANY_PLACES' | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const integer = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (integer.length > limits.integerDigits) return 'TOO_LARGE';
  if (fraction.length > limits.scale) return 'TOO_MANY_PLACES';
  return null;
}

/** The message the API and the import give for a checkDecimalDigits answer. */
export function toDecimalDigitsMessage(issue: 'TOO_LARGE' | 'TOO_MANY_PLACES', limits: DigitLimits): string {
  return issue === 'TOO_LARGE'
    ? `At most ${limits.integerDigits} digits before the decimal point`
    : `At most ${limits.scale} decimal places`;
}

/** True when `epochMs` is a number within `range` (both ends included). */
export function isWithinRange(epochMs: number, range: InstantRange): boolean {
  return Number.isFinite(epochMs) && epochMs >= range.earliestMs && epochMs <= range.latestMs;
}
