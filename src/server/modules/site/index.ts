/** The prerendered public pages and the app shell, as built and as served. */
export { siteRoutes } from './site.routes';
export {
  APP_SHELL_FILE,
  NOT_FOUND_FILE,
  PAGES_DIR_NAME,
  PUBLIC_URL_PLACEHOLDER,
  SHARE_NOT_FOUND_FILE,
  loadSitePages,
  markBuildInUse,
  toPageFile,
  toServedPage,
} from './site-pages';
