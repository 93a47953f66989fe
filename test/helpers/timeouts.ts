/**
 * The timeout of a property test whose every run goes through the database (hundreds of requests
 * or rebuilds): a minute or two on an idle two-core machine, so ten minutes leave room for one
 * several times slower. Like every test timeout, it reports a hang, never a slow machine.
 */
export const PROPERTY_OVER_DATABASE_MS = 600_000;

/**
 * The timeout of a property test whose every run writes and reads real files (PGlite's write-behind
 * file system: 200 runs of up to 120 operations): seconds on an idle machine, but over four minutes
 * on a two-core one saturated by other work, whose disk is busy too.
 */
export const PROPERTY_OVER_FILES_MS = 600_000;

/**
 * The timeout of a test that normalises a long file (tens of thousands of rows) more than once:
 * seconds on an idle machine, over three minutes on a two-core one saturated by other work.
 */
export const LONG_FILE_MS = 600_000;
