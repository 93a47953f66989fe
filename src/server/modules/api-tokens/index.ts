/** Personal API tokens: their routes, the plugin that signs bearer requests in, and revoking them all. */
export { apiTokenAuthPlugin } from './api-token-auth';
export { apiTokenRoutes } from './api-tokens.routes';
export { createApiToken, resolveApiToken, revokeAllTokens } from './api-tokens.service';
