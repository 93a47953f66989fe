/**
 * Throughput of the import's byte → table layer: generates a ~100 MB, 1,000,000-row executions
 * CSV in memory chunk by chunk (never the whole file at once) and reads it with readTable.
 * Usage: tsx scripts/bench/import-parse.ts [rows] [encoding]
 * Prints rows/s, MB/s and peak RSS. Not wired into scripts/bench/main.ts.
 */
import { readTable } from '../../src/core/import/table';
import { encodeText } from '../../src/core/import/table/testing';
import type { TextEncoding } from '../../src/core/import/table';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const ENCODING = (process.argv[3] ?? 'utf-8') as TextEncoding; // checked by encodeText's switch
const ROWS_PER_CHUNK = 5_000;

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'ESH4', 'TSLA', '"BRK,B"', 'SPY 240315C00510000'];

function row(i: number): string {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const second = String(i % 60).padStart(2, '0');
  const symbol = SYMBOLS[i % SYMBOLS.length];
  const side = i % 2 ? 'BUY' : 'SELL';
  return `2024-03-${day}T14:30:${second}.123Z,U${1_000_000 + (i % 7)},${symbol},${side},${(i % 500) + 1},${(100 + (i % 9000) / 100).toFixed(4)},1.25,USD,EXEC-${i}-${i * 7919},Note for fill ${i}\n`;
}

let generatedBytes = 0;
/** Time spent making the input, subtracted to report the reader's own rate. */
let generatingMs = 0;
async function* generate(): AsyncGenerator<Uint8Array> {
  yield encodeText('Date/Time,Account,Symbol,Side,Quantity,Price,Commission,Currency,ExecID,Note\n', ENCODING, true);
  for (let start = 0; start < ROWS; start += ROWS_PER_CHUNK) {
    const t = performance.now();
    let text = '';
    for (let i = start; i < Math.min(ROWS, start + ROWS_PER_CHUNK); i++) text += row(i);
    const bytes = encodeText(text, ENCODING);
    generatedBytes += bytes.length;
    generatingMs += performance.now() - t;
    yield bytes;
  }
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const started = performance.now();
const reader = await readTable(generate(), { fileName: 'executions.csv', maxBytes: 1 << 30 });
const detected = performance.now();
let count = 0;
let cells = 0;
for await (const r of reader.rows) {
  count++;
  cells += r.cells.length;
}
const finished = performance.now();
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const seconds = (finished - started) / 1000;
const mb = generatedBytes / 2 ** 20;
console.log(
  JSON.stringify(
    {
      stage: 'import-parse (generate + sniff + decode + parse + header/footer)',
      encoding: ENCODING,
      rows: count,
      cells,
      megabytes: Number(mb.toFixed(1)),
      detectMs: Math.round(detected - started),
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(count / seconds),
      generatingSeconds: Number((generatingMs / 1000).toFixed(2)),
      readerRowsPerSecond: Math.round(count / (seconds - generatingMs / 1000)),
      megabytesPerSecond: Number((mb / seconds).toFixed(1)),
      peakRssMb: Math.round(peakRss / 2 ** 20),
      layout: {
        delimiter: reader.layout.delimiter,
        encoding: reader.layout.encoding,
        headers: reader.layout.headers.length,
      },
    },
    null,
    2,
  ),
);
if (count !== ROWS) {
  console.error(`expected ${ROWS} rows, read ${count}`);
  process.exitCode = 1;
}
