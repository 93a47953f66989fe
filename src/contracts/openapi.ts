import { z } from 'zod';
import { API_DEPRECATION_POLICY } from './api-examples';
import { API_TOKEN_SCOPES } from './trades';

export { API_DEPRECATION_POLICY };
import { API_ROUTES, apiErrorJsonSchema, PUBLIC_API_V1_PREFIX, type RouteAnswer, type RouteContract } from './routes';

/**
 * The OpenAPI 3.1 document of the public API, generated from API_ROUTES: the routes with a token
 * `scope`, under their `/api/v1/…` paths, their request and answer schemas converted from the very
 * zod schemas the server validates with and the tests check answers against (z.toJSONSchema), so
 * there is no second copy to drift.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
};

/** A plausible value for a schema (the curl examples' bodies): its example, first enum value or type's zero. */
export function toExampleValue(schema: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants?.[0]) return toExampleValue(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, value]) => [key, toExampleValue(value, depth + 1)]),
      );
    }
    case 'array':
      return schema.items ? [toExampleValue(schema.items as JsonSchema, depth + 1)] : [];
    case 'string':
      return schema.format === 'date-time' ? '2025-01-02T15:30:00Z' : schema.format === 'uuid' ? UUID : 'text';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const UUID = '00000000-0000-4000-8000-000000000000';

/** `/api/trades/:id` → `/api/v1/trades/{id}` and its path parameter names. */
function toDocumentedPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const versioned = `${PUBLIC_API_V1_PREFIX}${path.slice('/api/'.length)}`.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: versioned, params };
}

function toAnswer(answer: RouteAnswer, path: string): Record<string, unknown> {
  if (answer === 'empty') return { description: 'Done; no body.' };
  if (answer === 'redirect') return { description: 'A redirect.' };
  if (answer === 'file') {
    const type = path.endsWith('.csv') ? 'text/csv' : 'application/octet-stream';
    return { description: 'A file.', content: { [type]: { schema: { type: 'string' } } } };
  }
  return { description: 'Success.', content: { 'application/json': { schema: toJsonSchema(answer, 'output') } } };
}

const ERROR_ANSWERS = {
  '400': 'A field is wrong: `fields` names each one.',
  '401': 'No token, or an unknown, revoked or expired one.',
  '403': 'The token lacks the scope this route needs.',
  '404': 'Not found (another user’s ids are not found either).',
  '429': 'Too many requests for this token: wait `Retry-After` seconds.',
} as const;

function toCurl(params: { method: string; path: string; baseUrl: string; body: unknown; isMultipart: boolean }) {
  const lines = [`curl -s${params.method === 'GET' ? '' : ` -X ${params.method}`} "${params.baseUrl}${params.path}"`];
  lines.push('  -H "Authorization: Bearer $EDGEBOOK_TOKEN"');
  if (params.isMultipart) lines.push('  -F "file=@trades.csv"');
  else if (params.body !== undefined)
    lines.push(`  -H "Content-Type: application/json" -d '${JSON.stringify(params.body).replace(/'/g, "'\\''")}'`);
  return lines.join(' \\\n');
}

function toOperation(key: string, route: RouteContract & { scope: string }, baseUrl: string): Operation {
  const [method, rawPath] = key.split(' ') as [string, string];
  const { path, params } = toDocumentedPath(rawPath);
  const parameters: Record<string, unknown>[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    example: name === 'date' ? '2025-01-02' : UUID,
  }));
  if (route.query) {
    const query = toJsonSchema(route.query, 'input');
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  let body: unknown;
  let requestBody: Record<string, unknown> | undefined;
  if (route.body === 'multipart') {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
        },
      },
    };
  } else if (route.body) {
    const schema = toJsonSchema(route.body, 'input');
    body = toExampleValue(schema);
    requestBody = { required: true, content: { 'application/json': { schema, example: body } } };
  }
  const examplePath = path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'date' ? '2025-01-02' : UUID));
  const curl = toCurl({ method, path: examplePath, baseUrl, body, isMultipart: route.body === 'multipart' });
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.responses)) responses[status] = toAnswer(answer, rawPath);
  for (const [status, description] of Object.entries(ERROR_ANSWERS))
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  return {
    operationId: `${method.toLowerCase()}${rawPath.replace(/[/:.-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary ?? key,
    description: `Needs the \`${route.scope}\` scope. Also served at \`${rawPath}\`.\n\n\`\`\`sh\n${curl}\n\`\`\``,
    tags: [route.scope.split(':')[0]],
    security: [{ bearerAuth: [route.scope] }],
    'x-scope': route.scope,
    'x-codeSamples': [{ lang: 'curl', source: curl }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The public routes of API_ROUTES: those a token may reach. */
export function listPublicRoutes(): [string, RouteContract & { scope: string }][] {
  const routes: Readonly<Record<string, RouteContract>> = API_ROUTES;
  return Object.entries(routes).filter((entry): entry is [string, RouteContract & { scope: string }] =>
    Boolean(entry[1].scope),
  );
}

export function buildOpenApiDocument(params: { baseUrl: string; version: string; brand: string }) {
  const baseUrl = params.baseUrl.replace(/\/+$/, '');
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [key, route] of listPublicRoutes()) {
    const [method, rawPath] = key.split(' ') as [string, string];
    const { path } = toDocumentedPath(rawPath);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = toOperation(key, route, baseUrl);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${params.brand} API`,
      version: params.version,
      description: `Read and write your trading journal from scripts. Create a token in Settings → API tokens with the scopes your script needs, and send it as \`Authorization: Bearer eb_…\`. Each token may make a limited number of requests a minute; every answer says where it stands in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds).\n\n**Versioning and deprecation.** ${API_DEPRECATION_POLICY}\n\nAmounts, prices and quantities are decimal strings (\`"123.45"\`), never floating-point numbers; times are ISO-8601 in UTC.`,
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `A personal API token (\`eb_…\`). Scopes: ${API_TOKEN_SCOPES.join(', ')}.`,
        },
      },
      schemas: { Error: toJsonSchema(apiErrorJsonSchema, 'output') },
    },
    security: [{ bearerAuth: [] }],
    tags: [...new Set(listPublicRoutes().map(([, r]) => r.scope.split(':')[0]!))].map((name) => ({ name })),
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
