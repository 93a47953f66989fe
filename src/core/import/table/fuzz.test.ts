import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fileMutation, mutateFile } from './file-mutations';
import { readTable } from './read-table';
import { encodeText, FUZZ_SEED_CSV, toSplitChunks } from './testing';
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

const CSV = encodeText(FUZZ_SEED_CSV, 'utf-8');
// Workbooks are fuzzed through the server's reader processes (spreadsheet-reader.test.ts): a
// damaged one can make SheetJS abort the process that reads it.
const SEEDS = { csv: CSV };

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

  it('answers random bytes behind a BOM the same way', async () => {
    const prefixes = [
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
          fc.array(fileMutation, { minLength: 1, maxLength: 6 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          async (mutations, cuts) => {
            await expectQuick(mutateFile(SEEDS[kind], mutations), cuts);
          },
        ),
        { numRuns: 400 },
      );
    },
  );
});
