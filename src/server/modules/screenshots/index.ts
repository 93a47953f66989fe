/** Trade screenshots: their routes, and what deleting a trade or an account removes from storage. */
export { screenshotRoutes } from './screenshots.routes';
export { deleteStoredObjects } from './screenshots.service';
export { listScreenshotKeysOfAccount } from './screenshots.queries';
