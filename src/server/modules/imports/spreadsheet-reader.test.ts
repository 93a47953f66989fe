import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ImportFileError, readTable, type ReadTableOptions, type TableRow } from '../../../core/import/table';
import { fileMutation, mutateFile } from '../../../core/import/table/file-mutations';
import { toSplitChunks } from '../../../core/import/table/testing';
import { createSpreadsheetReader, type SpreadsheetReaderOptions } from './spreadsheet-reader';

const DAMAGED_XLS = join(import.meta.dirname, '../../../../test/fixtures/import/damaged/extern-sheet-count.xls');
const STALLING_READER = new URL('../../../../test/fixtures/workers/stalling-spreadsheet-reader.ts', import.meta.url);

// A small heap: a damaged file that eats memory ends its child in a second, not after gigabytes.
// Open and batch timeouts under the fuzz's time limit per file (TIME_LIMIT_MS): a child stuck on a
// file is stopped and the file answered as unreadable, as the server does, rather than the test
// running out of time with no file named. They count a child's start: on a two-core machine busy
// with other work that took over 15 s (scripts/saturate.mjs), so they allow four times that.
const TEST_OPTIONS = {
  maxHeapMb: 128,
  openTimeoutMs: 60_000,
  batchTimeoutMs: 60_000,
} satisfies Partial<SpreadsheetReaderOptions>;
const reader = createSpreadsheetReader(TEST_OPTIONS);
afterAll(() => reader.close());

// Spawning children and fuzzing through them takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

function buildWorkbook(bookType: 'xlsx' | 'biff8', rows = 20): Uint8Array {
  const aoa = [
    ['Statement'],
    ['Date', 'Symbol', 'Side', 'Quantity', 'Price'],
    ...Array.from({ length: rows }, (_, i) => [
      new Date(Date.UTC(2024, 0, 1 + (i % 28))),
      `SYM${i}`,
      i % 2 ? 'BUY' : 'SELL',
      i,
      10.5 + i,
    ]),
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Trades');
  // The writer returns an ArrayBuffer for type 'array'.
  return new Uint8Array(XLSX.write(workbook, { bookType, type: 'array', compression: true }) as ArrayBuffer);
}

async function readRows(bytes: Uint8Array, options: ReadTableOptions = {}): Promise<TableRow[]> {
  const table = await readTable(toSplitChunks(bytes, [100, 5000]), options);
  const rows: TableRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

/** The error code, or 'OK'; anything but an ImportFileError fails the test. */
async function readOutcome(bytes: Uint8Array, open = reader.open): Promise<string> {
  try {
    await readRows(bytes, { openSpreadsheet: open, maxBytes: 1 << 20, maxUncompressedBytes: 8 << 20 });
    return 'OK';
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
}

describe('spreadsheet reader processes', () => {
  it('reads a workbook in a child process exactly as in this one, across several batches', async () => {
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const bytes = buildWorkbook(bookType, 9000);
      const here = await readRows(bytes);
      const there = await readRows(bytes, { openSpreadsheet: reader.open });
      expect(there).toHaveLength(9000);
      expect(there).toEqual(here);
    }
  });

  it('answers a workbook that makes SheetJS abort its process as unreadable, and reads the next one', async () => {
    const damaged = new Uint8Array(readFileSync(DAMAGED_XLS));
    // The fixture is what it claims: SheetJS in a process of its own dies on it.
    const inProcess = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=128',
        '-e',
        `require('@e965/xlsx').read(require('fs').readFileSync(${JSON.stringify(DAMAGED_XLS)}), { type: 'buffer', dense: true, cellNF: true })`,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    expect(inProcess.status === 0 && inProcess.signal === null).toBe(false);

    expect(await readOutcome(damaged)).toBe('NOT_A_SPREADSHEET');
    expect(await readOutcome(buildWorkbook('xlsx'))).toBe('OK');
  });

  it('stops a reader that does not answer within the time limit and says so', async () => {
    const stalling = createSpreadsheetReader({ ...TEST_OPTIONS, moduleUrl: STALLING_READER, openTimeoutMs: 1500 });
    try {
      const started = performance.now();
      const error = await readRows(buildWorkbook('xlsx'), { openSpreadsheet: stalling.open }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportFileError);
      expect((error as ImportFileError).message).toMatch(/could not be read within 2 seconds/);
      expect(performance.now() - started).toBeLessThan(TEST_OPTIONS.openTimeoutMs); // its own limit, not the default
    } finally {
      await stalling.close();
    }
  });

  it('frees the process of a workbook read to its end, of one given up early, and of one left open', async () => {
    const single = createSpreadsheetReader({ ...TEST_OPTIONS, maxProcesses: 1, leaseMs: 500 });
    try {
      const bytes = buildWorkbook('xlsx', 10);
      const readToEnd = await single.open(bytes, { fileType: 'xlsx' });
      while ((await readToEnd.next()) !== null);
      // No close(): the last read freed the process, or this open would wait for ever.
      const leftOpen = await single.open(bytes, { fileType: 'xlsx' });
      const started = performance.now();
      const afterLease = await single.open(bytes, { fileType: 'xlsx' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(400);
      expect(await leftOpen.next()).toBeNull();
      await afterLease.close();
    } finally {
      await single.close();
    }
  });

  it('frees the process of a workbook refused before any row streams', async () => {
    // One process and no lease to speak of: a workbook left holding it would stall the next read.
    const single = createSpreadsheetReader({ ...TEST_OPTIONS, maxProcesses: 1, leaseMs: 600_000 });
    try {
      // Its rows start past the few hundred readTable samples: it refuses the file (no header among
      // them) before any row streams, and must still close it.
      const lateData: (string | number)[][] = [
        ...Array.from({ length: 300 }, () => ['']),
        ['Date', 'Qty'],
        ['2024-01-02', 1],
      ];
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(lateData), 'Late');
      const late = new Uint8Array(XLSX.write(workbook, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer);
      expect(await readOutcome(late, single.open)).toBe('NO_HEADER');
      // Were the process still held, this would wait until the test's timeout reports it.
      expect(await readOutcome(buildWorkbook('xlsx', 10), single.open)).toBe('OK');
    } finally {
      await single.close();
    }
  });

  it('reads one workbook per process at a time and queues the rest', async () => {
    const single = createSpreadsheetReader({ ...TEST_OPTIONS, maxProcesses: 1 });
    try {
      const bytes = buildWorkbook('xlsx', 10);
      const first = await single.open(bytes, { fileType: 'xlsx' });
      let isSecondOpen = false;
      const second = single.open(bytes, { fileType: 'xlsx' }).then((source) => {
        isSecondOpen = true;
        return source;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isSecondOpen).toBe(false);
      expect((await first.next())?.length).toBe(12);
      await first.close();
      const source = await second;
      expect(source.sheetName).toBe('Trades');
      expect((await source.next())?.length).toBe(12);
      expect(await source.next()).toBeNull();
      await source.close();
    } finally {
      await single.close();
    }
  });
});

/**
 * A hang, not a slow run: each file reads in milliseconds, or in a second or two when it makes a
 * child run out of memory and a new child starts. Past the reader's own limits (TEST_OPTIONS), so
 * this fails only when those did not stop a stuck read.
 */
const TIME_LIMIT_MS = 90_000;

async function expectQuickAnswer(bytes: Uint8Array): Promise<void> {
  const started = performance.now();
  await readOutcome(bytes);
  expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS);
}

describe('spreadsheet fuzz through the reader processes', () => {
  const seeds = { xlsx: buildWorkbook('xlsx'), xls: buildWorkbook('biff8') };

  it.each(Object.keys(seeds) as (keyof typeof seeds)[])(
    'answers mutated %s files with rows or an ImportFileError, quickly',
    async (kind) => {
      expect(await readOutcome(seeds[kind])).toBe('OK');
      await fc.assert(
        fc.asyncProperty(fc.array(fileMutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
          await expectQuickAnswer(mutateFile(seeds[kind], mutations));
        }),
        { numRuns: 300 },
      );
    },
  );

  it('answers random bytes behind a zip or OLE signature the same way', async () => {
    const prefixes = [
      [0x50, 0x4b, 0x03, 0x04],
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 4096 }), async (prefix, rest) => {
        await expectQuickAnswer(new Uint8Array([...prefix, ...rest]));
      }),
      { numRuns: 300 },
    );
  });
});
