import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError, openSpreadsheetHere, toChunks } from '../../../core/import/table';
import { analyseUpload, normaliseUpload, toHeaderSignature } from './import-engine';

const FIXTURES_DIR = join(import.meta.dirname, '../../../../test/fixtures/import/brokers');
const FIXTURES = readdirSync(FIXTURES_DIR)
  .filter((name) => name.endsWith('.csv'))
  .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(FIXTURES_DIR, name))) }));

/** The whole pipeline on bytes: detection, then every row normalised; answers what came out. */
async function runPipeline(bytes: Uint8Array, fileName: string): Promise<'ok' | 'refused'> {
  const open = () => toChunks(bytes, 4096);
  try {
    // Broker CSVs only: no workbook, so no reader process is needed.
    const openSpreadsheet = openSpreadsheetHere;
    const analysis = await analyseUpload(open, {
      fileName,
      accountTimeZone: 'America/New_York',
      maxBytes: 1 << 24,
      openSpreadsheet,
    });
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet })) expect(row.row).toBeTypeOf('number');
    return 'ok';
  } catch (err) {
    // A bad file is refused with a reason; anything else would be a crash of the import.
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).message.length).toBeGreaterThan(10);
    return 'refused';
  }
}

function mutate(bytes: Uint8Array, edits: { at: number; kind: 'flip' | 'drop' | 'insert'; value: number }[]) {
  const out = [...bytes];
  for (const edit of edits) {
    const at = edit.at % Math.max(1, out.length);
    if (edit.kind === 'flip') out[at] = edit.value;
    else if (edit.kind === 'drop') out.splice(at, 1);
    else out.splice(at, 0, edit.value);
  }
  return Uint8Array.from(out);
}

describe('the import pipeline never crashes or hangs', () => {
  it('on random bytes under any name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom('a.csv', 'b.xlsx', 'c.xls', 'd.txt', 'e'),
        async (bytes, name) => {
          await runPipeline(bytes, name);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('on mutated broker files (flipped, dropped and inserted bytes, truncation)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXTURES),
        fc.array(
          fc.record({
            at: fc.nat(),
            kind: fc.constantFrom('flip' as const, 'drop' as const, 'insert' as const),
            value: fc.constantFrom(0x2c, 0x22, 0x0a, 0x0d, 0x3b, 0x00, 0xff, 0x41, 0x31, 0x2d),
          }),
          { maxLength: 12 },
        ),
        fc.nat(),
        async (fixture, edits, cut) => {
          const mutated = mutate(fixture.bytes, edits);
          const truncated = cut % 3 === 0 ? mutated.slice(0, cut % (mutated.length + 1)) : mutated;
          const started = performance.now();
          await runPipeline(truncated, fixture.name);
          expect(performance.now() - started).toBeLessThan(10_000); // a hang, not a slow run on a loaded CI machine
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('reads every unmutated broker fixture', async () => {
    for (const fixture of FIXTURES) expect(await runPipeline(fixture.bytes, fixture.name), fixture.name).toBe('ok');
  });
});

describe('toHeaderSignature', () => {
  it('ignores column order, case and punctuation, so a saved mapping follows a reordered export', () => {
    expect(toHeaderSignature(['Date', 'Symbol', 'Qty'])).toBe(toHeaderSignature(['qty', 'SYMBOL', 'date']));
    expect(toHeaderSignature(['Date', 'Symbol', 'Qty'])).not.toBe(toHeaderSignature(['Date', 'Symbol', 'Price']));
  });
});
