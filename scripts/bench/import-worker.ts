/**
 * What a large import's worker thread does, in this thread alone, stage by stage: read and
 * normalise (import-engine.ts), prepare (prepare-fills.ts), group and encode (batch-grouping.ts)
 * and serialise each batch as it is posted, for the import bench's generic CSV (round trips on 16
 * symbols). Twice; both printed. Usage: npx tsx scripts/bench/import-worker.ts [rows, default
 * 200000] [--profile: one run]. Not wired into main.ts: a tool for work on the worker's speed.
 */
import { normaliseUploadInChunks, type NormalisedRow } from '../../src/server/modules/imports/import-engine';
import { createBatchGrouper } from '../../src/server/modules/imports/batch-grouping';
import { createBatchPreparer } from '../../src/server/modules/imports/prepare-fills';
import { writeTransferredBatch } from '../../src/server/modules/imports/batch-transfer';
import { noSpreadsheets, withAnalysedCsv } from './analysed-csv';

const ROWS = Number(process.argv[2] ?? 200_000);
const RUNS = process.argv.includes('--profile') ? 1 : 2;
const BATCH_ROWS = 300;

await withAnalysedCsv(ROWS, async (open, analysis) => {
  for (let run = 1; run <= RUNS; run++) {
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1 });
    const grouper = createBatchGrouper({
      userId: '00000000-0000-4000-8000-000000000001',
      accountId: '00000000-0000-4000-8000-000000000002',
      importId: '00000000-0000-4000-8000-000000000003',
      defaultRiskAmount: null,
      accountCurrency: 'USD',
      now: Date.now(),
      isStreaming: true,
      knownInstruments: [],
    });
    const ms = { normalise: 0, prepare: 0, group: 0, serialise: 0 };
    let bytes = 0;
    const start = performance.now();
    let rows: NormalisedRow[] = [];
    const send = (batch: NormalisedRow[]) => {
      let at = performance.now();
      const { fills, ...prepared } = prepare(batch);
      ms.prepare += performance.now() - at;
      at = performance.now();
      const grouped = grouper.group(fills);
      ms.group += performance.now() - at;
      at = performance.now();
      const transferred = writeTransferredBatch({ ...prepared, grouped, groupMs: 0 });
      bytes += transferred.bytes.length + transferred.buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
      ms.serialise += performance.now() - at;
    };
    let mark = performance.now();
    for await (const chunk of normaliseUploadInChunks(open, analysis, { openSpreadsheet: noSpreadsheets })) {
      for (const row of chunk) {
        rows.push(row);
        if (rows.length === BATCH_ROWS) {
          ms.normalise += performance.now() - mark;
          send(rows);
          rows = [];
          mark = performance.now();
        }
      }
    }
    ms.normalise += performance.now() - mark;
    if (rows.length > 0) send(rows);
    const seconds = (performance.now() - start) / 1000;
    const per = (value: number) => `${((value * 1000) / ROWS).toFixed(1)} µs`;
    console.log(
      `run ${run}: ${ROWS.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s ` +
        `(${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s); a row: read and normalise ${per(ms.normalise)}, ` +
        `prepare ${per(ms.prepare)}, group and encode ${per(ms.group)}, serialise ${per(ms.serialise)}; ` +
        `${(bytes / 2 ** 20).toFixed(0)} MB posted`,
    );
  }
});
