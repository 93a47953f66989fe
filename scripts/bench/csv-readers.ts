/**
 * The import's own CSV reader (src/core/import/table/csv-parser.ts) against papaparse and csv-parse
 * on the import's work: decoded text arriving in chunks, rows handed on one at a time.
 *
 *   tsx scripts/bench/csv-readers.ts [--rows 200000] [--runs 5]
 *
 * Speed and memory: the import bench's broker CSV (13 columns, about 100 bytes a row), plain and
 * with every field quoted, streamed from disk in 256 KiB UTF-8 chunks; each run is a fresh process
 * (peak RSS is the process's), runs of the readers interleaved, medians reported. Correctness: the
 * reader's unit-test table, line numbers, the limits, a round-trip property over random tables,
 * delimiters, line breaks and chunk cuts, the fuzz test's mutated and random files, and the broker
 * fixtures. Prints its section's markdown (see scripts/bench/main.ts).
 *
 *   tsx scripts/bench/csv-readers.ts --one <reader> --file <path>   one measurement, as JSON
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { CsvError, parse as createCsvParse } from 'csv-parse';
import fc from 'fast-check';
import Papa from 'papaparse';
import { CsvParser, ImportFileError, sniffFile, type TableRow } from '../../src/core/import/table';
import { fileMutation, mutateFile } from '../../src/core/import/table/file-mutations';
import {
  CSV_READING_CASES,
  encodeText,
  FUZZ_SEED_CSV,
  writeCsv as writeCsvText,
} from '../../src/core/import/table/testing';
import { writeCsv } from './import-csv';

const root = resolve(import.meta.dirname, '../..');
const READERS = ['own', 'papaparse', 'csv-parse'] as const;
type ReaderId = (typeof READERS)[number];
const CHUNK_BYTES = 256 * 1024;
/** The reader's own limit on one field (csv-parser.ts), given to csv-parse as its record limit. */
const MAX_FIELD_CHARS = 1 << 20;

/** One record as the import needs it: its cells and the physical line it starts on (null: not known). */
type Row = { cells: string[]; line: number | null };

/**
 * Reads text chunks with one reader, handing each record on as it completes. Rejects when the
 * reader refuses the input (the own reader's ImportFileError, csv-parse's CsvError, papaparse's
 * unclosed-quote report).
 */
async function readChunks(
  reader: ReaderId,
  chunks: Iterable<string> | AsyncIterable<string>,
  delimiter: string,
  onRow: (row: Row) => void,
): Promise<void> {
  switch (reader) {
    case 'own': {
      const parser = new CsvParser(delimiter);
      const out: TableRow[] = [];
      const flush = () => {
        for (const r of out) onRow({ cells: r.cells, line: r.line });
        out.length = 0;
      };
      for await (const chunk of chunks) {
        parser.push(chunk, out);
        flush();
      }
      parser.end(out);
      flush();
      return;
    }
    case 'papaparse':
      return new Promise<void>((done, fail) => {
        let unclosed: string | null = null;
        Papa.parse<string[]>(Readable.from(chunks), {
          delimiter,
          quoteChar: '"',
          escapeChar: '"',
          skipEmptyLines: false,
          step: (results) => {
            onRow({ cells: results.data, line: null });
            for (const e of results.errors) if (e.code === 'MissingQuotes') unclosed = e.message;
          },
          complete: () => (unclosed === null ? done() : fail(new Error(unclosed))),
          error: (err: Error) => fail(err),
        });
      });
    case 'csv-parse': {
      const parser = Readable.from(chunks).pipe(
        createCsvParse({
          delimiter,
          relax_quotes: true,
          relax_column_count: true,
          skip_empty_lines: false,
          max_record_size: MAX_FIELD_CHARS,
          info: true,
        }),
      );
      for await (const item of parser) {
        const { record, info } = item as { record: string[]; info: { lines: number } }; // `info: true` gives this shape
        // csv-parse counts the line a record ends on; the import names the line it starts on.
        const breaks = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
        onRow({ cells: record, line: info.lines - breaks });
      }
      return;
    }
  }
}

async function readAll(reader: ReaderId, chunks: readonly string[], delimiter: string): Promise<Row[]> {
  const rows: Row[] = [];
  await readChunks(reader, chunks, delimiter, (row) => rows.push(row));
  return rows;
}

/** The outcome of reading: the rows, or that the reader refused the input (and whether cleanly). */
type Outcome = { rows: Row[] } | { refused: 'clean' | 'crash'; message: string };

const isCleanRefusal = (reader: ReaderId, err: unknown) =>
  reader === 'own'
    ? err instanceof ImportFileError
    : reader === 'csv-parse'
      ? err instanceof CsvError
      : err instanceof Error && !(err instanceof TypeError || err instanceof RangeError);

async function readOutcome(reader: ReaderId, chunks: readonly string[], delimiter: string): Promise<Outcome> {
  try {
    return { rows: await readAll(reader, chunks, delimiter) };
  } catch (err) {
    return { refused: isCleanRefusal(reader, err) ? 'clean' : 'crash', message: String(err).slice(0, 120) };
  }
}

// ---------------------------------------------------------------- correctness

type Case = { name: string; chunks: string[]; delimiter?: string; check: (outcome: Outcome) => boolean };

const cellsOf = (o: Outcome) => ('rows' in o ? o.rows.map((r) => r.cells) : null);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const CASES: Case[] = [
  ...CSV_READING_CASES.map(([name, text, expected]) => ({
    name,
    chunks: [text],
    check: (o: Outcome) => sameJson(cellsOf(o), expected),
  })),
  {
    name: 'numbers each record by the line it starts on',
    chunks: ['h1,h2\r\n"multi\r\nline",x\r\nnext,y\n'],
    check: (o) =>
      'rows' in o &&
      sameJson(
        o.rows.map((r) => r.line),
        [1, 2, 4],
      ),
  },
  {
    name: 'a CRLF split across chunks is one line break',
    chunks: ['a\r', '\nb\r\n"c', '\r', '\nd"\r\ne'],
    check: (o) =>
      'rows' in o &&
      sameJson(
        o.rows.map((r) => [r.line, r.cells]),
        [
          [1, ['a']],
          [2, ['b']],
          [3, ['c\r\nd']],
          [5, ['e']],
        ],
      ),
  },
  {
    name: 'refuses a quoted field that runs over several lines to the end',
    chunks: ['a,b\n"oops,1\n2,3\n'],
    check: (o) => 'refused' in o && o.refused === 'clean',
  },
  {
    name: 'refuses a quoted field that never closes over 1 MiB of lines',
    chunks: ['a,"', ...Array.from({ length: 64 }, () => 'x\n'.repeat(16 * 1024))],
    check: (o) => 'refused' in o && o.refused === 'clean',
  },
];

/** How each reader does on the fixed cases: passes, and the names of those it fails. */
async function runCases(reader: ReaderId): Promise<{ passed: number; failed: string[] }> {
  const failed: string[] = [];
  for (const c of CASES) if (!c.check(await readOutcome(reader, c.chunks, c.delimiter ?? ','))) failed.push(c.name);
  return { passed: CASES.length - failed.length, failed };
}

const ROUND_TRIP_RUNS = 400;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** csv-parser.test.ts's property: any table written with any delimiter, line break, quoting and chunking reads back. */
function sampleRoundTrips(): { table: string[][]; delimiter: string; chunks: string[] }[] {
  const arbitrary = fc.record({
    table: fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 5 }), {
      minLength: 1,
      maxLength: 8,
    }),
    delimiter: fc.constantFrom(...DELIMITERS),
    lineBreak: fc.constantFrom<'\n' | '\r\n' | '\r'>('\n', '\r\n', '\r'),
    isQuotingAll: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 10 }),
  });
  return fc.sample(arbitrary, { numRuns: ROUND_TRIP_RUNS, seed: 31 }).map((s) => {
    const text = writeCsvText(s.table, {
      delimiter: s.delimiter,
      lineBreak: s.lineBreak,
      isQuotingAll: s.isQuotingAll,
    });
    const points = [...new Set(s.cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
    const chunks: string[] = [];
    let from = 0;
    for (const p of points) {
      chunks.push(text.slice(from, p));
      from = p;
    }
    chunks.push(text.slice(from));
    return { table: s.table, delimiter: s.delimiter, chunks };
  });
}

const FUZZ_SEED = encodeText(FUZZ_SEED_CSV, 'utf-8');
const FUZZ_TIME_LIMIT_MS = 10_000;

/** The fuzz corpus as text: mutated seeds and random bytes (400 + 300, as in fuzz.test.ts), fixed seeds. */
function sampleFuzzCorpus(): string[] {
  const decoder = new TextDecoder('utf-8');
  const mutated = fc
    .sample(fc.array(fileMutation, { minLength: 1, maxLength: 6 }), { numRuns: 400, seed: 31 })
    .map((mutations) => mutateFile(FUZZ_SEED, mutations));
  const random = fc.sample(fc.uint8Array({ maxLength: 4096 }), { numRuns: 300, seed: 31 });
  return [...mutated, ...random].map((bytes) => decoder.decode(bytes));
}

/** Same rows (and lines, where the reader reports them: papaparse does not), or both refused. */
function isSameOutcome(reader: ReaderId, outcome: Outcome, own: Outcome): boolean {
  if ('refused' in outcome || 'refused' in own) return 'refused' in outcome && 'refused' in own;
  return reader === 'papaparse' ? sameJson(cellsOf(outcome), cellsOf(own)) : sameJson(outcome, own);
}

type FuzzResult = { handled: number; crashed: number; slow: number; sameAsOwn: number };

function brokerFixtures(): { name: string; text: string; delimiter: string }[] {
  const dir = join(root, 'test/fixtures/import/brokers');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .flatMap((name) => {
      const bytes = new Uint8Array(readFileSync(join(dir, name)));
      const sniff = sniffFile(bytes.subarray(0, 64 * 1024), name, bytes.length <= 64 * 1024);
      if (sniff.encoding === null || sniff.delimiter === null) return [];
      const text = new TextDecoder(sniff.encoding === 'windows-1252' ? 'windows-1252' : sniff.encoding, {
        ignoreBOM: false,
      }).decode(bytes);
      return [{ name, text, delimiter: sniff.delimiter }];
    });
}

async function measureCorrectness() {
  const roundTrips = sampleRoundTrips();
  const corpus = sampleFuzzCorpus();
  const fixtures = brokerFixtures();
  const own = {
    fuzz: await Promise.all(corpus.map((text) => readOutcome('own', [text], ','))),
    fixtures: await Promise.all(fixtures.map((f) => readOutcome('own', [f.text], f.delimiter))),
  };
  const results = [];
  for (const reader of READERS) {
    const cases = await runCases(reader);
    let roundTripped = 0;
    for (const r of roundTrips) {
      const outcome = await readOutcome(reader, r.chunks, r.delimiter);
      if (sameJson(cellsOf(outcome), r.table)) roundTripped++;
    }
    const fuzz: FuzzResult = { handled: 0, crashed: 0, slow: 0, sameAsOwn: 0 };
    for (const [i, text] of corpus.entries()) {
      const started = performance.now();
      const outcome = await readOutcome(reader, [text], ',');
      const ms = performance.now() - started;
      if (ms > FUZZ_TIME_LIMIT_MS) fuzz.slow++;
      else if ('refused' in outcome && outcome.refused === 'crash') fuzz.crashed++;
      else fuzz.handled++;
      if (isSameOutcome(reader, outcome, own.fuzz[i]!)) fuzz.sameAsOwn++;
    }
    const differentFixtures: string[] = [];
    for (const [i, f] of fixtures.entries()) {
      const outcome = await readOutcome(reader, [f.text], f.delimiter);
      if (!isSameOutcome(reader, outcome, own.fixtures[i]!)) differentFixtures.push(f.name);
    }
    results.push({ reader, cases, roundTripped, fuzz, differentFixtures });
  }
  return { results, roundTrips: roundTrips.length, corpus: corpus.length, fixtures: fixtures.length };
}

// ---------------------------------------------------------------- speed and memory

type Measurement = {
  reader: ReaderId | 'none';
  rows: number;
  cells: number;
  ms: number;
  /** CPU time of the process while reading (user + system): less swayed than wall time by other work on the machine. */
  cpuMs: number;
  baselineRssMb: number;
  peakRssMb: number;
};

/** One timed read of a file (in this process, which was started for it). `none` only reads the chunks. */
async function measureOne(reader: ReaderId | 'none', path: string): Promise<Measurement> {
  const chunks = () =>
    createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES }) as AsyncIterable<string>;
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  let rows = 0;
  let cells = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  if (reader === 'none') {
    for await (const chunk of chunks()) cells += chunk.length > 0 ? 1 : 0;
  } else {
    await readChunks(reader, chunks(), ',', (row) => {
      rows++;
      cells += row.cells.length;
    });
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { reader, rows, cells, ms, cpuMs, baselineRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Every field quoted, as several brokers write them (Fidelity, Schwab): the quoted path's cost. */
async function writeQuotedCopy(from: string, to: string): Promise<void> {
  const text = readFileSync(from, 'utf8');
  await writeFile(
    to,
    text
      .split('\n')
      .map((line) =>
        line === ''
          ? line
          : line
              .split(',')
              .map((f) => `"${f}"`)
              .join(','),
      )
      .join('\n'),
  );
}

function runChild(reader: ReaderId | 'none', path: string): Measurement {
  const run = spawnSync(join(root, 'node_modules/.bin/tsx'), [import.meta.filename, '--one', reader, '--file', path], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`csv-readers: ${reader} on ${path} exited ${run.status}`);
  return JSON.parse(run.stdout) as Measurement; // printed by this script's --one mode
}

async function measureSpeed(rows: number, runs: number) {
  const dir = await mkdtemp(join(tmpdir(), 'edgebook-csv-readers-'));
  try {
    const plain = join(dir, 'plain.csv');
    const quoted = join(dir, 'quoted.csv');
    await writeCsv(plain, rows);
    await writeQuotedCopy(plain, quoted);
    const files = [
      { label: 'plain', path: plain, mb: readFileSync(plain).length / 2 ** 20 },
      { label: 'every field quoted', path: quoted, mb: readFileSync(quoted).length / 2 ** 20 },
    ];
    const out = [];
    for (const file of files) {
      const byReader = new Map<string, Measurement[]>();
      for (let run = 0; run < runs; run++) {
        for (const reader of ['none', ...READERS] as const) {
          const m = runChild(reader, file.path);
          if (reader !== 'none' && m.rows !== rows + 1) throw new Error(`${reader} read ${m.rows} rows of ${rows + 1}`);
          byReader.set(reader, [...(byReader.get(reader) ?? []), m]);
          console.error(
            `csv-readers: ${file.label} run ${run + 1}/${runs} ${reader}: ${m.ms.toFixed(0)} ms, ${m.peakRssMb.toFixed(0)} MB`,
          );
        }
      }
      out.push({
        ...file,
        readers: [...byReader].map(([reader, ms]) => ({
          reader,
          ms: median(ms.map((m) => m.ms)),
          msRange: [Math.min(...ms.map((m) => m.ms)), Math.max(...ms.map((m) => m.ms))],
          cpuMs: median(ms.map((m) => m.cpuMs)),
          peakRssMb: median(ms.map((m) => m.peakRssMb)),
          aboveBaselineMb: median(ms.map((m) => m.peakRssMb - m.baselineRssMb)),
        })),
      });
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

function valueOf(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index === -1 ? undefined : process.argv[index + 1];
}

const one = valueOf('--one');
if (one !== undefined) {
  const reader = one as ReaderId | 'none'; // from runChild, which passes only these
  console.log(JSON.stringify(await measureOne(reader, valueOf('--file') ?? '')));
} else {
  const rows = Number(valueOf('--rows') ?? 200_000);
  const runs = Number(valueOf('--runs') ?? 5);
  const speed = await measureSpeed(rows, runs);
  const correctness = await measureCorrectness();
  const name = (r: string) => (r === 'own' ? 'own (csv-parser.ts)' : r === 'none' ? '(reading the file only)' : r);
  const speedTables = speed
    .map(
      (
        f,
      ) => `**${rows.toLocaleString('en-US')} rows, ${f.label}** (${f.mb.toFixed(1)} MB): median of ${runs} runs, each in a fresh process.

| Reader | Wall time (ms) | Range (ms) | CPU time (ms) | Rows per CPU second | Peak RSS (MB) | Above the process's start (MB) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${f.readers
  .map(
    (r) =>
      `| ${name(r.reader)} | ${r.ms.toFixed(0)} | ${r.msRange[0]!.toFixed(0)}–${r.msRange[1]!.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${r.reader === 'none' ? '' : Math.round(((rows + 1) / r.cpuMs) * 1000).toLocaleString('en-US')} | ${r.peakRssMb.toFixed(0)} | ${r.aboveBaselineMb.toFixed(0)} |`,
  )
  .join('\n')}`,
    )
    .join('\n\n');
  const c = correctness;
  const correctnessTable = `| Reader | Fixed cases (of ${CASES.length}) | Round trips (of ${c.roundTrips}) | Fuzz corpus: rows or a clean refusal in < 10 s (of ${c.corpus}) | Fuzz: same outcome as own | Broker fixtures read as own does (of ${c.fixtures}) |
| --- | ---: | ---: | ---: | ---: | ---: |
${c.results
  .map(
    (r) =>
      `| ${name(r.reader)} | ${r.cases.passed} | ${r.roundTripped} | ${r.fuzz.handled}${r.fuzz.crashed ? ` (${r.fuzz.crashed} crashed)` : ''}${r.fuzz.slow ? ` (${r.fuzz.slow} slow)` : ''} | ${r.fuzz.sameAsOwn} | ${c.fixtures - r.differentFixtures.length} |`,
  )
  .join('\n')}

Fixed cases failed:
${c.results.map((r) => `- ${name(r.reader)}: ${r.cases.failed.length ? r.cases.failed.join('; ') : 'none'}`).join('\n')}

Broker fixtures read differently from own:
${c.results.map((r) => `- ${name(r.reader)}: ${r.differentFixtures.length ? r.differentFixtures.join(', ') : 'none'}`).join('\n')}`;
  console.log(`## CSV readers: own, papaparse ${readVersion('papaparse')}, csv-parse ${readVersion('csv-parse')}

\`tsx scripts/bench/csv-readers.ts --rows ${rows} --runs ${runs}\`. Each reader gets the same UTF-8 text
chunks of ${CHUNK_BYTES / 1024} KiB from disk and hands rows on one at a time, as the import does
(papaparse through its Node-stream input with \`step\`; csv-parse through its stream API with
\`relax_quotes\`, \`relax_column_count\`, \`max_record_size\` and \`info\` for line numbers).

${speedTables}

${correctnessTable}
`);
  // The import's reader is held to its own tests' expectations: a miss here is a regression.
  const own = correctness.results.find((r) => r.reader === 'own');
  if (
    own &&
    (own.cases.failed.length > 0 || own.roundTripped < correctness.roundTrips || own.fuzz.handled < correctness.corpus)
  )
    process.exitCode = 1;
}

function readVersion(pkg: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
}
