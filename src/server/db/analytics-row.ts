/**
 * The layout of `trades.analytics_row`, defined once: everything the analytics cache keeps of a
 * closed trade, as bytes the database computes when the trade is written (null while it is open),
 * so reading 100,000 trades again is a copy rather than 1,400,000 numerics and timestamps
 * formatted as text. The generated column's SQL (schema.ts) and the decoder's offsets and flags
 * (modules/analytics/trade-facts-rows.ts) both come from the lists below: change a field here and
 * both follow (and `drizzle-kit generate` writes the migration).
 *
 * Big-endian, as the send functions write. Every function is immutable, as a generated column
 * needs: the epoch as an interval from a constant (date_part of a timestamp(3) rounded to whole ms
 * is exact, and float8 arithmetic is several times cheaper than extract's numeric), and text as
 * bytes through decode(…, 'escape') with its backslashes doubled. It costs each trade written a
 * few microseconds (BENCHMARKS.md).
 */

const EPOCH = `timestamptz '1970-01-01 00:00:00+00'`;
const epochMs = (column: string) => `float8send(round(date_part('epoch', "${column}" - ${EPOCH}) * 1000))`;

/** The fixed part, in order: each field's bytes as SQL, and their width. */
const FIXED = [
  { name: 'closedAt', width: 8, sql: epochMs('closed_at') },
  { name: 'openedAt', width: 8, sql: epochMs('opened_at') },
  { name: 'netPnl', width: 8, sql: `float8send("net_pnl"::float8)` },
  // Gross P&L and costs exact: whole units and 1e-8 units, each part of the value's sign.
  { name: 'grossWhole', width: 8, sql: `int8send(trunc("gross_pnl")::int8)` },
  { name: 'feesWhole', width: 8, sql: `int8send(trunc("fees" + "commission")::int8)` },
  { name: 'grossFrac', width: 4, sql: `int4send((("gross_pnl" - trunc("gross_pnl")) * 100000000)::int4)` },
  {
    name: 'feesFrac',
    width: 4,
    sql: `int4send((("fees" + "commission" - trunc("fees" + "commission")) * 100000000)::int4)`,
  },
  { name: 'flags', width: 2, sql: '' }, // from FLAGS
  { name: 'account', width: 16, sql: `uuid_send("account_id")` },
  { name: 'openingExecution', width: 16, sql: `uuid_send("opening_execution_id")` },
] as const;

/** A trade's account-currency figures (issue 42, trades.account_*) that are not its own. */
const HAS_ACCOUNT_PNL_SQL =
  `"account_net_pnl" IS NOT NULL AND ("account_net_pnl" <> "net_pnl" OR "account_gross_pnl" <> "gross_pnl"` +
  ` OR "account_fees" <> "fees" + "commission")`;

/** The flags (int2), bit i for entry i: what the trade is, and which optional fields follow. */
const FLAGS = [
  { name: 'isShort', sql: `"direction" = 'short'` },
  { name: 'hasNote', sql: `"has_notes"` },
  { name: 'hasR', sql: `"r_multiple" IS NOT NULL` },
  { name: 'hasHolding', sql: `"holding_seconds" IS NOT NULL` },
  { name: 'hasStrategy', sql: `"strategy_id" IS NOT NULL` },
  // Its file gave the opening fill's day only: no hour of day to break it down by.
  { name: 'isOpenTimeUnknown', sql: `"opened_on" IS NOT NULL` },
  // Its P&L in the account's currency differs from its own (another currency): the figures follow.
  { name: 'hasAccountPnl', sql: HAS_ACCOUNT_PNL_SQL },
  // Its P&L could not be put in the account's currency (no rate): its own currency follows, last.
  { name: 'isUnconverted', sql: `"account_net_pnl" IS NULL` },
] as const;

/** After the fixed part, each only when its flag is set (in this order), then the texts. */
const OPTIONAL = [
  { flag: 'hasR', width: 8, sql: `float8send("r_multiple"::float8)` },
  { flag: 'hasHolding', width: 8, sql: `float8send("holding_seconds")` },
  { flag: 'hasStrategy', width: 16, sql: `uuid_send("strategy_id")` },
  // Net as float8, then gross and costs exact as the fixed part has them: whole, whole, frac, frac.
  {
    flag: 'hasAccountPnl',
    width: 32,
    sql:
      `CASE WHEN ${HAS_ACCOUNT_PNL_SQL} THEN float8send("account_net_pnl"::float8)` +
      ` || int8send(trunc("account_gross_pnl")::int8) || int8send(trunc("account_fees")::int8)` +
      ` || int4send((("account_gross_pnl" - trunc("account_gross_pnl")) * 100000000)::int4)` +
      ` || int4send((("account_fees" - trunc("account_fees")) * 100000000)::int4) END`,
  },
] as const;

/**
 * Last, each a byte length (int2) and its UTF-8 bytes: the symbol, the asset class, and the
 * trade's own currency when its P&L is not in the account's (else empty).
 */
const TEXTS = [`"symbol"`, `"asset_class"`, `CASE WHEN "account_net_pnl" IS NULL THEN "currency" ELSE '' END`] as const;

type FixedName = (typeof FIXED)[number]['name'];
type FlagName = (typeof FLAGS)[number]['name'];

/** Byte offsets of the fixed fields, and `optional`: where the optional fields begin. */
export const ANALYTICS_ROW_OFFSETS = (() => {
  const offsets = {} as Record<FixedName | 'optional', number>;
  let at = 0;
  for (const field of FIXED) {
    offsets[field.name] = at;
    at += field.width;
  }
  offsets.optional = at;
  return offsets;
})();

/** Each flag's bit. */
export const ANALYTICS_ROW_FLAGS = Object.fromEntries(FLAGS.map((flag, index) => [flag.name, 1 << index])) as Record<
  FlagName,
  number
>;

/** The optional fields' widths, in their order, by the flag that says each is there. */
export const ANALYTICS_ROW_OPTIONAL = OPTIONAL.map((field) => ({
  bit: ANALYTICS_ROW_FLAGS[field.flag],
  width: field.width,
}));

/** The texts after the optional fields. */
export const ANALYTICS_ROW_TEXT_COUNT = TEXTS.length;

const flagsSql = `int2send((${FLAGS.map((flag, index) => `CASE WHEN ${flag.sql} THEN ${1 << index} ELSE 0 END`).join(' + ')})::int2)`;

/** The generated column's expression (schema.ts): the row's bytes for a closed trade, else null. */
export const ANALYTICS_ROW_SQL = [
  `CASE WHEN "status" = 'closed' AND "closed_at" IS NOT NULL THEN `,
  [
    ...FIXED.map((field) => (field.name === 'flags' ? flagsSql : field.sql)),
    ...OPTIONAL.map((field) => `coalesce(${field.sql}, ''::bytea)`),
    ...TEXTS.map((text) => `int2send(octet_length(${text})::int2) || decode(replace(${text}, '\\', '\\\\'), 'escape')`),
  ].join(' || '),
  ' END',
].join('');
