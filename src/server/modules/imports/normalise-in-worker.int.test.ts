import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseUpload, type Analysis } from './import-engine';
import { normaliseInWorker } from './normalise-in-worker';

/** The worker thread of a large import: the batches it hands over, at the size the parent asks for. */
let dir = '';
let path = '';
let analysis: Analysis;
const ROWS = 240;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgebook-worker-'));
  path = join(dir, 'fills.csv');
  const lines = ['Date,Symbol,Side,Quantity,Price'];
  for (let i = 0; i < ROWS; i++) {
    const at = new Date(Date.UTC(2025, 0, 2, 14, 30) + i * 60_000).toISOString().replace('.000Z', 'Z');
    lines.push(`${at},AAPL,${i % 2 === 0 ? 'Buy' : 'Sell'},10,${(150 + (i % 7)).toFixed(2)}`);
  }
  await writeFile(path, `${lines.join('\n')}\n`);
  analysis = await analyseUpload(() => createReadStream(path), {
    fileName: 'fills.csv',
    accountTimeZone: 'UTC',
    maxBytes: 1_000_000,
    openSpreadsheet: () => {
      throw new Error('a CSV has no workbook');
    },
  });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

const start = (batchRows: number) =>
  normaliseInWorker({
    path,
    options: analysis.replay,
    batchRows,
    aheadRows: batchRows,
    spreadsheetMaxHeapMb: 64,
    prepare: { accountCurrency: 'USD', firstSequence: 1 },
    group: {
      userId: '00000000-0000-4000-8000-000000000001',
      accountId: '00000000-0000-4000-8000-000000000002',
      importId: '00000000-0000-4000-8000-000000000003',
      defaultRiskAmount: null,
      accountCurrency: 'USD',
      now: Date.UTC(2025, 5, 1),
      isStreaming: true,
      knownInstruments: [],
    },
  });

describe('normaliseInWorker: batch sizes', () => {
  it('hands over every row in batches of the size asked for, from when it is asked', async () => {
    const worker = start(10);
    const sizes: number[] = [];
    for await (const batch of worker.batches) {
      sizes.push(batch.rowCount);
      if (sizes.length === 2) worker.setBatchRows(40);
    }
    expect(sizes.reduce((sum, rows) => sum + rows, 0)).toBe(ROWS);
    // The worker keeps at most two batches ahead here: a few of 10 rows were formed before it was told.
    const firstOf40 = sizes.indexOf(40);
    expect(firstOf40).toBeGreaterThan(1);
    expect(firstOf40).toBeLessThanOrEqual(5);
    expect(sizes.slice(0, firstOf40).every((rows) => rows === 10)).toBe(true);
    expect(sizes.slice(firstOf40, -1).every((rows) => rows === 40)).toBe(true);
    expect(sizes.at(-1)).toBeLessThanOrEqual(40);
  });

  it('keeps its size when not told otherwise', async () => {
    const worker = start(25);
    const sizes: number[] = [];
    for await (const batch of worker.batches) sizes.push(batch.rowCount);
    expect(sizes).toEqual([...Array<number>(9).fill(25), 15]); // 240 rows
  });
});
