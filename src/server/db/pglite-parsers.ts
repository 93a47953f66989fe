import { types, type PGlite } from '@electric-sql/pglite';

/**
 * Drizzle reads these types from PGlite as the database's own text (dates, times and intervals,
 * and arrays of them and of numerics: drizzle-orm/pglite/session.js), by passing parsers for them
 * with every statement. PGlite then copies its table of parsers (over 300: one per array type)
 * into a new object with the statement's own, before reading a row: a trivial statement took
 * 0.40 ms so, against 0.09 ms without (docs/import-bench.md). A large import runs thousands of
 * statements on the thread that also serves every request.
 */
const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPE_KEYS = new Set(TEXT_TYPES.map(String));
const asText = (value: string) => value;

/** What PGlite and its transactions answer a statement with, and the options Drizzle gives it. */
type QueryOptions = { parsers?: Record<string, unknown> } & Record<string, unknown>;
type Queryable = { query: (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };

/**
 * The client for Drizzle: PGlite with those types read as text by its own table of parsers, set
 * once, and each statement's parsers for them dropped, so that no statement copies the table. The
 * answers are the same: a statement keeps its parsers when they are for any other type, or when
 * the table no longer reads these types as text (PGlite rebuilds its array types' parsers when
 * asked to).
 */
export function withParsersOnce(client: PGlite): PGlite {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  const isTableSet = () => TEXT_TYPES.every((oid) => client.parsers[oid] === asText);
  return wrap(client as unknown as Queryable, isTableSet) as unknown as PGlite;
}

function wrap<T extends Queryable>(target: T, isTableSet: () => boolean): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          object.query(query, params, withoutTextParsers(options, isTableSet));
      if (key === 'transaction') {
        const transaction = (object as unknown as { transaction: (run: (tx: Queryable) => unknown) => unknown })
          .transaction;
        return (run: (tx: Queryable) => unknown) => transaction.call(object, (tx) => run(wrap(tx, isTableSet)));
      }
      // PGlite's methods use its private fields: they run on PGlite itself, not on this proxy.
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The options without parsers that only read the text types as text, when the table does that. */
export function withoutTextParsers(
  options: QueryOptions | undefined,
  isTableSet: () => boolean,
): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!TEXT_TYPE_KEYS.has(key)) return options;
  if (!isTableSet()) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}
