/** Personal API tokens: their routes, the look-up behind bearer sign-in, and revoking them all. */
export { apiTokenRoutes } from './api-tokens.routes';
export { createApiToken, resolveApiToken, revokeAllTokens } from './api-tokens.service';
