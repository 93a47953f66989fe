/** The public API's OpenAPI document and its interactive docs (Swagger UI). */
export { apiDocsRoutes } from './api-docs.routes';
