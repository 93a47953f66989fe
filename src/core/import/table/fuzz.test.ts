import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { readTable } from './read-table';
import { encodeText, toSplitChunks } from './testing';
import { ImportFileError } from './types';

/** Reads the whole file; resolves to the error code, or 'OK'. Anything but ImportFileError fails. */
async function readOutcome(bytes: Uint8Array, cuts: number[] = []): Promise<string> {
  try {
    const reader = await readTable(toSplitChunks(bytes, cuts), { maxBytes: 1 << 20, maxUncompressedBytes: 8 << 20 });
    for await (const row of reader.rows) expect(Array.isArray(row.cells)).toBe(true);
    return 'OK';
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
}

function buildWorkbook(bookType: 'xlsx' | 'biff8'): Uint8Array {
  const aoa = [
    ['Statement'],
    ['Date', 'Symbol', 'Side', 'Quantity', 'Price'],
    ...Array.from({ length: 20 }, (_, i) => [
      new Date(Date.UTC(2024, 0, 1 + i)),
      `SYM${i}`,
      i % 2 ? 'BUY' : 'SELL',
      i,
      10.5 + i,
    ]),
    ['Total', '', '', 190, ''],
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Trades');
  // The writer returns an ArrayBuffer for type 'array'.
  return new Uint8Array(XLSX.write(workbook, { bookType, type: 'array', compression: true }) as ArrayBuffer);
}

const CSV = encodeText(
  'Account U1\n\nDate,Symbol,Side,Qty,Price\n' +
    Array.from({ length: 30 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},"S,${i}",BUY,${i},"1""${i}"`).join(
      '\r\n',
    ) +
    '\nTotal,,,,\n',
  'utf-8',
);
const SEEDS = { csv: CSV, xlsx: buildWorkbook('xlsx'), xls: buildWorkbook('biff8') };

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(), value: fc.constant(0) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), value: fc.nat({ max: 64 }) }),
);

function mutate(seed: Uint8Array, mutations: { kind: string; at: number; value: number }[]): Uint8Array {
  let bytes = seed.slice();
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % bytes.length;
    if (m.kind === 'flip') bytes[at] = m.value;
    else if (m.kind === 'truncate') bytes = bytes.slice(0, at);
    else if (m.kind === 'insert') bytes = new Uint8Array([...bytes.subarray(0, at), m.value, ...bytes.subarray(at)]);
    else bytes = new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + m.value)]);
  }
  return bytes;
}

/**
 * A hang, not a slow run: an idle machine reads each mutated file in milliseconds, but CI runs test
 * files side by side on two cores and a run can stall for seconds. Ten seconds still catches a
 * parser stuck in a loop or a decompression bomb.
 */
const TIME_LIMIT_MS = 10_000;

async function expectQuick(bytes: Uint8Array, cuts: number[] = []): Promise<void> {
  const started = performance.now();
  await readOutcome(bytes, cuts);
  expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS);
}

// Property runs take seconds on a loaded machine; each run's own time limit is what matters.
vi.setConfig({ testTimeout: 120_000 });

describe('readTable fuzz', () => {
  it('reads the seed files', async () => {
    expect(await readOutcome(SEEDS.csv)).toBe('OK');
    expect(await readOutcome(SEEDS.xlsx)).toBe('OK');
    expect(await readOutcome(SEEDS.xls)).toBe('OK');
  });

  it('answers random bytes with rows or an ImportFileError, quickly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (bytes, cuts) => {
          await expectQuick(bytes, cuts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers random bytes behind a zip, OLE or BOM signature the same way', async () => {
    const prefixes = [
      [0x50, 0x4b, 0x03, 0x04],
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
      [0xef, 0xbb, 0xbf],
      [0xff, 0xfe],
      [0xfe, 0xff],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 4096 }), async (prefix, rest) => {
        await expectQuick(new Uint8Array([...prefix, ...rest]));
      }),
      { numRuns: 300 },
    );
  });

  it.each(Object.keys(SEEDS) as (keyof typeof SEEDS)[])(
    'answers mutated %s files with rows or an ImportFileError, quickly',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(mutation, { minLength: 1, maxLength: 6 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          async (mutations, cuts) => {
            await expectQuick(mutate(SEEDS[kind], mutations), cuts);
          },
        ),
        { numRuns: kind === 'csv' ? 400 : 250 },
      );
    },
  );
});
