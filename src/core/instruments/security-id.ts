/** An ISIN (`US0378331005`) or a CUSIP (`037833100`): instruments known by their identifier. */
export function isSecurityIdentifier(text: string): boolean {
  return isIsin(text) || isCusip(text);
}

/** ISO 6166: two letters, nine alphanumerics, a Luhn check digit over the letters read as numbers. */
export function isIsin(text: string): boolean {
  const value = text.trim().toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(value)) return false;
  const digits = [...value.slice(0, 11)]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join('');
  return luhnCheck(digits) === Number(value[11]);
}

/** A CUSIP: eight alphanumerics and a check digit (letters 10–35, `*@#` 36–38, doubled every other place). */
export function isCusip(text: string): boolean {
  const value = text.trim().toUpperCase();
  if (!/^[0-9A-Z*@#]{8}\d$/.test(value) || !/\d/.test(value.slice(0, 8))) return false;
  let total = 0;
  for (let i = 0; i < 8; i++) {
    const char = value[i]!;
    let n = /\d/.test(char) ? Number(char) : /[A-Z]/.test(char) ? char.charCodeAt(0) - 55 : '*@#'.indexOf(char) + 36;
    if (i % 2 === 1) n *= 2;
    total += Math.floor(n / 10) + (n % 10);
  }
  return (10 - (total % 10)) % 10 === Number(value[8]);
}

/** The Luhn digit that would complete `digits`. */
function luhnCheck(digits: string): number {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) n *= 2;
    total += Math.floor(n / 10) + (n % 10);
  }
  return (10 - (total % 10)) % 10;
}
