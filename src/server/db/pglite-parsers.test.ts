import { types } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { withoutTextParsers } from './pglite-parsers';

// Drizzle's parsers for PGlite (drizzle-orm/pglite/session.js): the same types, read as text.
const asText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    asText,
  ]),
);

describe('withoutTextParsers', () => {
  const isSet = () => true;

  it("drops Drizzle's parsers when the table reads those types as text, keeping every other option", () => {
    expect(withoutTextParsers({ rowMode: 'array', parsers: DRIZZLE_PARSERS }, isSet)).toEqual({ rowMode: 'array' });
    expect(withoutTextParsers({ rowMode: 'object', parsers: {}, blob: 'b' }, isSet)).toEqual({
      rowMode: 'object',
      blob: 'b',
    });
  });

  it('keeps parsers for any other type, and all of them when the table no longer reads those types as text', () => {
    const other = { rowMode: 'array', parsers: { ...DRIZZLE_PARSERS, [types.INT8]: asText } };
    expect(withoutTextParsers(other, isSet)).toBe(other);
    const drizzle = { rowMode: 'array', parsers: DRIZZLE_PARSERS };
    expect(withoutTextParsers(drizzle, () => false)).toBe(drizzle);
  });

  it('leaves a statement without parsers as it is', () => {
    const options = { blob: 'b' };
    expect(withoutTextParsers(options, isSet)).toBe(options);
    expect(withoutTextParsers(undefined, isSet)).toBeUndefined();
  });
});
