/**
 * The timeout of a property test whose every run goes through the database (hundreds of requests
 * or rebuilds): a minute or two on an idle two-core machine, so ten minutes leave room for one
 * several times slower. Like every test timeout, it reports a hang, never a slow machine.
 */
export const PROPERTY_OVER_DATABASE_MS = 600_000;
