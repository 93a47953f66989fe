/** What the account scope needs of an account: its id and whether it holds the sample data set. */
export type ScopedAccount = { id: string; isSample: boolean };

/**
 * The accounts "All accounts" stands for: the trader's own, leaving the sample data set's account
 * out so its trades never add to real totals; until the trader has an account of their own, the
 * sample's. `undefined` means every account (nothing to leave out).
 */
export function toAllAccountsScope(accounts: readonly ScopedAccount[]): string[] | undefined {
  const own = accounts.filter((account) => !account.isSample);
  if (own.length === 0 || own.length === accounts.length) return undefined;
  return own.map((account) => account.id);
}

/** Whether a selection (none: "All accounts") shows the sample data set's trades. */
export function isShowingSample(
  accounts: readonly ScopedAccount[],
  selectedIds: readonly string[] | undefined,
): boolean {
  const sample = accounts.find((account) => account.isSample);
  if (!sample) return false;
  if (selectedIds !== undefined) return selectedIds.includes(sample.id);
  return toAllAccountsScope(accounts) === undefined;
}
