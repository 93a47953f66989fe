/**
 * A short symbol made from a security's name, for layouts that name securities without a ticker
 * (AJ Bell, Vanguard 529): the first word's first six letters, then each further word's initial,
 * at most 15 characters (`Vanguard FTSE All-World UCITS ETF USD Dis` → `VANGUAFAWUEUD`). The same
 * name always gives the same symbol, so fills of one security group together; the user can rename it.
 */
export function toNameSymbol(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word, index) => (index === 0 ? word.slice(0, 6) : word.slice(0, 1)))
    .join('')
    .slice(0, 15);
}
