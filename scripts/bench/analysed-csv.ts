import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenSpreadsheet } from '../../src/core/import/table';
import { analyseUpload, type Analysis } from '../../src/server/modules/imports/import-engine';
import { writeCsv } from './import-csv';

export const noSpreadsheets: OpenSpreadsheet = () => {
  throw new Error('a CSV has no workbook to open');
};

/**
 * Writes the import bench's generic CSV of `rows` rows to a temporary file, analyses it as an
 * upload is, and hands `body` a way to open it and the analysis; the file goes afterwards.
 */
export async function withAnalysedCsv(
  rows: number,
  body: (open: () => AsyncIterable<Uint8Array>, analysis: Analysis) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'edgebook-bench-csv-'));
  try {
    const path = join(dir, 'executions.csv');
    await writeCsv(path, rows);
    const open = () => createReadStream(path, { highWaterMark: 256 * 1024 });
    const analysis = await analyseUpload(open, {
      fileName: 'executions.csv',
      accountTimeZone: 'America/New_York',
      maxBytes: Number.MAX_SAFE_INTEGER,
      openSpreadsheet: noSpreadsheets,
    });
    await body(open, analysis);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
