import type { FastifyRequest } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID: anything else cannot be a row id, so callers answer 404 without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The `:id` route parameter as a string ('' when absent); callers answer 404 for a non-UUID. */
export function idParam(req: FastifyRequest): string {
  const { id } = req.params as { id?: unknown }; // route params are strings or absent
  return typeof id === 'string' ? id : '';
}
