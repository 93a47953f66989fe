/** Advanced reports: running a report, saved reports, and their CSV and PDF exports. */
export { reportRoutes } from './reports.routes';
