import { sql } from 'drizzle-orm';
import { bigint, jsonb, numeric, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { Database } from './client';
import { insertByUnnest, insertCopyRows, insertNewRows, toCopyRows, type BulkColumn } from './bulk-insert';
import { toCopyBinary } from './copy-binary';

const probe = pgTable('bulk_probe', {
  id: serial().primaryKey(),
  key: uuid().notNull().unique(),
  note: text(),
  tags: jsonb().$type<string[]>(),
  amount: numeric({ precision: 20, scale: 8 }),
  at: timestamp({ withTimezone: true, precision: 3 }),
  sequence: bigint({ mode: 'number' }),
});

type Row = { key: string; note: string | null; tags: string[]; amount: string; at: Date; sequence: number };
const COLUMNS: BulkColumn<Row>[] = [
  { name: 'key', type: 'uuid', value: (r) => r.key },
  { name: 'note', type: 'text', value: (r) => r.note },
  { name: 'tags', type: 'jsonb', value: (r) => r.tags },
  { name: 'amount', type: 'numeric', value: (r) => r.amount },
  { name: 'at', type: 'timestamptz', value: (r) => r.at },
  { name: 'sequence', type: 'bigint', value: (r) => r.sequence },
];

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table bulk_probe (
    id serial primary key, key uuid not null unique, note text, tags jsonb, amount numeric(20, 8),
    at timestamptz(3), sequence bigint)`);
});
afterAll(async () => {
  await database.close();
});

async function readBack(keys: readonly string[]): Promise<Row[]> {
  const rows = await database.db
    .select({
      key: probe.key,
      note: probe.note,
      tags: probe.tags,
      amount: probe.amount,
      at: probe.at,
      sequence: probe.sequence,
    })
    .from(probe)
    .where(sql`${probe.key} = any(${sql.param(keys)}::uuid[])`);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => byKey.get(key) as Row);
}

// Text a trader may type into a note: tabs, line breaks and backslashes (COPY's own syntax, with
// its null marker \N spelled out), quotes, braces and commas, the NUL-free rest of Unicode, empty
// strings and "NULL" spelled out.
const awkwardText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    'NULL',
    'null',
    '"',
    '\\',
    '{}',
    '{a,b}',
    'a,b',
    '"quoted", \\escaped\\',
    'line\nbreak\r\n',
    ' lead',
    '\t',
    'a\tb\tc',
    '\\N',
    '\\.',
    '\\t',
    '\r',
  ),
);
const noNul = (text: string) => text.replaceAll('\u0000', '');

/** Rows of awkward values, as the generated specs give them. */
const rowSpecs = fc.uniqueArray(
  fc.record({
    key: fc.uuid(),
    note: fc.option(awkwardText.map(noNul), { nil: null }),
    tags: fc.array(awkwardText.map(noNul), { maxLength: 4 }),
    cents: fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
    at: fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
    sequence: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
  }),
  { minLength: 1, maxLength: 30, selector: (r) => r.key },
);

const toRows = (
  specs: readonly { key: string; note: string | null; tags: string[]; cents: bigint; at: Date; sequence: number }[],
): Row[] =>
  specs.map((s) => ({
    key: s.key,
    note: s.note,
    tags: s.tags,
    amount: formatScaled(s.cents),
    at: s.at,
    sequence: s.sequence,
  }));

const row = (key: string, note: string): Row => ({
  key,
  note,
  tags: [],
  amount: '1.00000000',
  at: new Date('2025-01-02T03:04:05.678Z'),
  sequence: 1,
});

describe('insertByUnnest', () => {
  it('stores every value exactly as given, whatever the text', async () => {
    await fc.assert(
      fc.asyncProperty(rowSpecs, async (specs) => {
        const rows = toRows(specs);
        await insertByUnnest(database.db, { table: probe, columns: COLUMNS, rows, rowsPerStatement: 7 });
        expect(await readBack(rows.map((r) => r.key))).toEqual(rows);
        await database.db.execute(sql`delete from bulk_probe`);
      }),
      { numRuns: 60 },
    );
  });

  it('skips conflicting rows and answers only the rows it inserted', async () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    await insertByUnnest(database.db, { table: probe, columns: COLUMNS, rows: [row(a, 'first')] });
    const inserted = await insertByUnnest(database.db, {
      table: probe,
      columns: COLUMNS,
      rows: [row(a, 'again'), row(b, 'new')],
      skipConflicts: true,
      returning: ['key', 'note'],
    });
    expect(inserted).toEqual([{ key: b, note: 'new' }]);
    expect((await readBack([a, b])).map((r) => r.note)).toEqual(['first', 'new']);
    await expect(
      insertByUnnest(database.db, { table: probe, columns: COLUMNS, rows: [row(a, 'clash')] }),
    ).rejects.toThrow();
  });
});

describe('insertNewRows', () => {
  it('stores every value exactly as given, whatever the text, in a transaction or not', async () => {
    await fc.assert(
      fc.asyncProperty(rowSpecs, fc.boolean(), async (specs, inTransaction) => {
        const rows = toRows(specs);
        const params = { table: probe, columns: COLUMNS, rows, rowsPerStatement: 7 };
        if (inTransaction) await database.db.transaction((tx) => insertNewRows(tx, params));
        else await insertNewRows(database.db, params);
        const stored = await readBack(rows.map((r) => r.key));
        expect(stored).toEqual(rows);
        await database.db.execute(sql`delete from bulk_probe`);
      }),
      { numRuns: 60 },
    );
  });

  it('stores long texts of many-byte characters, and the text \\N apart from null, exactly', async () => {
    const note = (i: number) => `${i} Café ✓ 日本 🚀 tab\there, line\nbreak \\N `.repeat(200);
    const rows = Array.from({ length: 300 }, (_, i) =>
      row(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, note(i)),
    );
    rows.push(row('00000000-0000-4000-8000-100000000001', '\\N'), {
      ...row('00000000-0000-4000-8000-100000000002', ''),
      note: null,
    });
    await database.db.execute(sql`delete from bulk_probe`);
    await database.db.transaction((tx) => insertNewRows(tx, { table: probe, columns: COLUMNS, rows }));
    expect(await readBack(rows.map((r) => r.key))).toEqual(rows);
    await database.db.execute(sql`delete from bulk_probe`);
  });

  it('fails on a conflicting row, and its transaction keeps nothing of it', async () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const c = '00000000-0000-4000-8000-00000000000c';
    await database.db.execute(sql`delete from bulk_probe`);
    await insertNewRows(database.db, { table: probe, columns: COLUMNS, rows: [row(a, 'first')] });
    await expect(
      database.db.transaction(async (tx) => {
        await insertNewRows(tx, { table: probe, columns: COLUMNS, rows: [row(c, 'before')] });
        await insertNewRows(tx, { table: probe, columns: COLUMNS, rows: [row(b, 'new'), row(a, 'clash')] });
      }),
    ).rejects.toSatisfy((err: Error) => /duplicate key/.test(`${err.message} ${String(err.cause)}`));
    const stored = await database.db.select({ key: probe.key, note: probe.note }).from(probe);
    expect(stored).toEqual([{ key: a, note: 'first' }]);
    // The connection that failed is not handed out broken: the next write works.
    await insertNewRows(database.db, { table: probe, columns: COLUMNS, rows: [row(b, 'after')] });
    expect((await readBack([a, b])).map((r) => r.note)).toEqual(['first', 'after']);
    await database.db.execute(sql`delete from bulk_probe`);
  });
});

describe('insertCopyRows', () => {
  // The times also as text, as grouped trades give theirs.
  const columnsWithTextTimes: BulkColumn<Row>[] = COLUMNS.map((column) =>
    column.name === 'at' ? { ...column, value: (r) => r.at.toISOString() } : column,
  );

  it('stores every value exactly as given, from pieces encoded apart, in one statement', async () => {
    await fc.assert(
      fc.asyncProperty(rowSpecs, fc.nat(), fc.boolean(), async (specs, cut, hasTextTimes) => {
        const rows = toRows(specs);
        const columns = hasTextTimes ? columnsWithTextTimes : COLUMNS;
        const at = cut % (rows.length + 1);
        const copies = [
          toCopyRows({ columns, rows: rows.slice(0, at) }),
          toCopyRows({ columns, rows: rows.slice(at) }),
        ];
        await database.db.transaction((tx) => insertCopyRows(tx, { table: 'bulk_probe', copies }));
        expect(await readBack(rows.map((r) => r.key))).toEqual(rows);
        await database.db.execute(sql`delete from bulk_probe`);
      }),
      { numRuns: 60 },
    );
  });

  // A decimal's text in the shapes PostgreSQL reads: a sign or none, leading zeros, a point with
  // digits on either side or none, an exponent, blanks around, and NaN.
  const decimalText = fc.oneof(
    {
      weight: 20,
      arbitrary: fc
        .record({
          sign: fc.constantFrom('', '-', '+'),
          integer: fc.stringMatching(/^[0-9]{0,9}$/),
          point: fc.boolean(),
          fraction: fc.stringMatching(/^[0-9]{0,14}$/),
          exponent: fc.option(
            fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 2 })),
            { nil: null },
          ),
          blanks: fc.constantFrom('', ' ', '\t '),
        })
        .filter((d) => d.integer.length + d.fraction.length > 0 && (d.point || d.fraction === ''))
        .map((d) => {
          const mantissa = `${d.integer}${d.point ? '.' : ''}${d.fraction}`;
          const exponent = d.exponent ? `${d.exponent[0]}${d.exponent[1]}${d.exponent[2]}` : '';
          return `${d.blanks}${d.sign}${mantissa}${exponent}${d.blanks}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'NaN',
        '0',
        '-0',
        '0.000000005',
        '-0.000000005',
        '99999999999.999999995',
        '1e-9',
        '.5',
        '5.',
      ),
    },
  );

  it('stores a decimal sent as binary exactly as PostgreSQL reads its text (rounded to the column)', async () => {
    const columns: BulkColumn<{ key: string; amount: string }>[] = [
      { name: 'key', type: 'uuid', value: (r) => r.key },
      { name: 'amount', type: 'numeric', value: (r) => r.amount },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 20 }),
        fc.array(decimalText, { minLength: 20, maxLength: 20 }),
        async (keys, texts) => {
          const rows = keys.map((key, i) => ({ key, amount: texts[i]! }));
          const copies = [toCopyRows({ columns, rows })];
          await insertCopyRows(database.db, { table: 'bulk_probe', copies });
          const stored = await database.db.execute(sql`
          select p.amount::text as stored, r.text::numeric(20, 8)::text as read
          from bulk_probe p join unnest(${sql.param(keys)}::uuid[], ${sql.param(rows.map((r) => r.amount))}::text[]) as r(key, text)
          on r.key = p.key`);
          const pairs = (stored as unknown as { rows: { stored: string; read: string }[] }).rows;
          expect(pairs).toHaveLength(rows.length);
          for (const pair of pairs) expect(pair.stored).toBe(pair.read);
          await database.db.execute(sql`delete from bulk_probe`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('stores whole numbers, floats and repeated ids exactly', async () => {
    await database.db.execute(sql`create table if not exists bulk_numbers (
      key uuid primary key, owner uuid, whole integer, small smallint, big bigint, real float8)`);
    type Numbers = {
      key: string;
      owner: string;
      whole: number | null;
      small: number | null;
      big: number | null;
      real: number | null;
    };
    const columns: BulkColumn<Numbers>[] = [
      { name: 'key', type: 'uuid', value: (r) => r.key },
      { name: 'owner', type: 'uuid', value: (r) => r.owner },
      { name: 'whole', type: 'integer', value: (r) => r.whole },
      { name: 'small', type: 'smallint', value: (r) => r.small },
      { name: 'big', type: 'bigint', value: (r) => r.big },
      { name: 'real', type: 'float8', value: (r) => r.real },
    ];
    // A few owners in turn, as a batch's rows share their owner's ids (each as its own string).
    const owners = Array.from({ length: 6 }, (_, i) => `0000000${i}-0000-4000-8000-00000000000${i}`);
    const numbers = fc.uniqueArray(
      fc.record({
        key: fc.uuid(),
        owner: fc.nat({ max: 5 }).map((i) => `${owners[i]}`),
        // Small pools as well, so that a column's value often repeats the row before's (copied as its bytes).
        whole: fc.option(fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, 1, -1)), {
          nil: null,
        }),
        small: fc.option(fc.integer({ min: -(2 ** 15), max: 2 ** 15 - 1 }), { nil: null }),
        big: fc.option(
          fc.maxSafeInteger().map((n) => n),
          { nil: null },
        ),
        real: fc.option(fc.oneof(fc.double(), fc.constantFrom(0, -0, 1.5)), { nil: null }),
      }),
      { minLength: 1, maxLength: 30, selector: (r) => r.key },
    );
    await fc.assert(
      fc.asyncProperty(numbers, async (rows) => {
        await insertCopyRows(database.db, { table: 'bulk_numbers', copies: [toCopyRows({ columns, rows })] });
        const result = (await database.db.execute(
          sql`select key, owner, whole, small, big::text as big, real::text as real from bulk_numbers`,
        )) as unknown as {
          rows: {
            key: string;
            owner: string;
            whole: number | null;
            small: number | null;
            big: string | null;
            real: string | null;
          }[];
        };
        const byKey = new Map(result.rows.map((r) => [r.key, r]));
        for (const row of rows) {
          const stored = byKey.get(row.key)!;
          expect({
            ...stored,
            big: stored.big === null ? null : Number(stored.big),
            real: stored.real === null ? null : Number(stored.real),
          }).toEqual(row);
        }
        await database.db.execute(sql`delete from bulk_numbers`);
      }),
      { numRuns: 40 },
    );
  });

  it('stores dates exactly, and refuses text that is not one', async () => {
    await database.db.execute(sql`create table if not exists bulk_days (key uuid primary key, day date)`);
    const columns: BulkColumn<{ key: string; day: string | null }>[] = [
      { name: 'key', type: 'uuid', value: (r) => r.key },
      { name: 'day', type: 'date', value: (r) => r.day },
    ];
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 20 }),
        fc.array(fc.option(day), { minLength: 20, maxLength: 20 }),
        async (keys, days) => {
          const rows = keys.map((key, i) => ({ key, day: days[i] ?? null }));
          await insertCopyRows(database.db, { table: 'bulk_days', copies: [toCopyRows({ columns, rows })] });
          const stored = (await database.db.execute(
            sql`select key::text as key, day::text as day from bulk_days`,
          )) as unknown as {
            rows: { key: string; day: string | null }[];
          };
          expect(new Map(stored.rows.map((r) => [r.key, r.day]))).toEqual(new Map(rows.map((r) => [r.key, r.day])));
          await database.db.execute(sql`delete from bulk_days`);
        },
      ),
      { numRuns: 30 },
    );
    expect(() => toCopyBinary(columns, [{ key: '00000000-0000-4000-8000-000000000001', day: '2025-02-30' }])).toThrow(
      'not a date',
    );
    expect(() => toCopyBinary(columns, [{ key: '00000000-0000-4000-8000-000000000001', day: '16/01/2025' }])).toThrow(
      'not a date',
    );
  });

  it('refuses a value its column cannot hold before anything is sent, naming it', () => {
    const bad = (change: Partial<Row>) => () =>
      toCopyBinary(COLUMNS, [{ ...row('00000000-0000-4000-8000-000000000001', 'x'), ...change }]);
    expect(bad({ amount: '1.2.3' })).toThrow('not a decimal: "1.2.3"');
    expect(bad({ amount: '12abc' })).toThrow('not a decimal: "12abc"');
    expect(bad({ amount: '' })).toThrow('not a decimal: ""');
    expect(bad({ key: '00000000-0000-4000-8000-00000000000g' })).toThrow('not a uuid');
    expect(bad({ key: '00000000-0000-4000-8000-0000000000' })).toThrow('not a uuid');
    expect(bad({ sequence: 1.5 })).toThrow('not a whole number: 1.5');
    expect(bad({ at: new Date(Number.NaN) })).toThrow('not a time');
    expect(bad({ key: '' })).toThrow('not a uuid: ""');
    expect(bad({ key: '00000000--0000-4000-8000-000000000001' })).toThrow('not a uuid');
    expect(bad({ sequence: 2 ** 53 })).toThrow('out of range for bigint');
    expect(bad({ amount: ' 5\u00a0' })).toThrow('not a decimal');
    const whole = (type: 'integer' | 'smallint', value: unknown) => () =>
      toCopyBinary([{ name: 'n', type, value: () => value as number }], [{}]);
    expect(whole('integer', 2 ** 31)).toThrow('out of range for integer: 2147483648');
    expect(whole('integer', -(2 ** 31) - 1)).toThrow('out of range for integer');
    expect(whole('smallint', 32768)).toThrow('out of range for smallint: 32768');
    expect(whole('integer', '')).toThrow('not a whole number');
    expect(whole('integer', '12')).not.toThrow();
    const time = (value: unknown) => () =>
      toCopyBinary([{ name: 't', type: 'timestamptz', value: () => value as string }], [{}]);
    expect(time('2025-01-02T03:04:05.678')).toThrow('not a time with its offset');
    expect(time(Date.UTC(2025, 0, 2))).toThrow('not a time with its offset');
    expect(time('2025-01-02T03:04:05.678+01:00')).not.toThrow();
    const float = (value: unknown) => () =>
      toCopyBinary([{ name: 'f', type: 'float8', value: () => value as string }], [{}]);
    expect(float('abc')).toThrow('not a number: abc');
    expect(float('')).toThrow('not a number');
    expect(float('NaN')).not.toThrow();
  });

  it('stores a value repeated from the row before as itself: the same Date, text, null between, 0 and -0', async () => {
    const shared = new Date('2025-03-04T05:06:07.089Z');
    const key = (i: number) => `00000000-0000-4000-8000-2000000000${String(i).padStart(2, '0')}`;
    const notes = ['same', 'same', null, 'same', '', '', 'other'];
    const rows = notes.map((note, i) => ({ ...row(key(i), ''), note, at: i === 5 ? new Date(0) : shared }));
    await insertCopyRows(database.db, { table: 'bulk_probe', copies: [toCopyRows({ columns: COLUMNS, rows })] });
    expect(await readBack(rows.map((r) => r.key))).toEqual(rows);
    await database.db.execute(sql`delete from bulk_probe`);
  });

  it('reads a uuid in braces or with hyphens after any group of four, as PostgreSQL does', async () => {
    const key = '0123abcd-ef01-4567-89ab-cdef01234567';
    const shapes = [
      '{0123abcd-ef01-4567-89ab-cdef01234567}',
      '0123ABCDEF01456789ABCDEF01234567',
      '0123-abcd-ef01-4567-89ab-cdef-0123-4567',
    ];
    for (const shape of shapes) {
      const copies = [toCopyRows({ columns: COLUMNS, rows: [{ ...row(key, shape), key: shape }] })];
      await insertCopyRows(database.db, { table: 'bulk_probe', copies });
      expect((await readBack([key])).map((r) => r.note)).toEqual([shape]);
      await database.db.execute(sql`delete from bulk_probe`);
    }
  });
});

/** A scaled integer (8 places) as numeric(20, 8) prints it: sign, digits, point, eight places. */
function formatScaled(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
}
