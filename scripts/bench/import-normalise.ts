/**
 * Throughput of reading and normalising an executions CSV in one thread, what the import's worker
 * does before anything is stored: writes the import bench's generic CSV (round trips on 16 symbols)
 * to a temporary file, detects its layout once, then normalises every row (twice; both printed).
 * Usage: npx tsx scripts/bench/import-normalise.ts [rows, default 200000]. Not wired into main.ts.
 */
import { normaliseUpload } from '../../src/server/modules/imports/import-engine';
import { noSpreadsheets, withAnalysedCsv } from './analysed-csv';

const ROWS = Number(process.argv[2] ?? 200_000);

await withAnalysedCsv(ROWS, async (open, analysis) => {
  for (let run = 1; run <= 2; run++) {
    const start = performance.now();
    let executions = 0;
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: noSpreadsheets }))
      if (row.kind === 'execution') executions++;
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `run ${run}: ${ROWS.toLocaleString('en-US')} rows, ${executions.toLocaleString('en-US')} executions in ` +
        `${seconds.toFixed(2)} s: ${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s`,
    );
  }
});
