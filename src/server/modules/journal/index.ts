/** The daily journal: its routes, and the days that have notes (analytics marks them). */
export { journalRoutes } from './journal.routes';
export { listJournalDates } from './journal.queries';
