/** Trading accounts: their routes, and what other areas read of an account. */
export { accountRoutes } from './accounts.routes';
export { getAccount, getAccountForUpdate, insertAccount, listAccounts, type AccountRow } from './accounts.queries';
