/** CSV and spreadsheet imports: their routes, and the background job that runs a large one. */
export { importRoutes } from './imports.routes';
export { createImportDeps } from './import-deps';
export { importRunPayloadSchema, recoverInterruptedImports, runImportJob } from './import-jobs';
export type { ImportDeps } from './imports.service';
