import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenAPIV3 } from 'openapi-types';
import { buildOpenApiDocument } from '../../../contracts/openapi';
import { APP_VERSION } from '../../version';

/**
 * The public API's description: the OpenAPI 3.1 document at `/api/openapi.json` (built once from
 * API_ROUTES' zod schemas) and Swagger UI at `/api/docs`, its scripts and styles served from our
 * origin, so the app's Content-Security-Policy needs no exception.
 */
export const apiDocsRoutes: FastifyPluginAsync = fp(async (app) => {
  const document = buildOpenApiDocument({
    baseUrl: app.config.publicConfig.baseUrl,
    version: APP_VERSION,
    brand: app.config.publicConfig.brand,
  });

  app.get('/api/openapi.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return document;
  });

  // The generator writes OpenAPI 3.1 (JSON Schema 2020-12); the plugin's types know 3.0's shapes only.
  const served = document as unknown as OpenAPIV3.Document;
  await app.register(swagger, { mode: 'static', specification: { document: served } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: {
      // No call to the online validator: the page talks to our origin only.
      validatorUrl: null,
      docExpansion: 'list',
      deepLinking: true,
      persistAuthorization: false,
      tryItOutEnabled: false,
    },
    // helmet's policy already covers these pages; the plugin's own would loosen nothing we need.
    staticCSP: false,
    theme: { title: `${app.config.publicConfig.brand} API` },
  });
});
