import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_ROUTES, apiErrorJsonSchema, toRouteKey, type RouteContract } from '../../src/contracts/routes';

/**
 * Checks every answer the app gives against src/contracts/routes.ts: the route is in the table,
 * its status is one the table declares, and a JSON body matches the declared schema with no key
 * the schema does not name. A mismatch on a success answers 500 with the reason (so the test that
 * made the request fails where it happened) and is kept in `drift` (startTestApp's close() fails on
 * any). Installed by startTestApp on every integration test's app, so each request they make is a check.
 */
export function checkAnswersAgainstContract(
  app: FastifyInstance,
  routes: Readonly<Record<string, RouteContract>> = API_ROUTES,
): { drift: string[] } {
  const drift: string[] = [];
  // A /api/v1/… alias answers as its unversioned route does.
  const contractOf = (method: string, url: string | undefined) =>
    url === undefined ? undefined : routes[toRouteKey(method, url)];

  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    if (req.method === 'HEAD' || url === undefined || !url.startsWith('/api/')) return payload;
    const route = contractOf(req.method, url);
    const where = `${req.method} ${url}`;
    if (!route) {
      drift.push(`${where} is not in API_ROUTES`);
      return payload;
    }
    const status = reply.statusCode;
    if (status < 400 && !(status in route.responses)) drift.push(`${where} answered ${status}, not a declared status`);
    return payload;
  });

  app.addHook('preSerialization', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/')) return payload;
    const status = reply.statusCode;
    const answer = status >= 400 ? apiErrorJsonSchema : contractOf(req.method, url)?.responses[status as 200];
    if (answer === undefined || typeof answer === 'string') return payload;
    const problem = findMismatch(answer, payload);
    if (problem === null) return payload;
    const message = `${req.method} ${url} ${status}: ${problem}`;
    drift.push(message);
    if (status >= 400) return payload; // the failure itself is what the test looks at
    throw new Error(`The answer does not match its contract: ${message}`);
  });
  return { drift };
}

/** Null when `value` (as JSON would carry it) matches `schema` and holds no key the schema drops. */
export function findMismatch(schema: z.ZodType, value: unknown): string | null {
  const raw: unknown = JSON.parse(JSON.stringify(value) ?? 'null'); // what the client receives
  const result = schema.safeParse(raw);
  if (!result.success) {
    return result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
  }
  const unknown = listDroppedKeys(raw, result.data, '');
  return unknown.length === 0 ? null : `keys not in the contract: ${unknown.slice(0, 10).join(', ')}`;
}

/** Object keys of `raw` that parsing dropped (zod objects strip the keys they do not name). */
function listDroppedKeys(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, i) => listDroppedKeys(item, parsed[i], `${path}[${i}]`));
  }
  if (!isRecord(raw) || !isRecord(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    key in parsed ? listDroppedKeys(raw[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
