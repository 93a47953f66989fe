/**
 * Text a spreadsheet would run as a formula: it begins with one of these (after any apostrophes a
 * guard already put there). OWASP's list for CSV injection: = + - @, tab and carriage return.
 */
const FORMULA_STARTS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]); // = + - @ \t \r
const APOSTROPHE = 0x27;

/** The index of the first character after the leading apostrophes. */
function skipApostrophes(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === APOSTROPHE) i++;
  return i;
}

/**
 * The text as a spreadsheet shows it rather than runs it: a leading `'` before text that begins
 * with `=`, `+`, `-`, `@`, tab or carriage return; other text as it is. Text that is already
 * guarded (`'=…`) gets another `'`, so that `toUnguardedText` gives every text back exactly.
 */
export function toFormulaSafeText(text: string): string {
  return FORMULA_STARTS.has(text.charCodeAt(skipApostrophes(text))) ? `'${text}` : text;
}

/**
 * The inverse of `toFormulaSafeText`: one leading `'` taken off text that the guard would have
 * written (`'=1+2` → `=1+2`, `''=1` → `'=1`); any other text as it is (`'quoted'` stays).
 */
export function toUnguardedText(text: string): string {
  if (text.charCodeAt(0) !== APOSTROPHE) return text;
  return FORMULA_STARTS.has(text.charCodeAt(skipApostrophes(text))) ? text.slice(1) : text;
}
