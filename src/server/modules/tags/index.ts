/** Tags: their routes, and what trades, imports and sample data use of them. */
export { tagRoutes } from './tags.routes';
export { assertOwnTags } from './tags.service';
export { listTags, upsertTagsByName } from './tags.queries';
