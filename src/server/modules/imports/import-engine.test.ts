import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError, openSpreadsheetHere, toChunks } from '../../../core/import/table';
import { normaliseRows } from '../../../core/import/normalise/normalise-rows';
import {
  analyseUpload,
  FIRST_CHUNK_ROWS,
  normaliseParams,
  normaliseUpload,
  SMALL_CHUNK_ROWS,
  toHeaderSignature,
  WHOLE_FILE_ROWS,
  type NormalisedRow,
} from './import-engine';
import { LONG_FILE_MS } from '../../../../test/helpers/timeouts';

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
  });

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

describe('analysing a file again with what an earlier analysis knew', () => {
  /** A long generic CSV, oldest first (a fill every 10 s), and a counter of the bytes read from it. */
  function longFile(rows: number) {
    let text = 'Date,Time,Symbol,Side,Quantity,Price\n';
    for (let i = 0; i < rows; i += 1) {
      const at = new Date(Date.UTC(2025, 2, 3) + i * 10_000).toISOString();
      const date = `${at.slice(5, 7)}/${at.slice(8, 10)}/${at.slice(0, 4)}`;
      text += `${date},${at.slice(11, 19)},AAPL,${i % 2 ? 'SELL' : 'BUY'},10,200.00\n`;
    }
    const bytes = new TextEncoder().encode(text);
    const read = { bytes: 0 };
    const open = async function* () {
      for await (const chunk of toChunks(bytes, 1024)) {
        read.bytes += chunk.length;
        yield chunk;
      }
    };
    return { bytes, read, open };
  }
  const options = {
    fileName: 'long.csv',
    accountTimeZone: 'UTC',
    maxBytes: 1 << 24,
    openSpreadsheet: openSpreadsheetHere,
  };

  it('reads only the first rows, and detects and normalises exactly as the full analysis did', async () => {
    const file = longFile(50_000);
    const full = await analyseUpload(file.open, options);
    expect(file.read.bytes).toBe(file.bytes.length);

    file.read.bytes = 0;
    // As the import's worker does: the analysis's own replay options.
    const again = await analyseUpload(file.open, { ...full.replay, openSpreadsheet: openSpreadsheetHere });
    expect(file.read.bytes).toBeLessThan(file.bytes.length / 10);
    expect(again.rowCount).toBe(50_000);
    expect(again.detected).toEqual(full.detected);

    const rowsOf = async (analysis: typeof full) => {
      const out = [];
      for await (const row of normaliseUpload(file.open, analysis, { openSpreadsheet: openSpreadsheetHere }))
        out.push(row);
      return out;
    };
    expect(await rowsOf(again)).toEqual(await rowsOf(full));
  });

  it('numbers a long file’s fills by their place among its rows, whatever lines come between', async () => {
    // Past WHOLE_FILE_ROWS the file is normalised in chunks; blank lines between rows still make
    // no order beyond the row count (the import reserves that many entry-order numbers).
    const rows = WHOLE_FILE_ROWS + 500;
    let text = 'Date,Time,Symbol,Side,Quantity,Price\n';
    for (let i = 0; i < rows; i += 1) {
      const at = new Date(Date.UTC(2025, 2, 3) + i * 10_000).toISOString();
      text += `${at.slice(5, 7)}/${at.slice(8, 10)}/${at.slice(0, 4)},${at.slice(11, 19)},AAPL,${i % 2 ? 'SELL' : 'BUY'},10,200.00\n`;
      if (i % 1_000 === 0) text += '\n\n';
    }
    const bytes = new TextEncoder().encode(text);
    const open = () => toChunks(bytes, 1 << 16);
    const lastRow = text.trimEnd().split('\n').at(-1)!.split(',');
    // Counted before, with a last row dated before the first when the file is to be newest first.
    const lastRowIf = (isNewestFirst: boolean) => (isNewestFirst ? ['01/02/2020', ...lastRow.slice(1)] : lastRow);
    for (const isNewestFirst of [false, true]) {
      const analysis = await analyseUpload(open, {
        ...options,
        counted: { rowCount: rows, lastRow: lastRowIf(isNewestFirst) },
      });
      const orders: number[] = [];
      for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere }))
        if (row.kind === 'execution') orders.push(row.order);
      expect(orders).toHaveLength(rows);
      expect(new Set(orders).size).toBe(rows);
      expect(Math.min(...orders)).toBe(1);
      expect(Math.max(...orders)).toBe(rows);
      expect(orders[0]).toBe(isNewestFirst ? rows : 1);
    }
  });

  it('hands out a long file’s first fills after reading its first rows, not a whole chunk, and every fill once', async () => {
    // The import stores fills while later ones are read: its first batch must not wait for
    // WHOLE_FILE_ROWS rows to be read and normalised.
    const rows = WHOLE_FILE_ROWS + 20_000;
    const lines = ['Date,Time,Symbol,Side,Quantity,Price'];
    for (let i = 0; i < rows; i += 1) {
      const at = new Date(Date.UTC(2025, 2, 3) + i * 10_000).toISOString();
      lines.push(
        `${at.slice(5, 7)}/${at.slice(8, 10)}/${at.slice(0, 4)},${at.slice(11, 19)},MSFT,${i % 2 ? 'SELL' : 'BUY'},5,400.00`,
      );
    }
    const bytes = new TextEncoder().encode(lines.join('\n'));
    let bytesRead = 0;
    const open = async function* () {
      for await (const chunk of toChunks(bytes, 1 << 14)) {
        bytesRead += chunk.length;
        yield chunk;
      }
    };
    const analysis = await analyseUpload(open, {
      ...options,
      counted: { rowCount: rows, lastRow: lines.at(-1)!.split(',') },
    });
    bytesRead = 0;
    let readAtFirst: number | null = null;
    const orders: number[] = [];
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere })) {
      if (row.kind !== 'execution') continue;
      readAtFirst ??= bytesRead;
      orders.push(row.order);
    }
    // A row is about 40 bytes; the reader reads ahead by a block.
    expect(readAtFirst).toBeLessThan(FIRST_CHUNK_ROWS * 40 + 2 * (1 << 14));
    expect(orders).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
  });

  it('reads only the first rows after an earlier count, and finds what a full read finds under any mapping', async () => {
    // Two date columns running opposite ways: which is the date decides whether the file is newest first.
    const rows = 20_000;
    let text = 'Trade Date,Symbol,Side,Quantity,Price,Settle Date\n';
    for (let i = 0; i < rows; i += 1) {
      const up = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
      const down = new Date(Date.UTC(2028, 0, 1) - i * 3_600_000).toISOString();
      text += `${up.slice(0, 19)},AAPL,${i % 2 ? 'SELL' : 'BUY'},10,200.00,${down.slice(0, 19)}\n`;
    }
    const bytes = new TextEncoder().encode(text);
    let bytesRead = 0;
    const open = async function* () {
      for await (const chunk of toChunks(bytes, 1024)) {
        bytesRead += chunk.length;
        yield chunk;
      }
    };
    const upload = await analyseUpload(open, options);
    expect(upload.count).toEqual({ rowCount: rows, lastRow: text.trimEnd().split('\n').at(-1)!.split(',') });
    const bySettleDate = {
      columns: [
        { index: 0, role: 'ignore' as const },
        { index: 5, role: 'date' as const },
        { index: 1, role: 'symbol' as const },
        { index: 2, role: 'side' as const },
        { index: 3, role: 'quantity' as const },
        { index: 4, role: 'price' as const },
      ],
    };
    for (const mapping of [undefined, bySettleDate]) {
      const full = await analyseUpload(open, { ...options, ...(mapping ? { mapping } : {}) });
      bytesRead = 0;
      const counted = await analyseUpload(open, {
        ...options,
        ...(mapping ? { mapping } : {}),
        counted: upload.count!,
      });
      expect(bytesRead).toBeLessThan(bytes.length / 10);
      expect(counted.count).toBeNull();
      expect({ rows: counted.rowCount, isNewestFirst: counted.isNewestFirst }).toEqual({
        rows,
        isNewestFirst: mapping !== undefined,
      });
      expect({ rows: full.rowCount, isNewestFirst: full.isNewestFirst }).toEqual({
        rows,
        isNewestFirst: mapping !== undefined,
      });
      expect(counted.replay.counted).toEqual(full.replay.counted);
    }
  });

  it('replays in the order the full analysis found (newest first), though it no longer sees the last row', async () => {
    const file = longFile(1_000);
    const full = await analyseUpload(file.open, options);
    // Counted before with a last row dated before the first: newest first.
    const earlier = ['01/02/2020', '10:00:00', 'AAPL', 'SELL', '10', '200.00'];
    const reversed = await analyseUpload(file.open, { ...options, counted: { rowCount: 1_000, lastRow: earlier } });
    expect(reversed.isNewestFirst).toBe(true);
    const first = async (analysis: typeof full) => {
      for await (const row of normaliseUpload(file.open, analysis, { openSpreadsheet: openSpreadsheetHere }))
        if (row.kind === 'execution') return row.order;
      return null;
    };
    // The file's first row is replayed last when the file is newest first.
    expect(await first(full)).toBe(1);
    expect(await first(reversed)).toBe(1_000);
  });
});

describe('counting a long file on the server’s thread', () => {
  it('lets other work run between the file’s reads, even when they all come at once', async () => {
    let text = 'Date,Time,Symbol,Side,Quantity,Price\n';
    for (let i = 0; i < 150_000; i += 1)
      text += `03/03/2025,10:00:${String(i % 60).padStart(2, '0')},AAPL,BUY,10,200.00\n`;
    const bytes = new TextEncoder().encode(text);
    // Reads as the upload store's (256 KB) that all come at once, as when the disk is ahead of the
    // count: without a turn between them every row would be counted in one turn of the event loop.
    const readBytes = 256 * 1024;
    const open = () => toChunks(bytes, readBytes);
    let isDone = false;
    let turns = 0;
    const tick = () => {
      if (isDone) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const analysis = await analyseUpload(open, {
      fileName: 'long.csv',
      accountTimeZone: 'UTC',
      maxBytes: 1 << 24,
      openSpreadsheet: openSpreadsheetHere,
    });
    isDone = true;
    expect(analysis.rowCount).toBe(150_000);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(bytes.length / readBytes) - 1);
  });
});

describe('a long file normalised chunk by chunk', { timeout: LONG_FILE_MS }, () => {
  /** A long file's lines, each padded to the same length so a byte offset tells its row. */
  const LINE_BYTES = 64;
  const padded = (line: string) => line.padEnd(LINE_BYTES - 1, ' ');
  const dayOf = (index: number) => new Date(Date.UTC(2025, 0, 2) + index * 86_400_000).toISOString().slice(0, 10);

  /**
   * Reads `lines` through the pipeline in blocks of `BLOCK` bytes; answers what came out and, for
   * each fill, how many bytes past the end of its own line the reader had read when it came out.
   */
  const BLOCK = 1 << 14;
  async function readLong(lines: string[]) {
    const bytes = new TextEncoder().encode(`${lines.map(padded).join('\n')}\n`);
    let bytesRead = 0;
    const open = async function* () {
      for await (const chunk of toChunks(bytes, BLOCK)) {
        bytesRead += chunk.length;
        yield chunk;
      }
    };
    const fileOptions = {
      fileName: 'long.csv',
      accountTimeZone: 'UTC',
      maxBytes: 1 << 26,
      openSpreadsheet: openSpreadsheetHere,
    };
    const analysis = await analyseUpload(open, fileOptions);
    expect(analysis.rowCount).toBeGreaterThan(WHOLE_FILE_ROWS);
    bytesRead = 0;
    const out: NormalisedRow[] = [];
    const readAhead: number[] = [];
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere })) {
      out.push(row);
      if (row.kind === 'execution') readAhead.push(bytesRead - row.row * LINE_BYTES);
    }
    return { analysis, out, readAhead };
  }

  /** The file's option fills and the rows skipped for an execution id seen before, by row. */
  const optionRows = async (lines: string[]) => {
    const { analysis, out: rows } = await readLong(lines);
    const out: { side?: string; price?: string; row: number; reason?: string }[] = [];
    for (const row of rows) {
      if (row.kind === 'execution' && row.execution.assetClass === 'option')
        out.push({ side: row.execution.side, price: row.execution.price, row: row.row });
      if (row.kind === 'skipped' && /execution id/.test(row.reason)) out.push({ row: row.row, reason: row.reason });
    }
    return { analysis, out: out.sort((a, b) => a.row - b.row) };
  };

  it('closes a short option at expiration though it was opened chunks before', async () => {
    // A put sold at the start, stock fills past the first chunks, then its expiration: a row
    // without a side, which closes whatever the file left open in it (here: buys it back).
    const lines = ['Date,Underlying,Expiry,Strike,Right,Qty,Price,Action'];
    lines.push('2025-01-02,AMD,2025-01-17,110,P,1,3.20,Sell');
    const stockRows = WHOLE_FILE_ROWS + 5_000;
    for (let i = 0; i < stockRows; i += 1)
      lines.push(`2025-01-0${3 + (i % 5)},AAPL,,,,10,200.00,${i % 2 ? 'Sell' : 'Buy'}`);
    lines.push('2025-01-17,AMD,2025-01-17,110,P,1,,Expired');
    const { out } = await optionRows(lines);
    expect(out).toEqual([
      { side: 'sell', price: '3.2', row: 2 },
      { side: 'buy', price: '0', row: stockRows + 3 },
    ]);
  });

  it('does not carry a newest-first file’s later fills into the positions of its earlier ones', async () => {
    // Newest first: a call bought on the 10th, stock, then (older) a call sold on the 3rd and
    // assigned on the 4th. The assignment closes the short of the 3rd: it buys.
    const lines = ['Date,Underlying,Expiry,Strike,Right,Qty,Price,Action'];
    lines.push('2025-01-10,AMD,2025-01-17,110,C,5,2.00,Buy');
    for (let i = 0; i < WHOLE_FILE_ROWS + 5_000; i += 1)
      lines.push(`2025-01-0${9 - (i % 5)},AAPL,,,,10,200.00,${i % 2 ? 'Sell' : 'Buy'}`);
    lines.push('2025-01-04,AMD,2025-01-17,110,C,1,,Assigned', '2025-01-03,AMD,2025-01-17,110,C,1,3.00,Sell');
    const { analysis, out } = await optionRows(lines);
    expect(analysis.isNewestFirst).toBe(true);
    expect(out.map(({ side, price }) => [side, price])).toEqual([
      ['buy', '2'],
      ['buy', '0'],
      ['sell', '3'],
    ]);
  });

  it('leaves a fill listed again in a later chunk out of the positions', async () => {
    // C1 bought, listed again after 100,000 rows (skipped), C2 sold twice as many: short one, so
    // the expiration buys one back.
    const lines = ['Date,Underlying,Expiry,Strike,Right,Qty,Price,Action,Execution ID'];
    lines.push('2025-01-02,AMD,2025-01-17,110,C,1,2.00,Buy,C1');
    const stockRows = WHOLE_FILE_ROWS + 5_000;
    for (let i = 0; i < stockRows; i += 1)
      lines.push(`2025-01-0${3 + (i % 5)},AAPL,,,,10,200.00,${i % 2 ? 'Sell' : 'Buy'},S${i}`);
    lines.push(
      '2025-01-08,AMD,2025-01-17,110,C,1,2.00,Buy,C1',
      '2025-01-09,AMD,2025-01-17,110,C,2,2.50,Sell,C2',
      '2025-01-17,AMD,2025-01-17,110,C,1,,Expired,',
    );
    const { out } = await optionRows(lines);
    expect(out).toEqual([
      { side: 'buy', price: '2', row: 2 },
      { row: stockRows + 3, reason: 'duplicate of row 2 (same execution id)' },
      { side: 'sell', price: '2.5', row: stockRows + 4 },
      { side: 'buy', price: '0', row: stockRows + 5 },
    ]);
  });

  it('comes out as the whole file read at once would: ids listed again, problems, non-trades and expirations across chunks', async () => {
    // In time order (a day per 1,000 rows), so its chunks stay small: what carries from chunk to
    // chunk must give what normalising every row at once gives.
    const lines = ['Date,Symbol,Qty,Price,Action,Execution ID'];
    const rows = WHOLE_FILE_ROWS + 7_000;
    for (let i = 0; i < rows; i += 1) {
      const date = dayOf(Math.floor(i / 1_000));
      if (i === 10) lines.push(`${date},AMD250620P00110000,1,3.20,Sell,P1`);
      else if (i === rows - 10) lines.push(`${date},AMD250620P00110000,1,,Expired,`);
      else if (i % 7_919 === 0 && i > 0) lines.push(`${date},AAPL,10,200.00,Buy,S${i - 3_001}`);
      else if (i % 10_007 === 0) lines.push(`${date},AAPL,10,abc,Buy,S${i}`);
      else if (i % 12_343 === 0) lines.push(`${date},AAPL,,,Dividend,D${i}`);
      else lines.push(`${date},AAPL,10,200.00,${i % 2 ? 'Sell' : 'Buy'},S${i}`);
    }
    const { analysis, out } = await readLong(lines);

    const whole = normaliseRows({
      ...normaliseParams(analysis, false),
      rows: lines.slice(1).map((line, i) => ({ line: i + 2, cells: padded(line).split(',') })),
    });
    const fills = out.flatMap((row) => (row.kind === 'execution' ? [row] : [])).sort((a, b) => a.order - b.order);
    expect(
      fills.map(({ row, execution: e }) => [row, e.executedAt, e.symbol, e.side, e.quantity, e.price, e.brokerExecId]),
    ).toEqual(
      whole.executions.map((e) => [e.row, e.executedAt, e.symbol, e.side, e.quantity, e.price, e.brokerExecId]),
    );
    const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
    expect(out.filter((row) => row.kind === 'skipped').sort(byRow)).toEqual(
      whole.skipped.map(({ duplicateOf: _, ...row }) => ({ kind: 'skipped', ...row })),
    );
    expect(out.filter((row) => row.kind === 'problem').map((row) => row.row)).toEqual(
      whole.problems.map((row) => row.row),
    );
    // What the file holds, so the comparison above covers each rule.
    expect(whole.skipped.filter((row) => /duplicate of row/.test(row.reason))).toHaveLength(13);
    expect(whole.problems.length).toBeGreaterThan(5);
    expect(whole.executions.find((e) => e.assetClass === 'option' && e.price === '0')?.side).toBe('buy');
  });

  it('drops a fill whose cancelling row comes chunks later, as the whole file read at once would', async () => {
    // An IBKR Flex trade confirmation: the fill of trade T10 is cancelled by a TradeCancel row
    // (naming it by OrigTradeID) past WHOLE_FILE_ROWS rows, so in a chunk long after its own.
    const header =
      'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,TransactionType,TradeID,ExecID,OrigTradeID,Date/Time,Buy/Sell,Quantity,Price,Proceeds,Commission,Code,LevelOfDetail';
    const stamp = (second: number) => {
      const at = new Date(Date.UTC(2025, 0, 6, 14, 30) + second * 1_000).toISOString();
      return `${at.slice(0, 10).replaceAll('-', '')};${at.slice(11, 19).replaceAll(':', '')}`;
    };
    const rows = WHOLE_FILE_ROWS + 3_000;
    const lines = [header];
    for (let i = 0; i < rows; i += 1) {
      const [side, quantity, proceeds] = i % 2 === 0 ? ['BUY', '10', '-1852'] : ['SELL', '-10', '1852'];
      lines.push(
        `U1,USD,STK,AAPL,ExchTrade,T${i},E${i},,${stamp(i)},${side},${quantity},185.20,${proceeds},-0.35,O,EXECUTION`,
      );
    }
    lines.push(`U1,USD,STK,AAPL,TradeCancel,C1,EC1,T10,${stamp(rows)},BUY (Ca.),-10,185.20,1852,0.35,Ca,EXECUTION`);
    // An order's summary line is no execution: it cancels nothing, as in a file read at once.
    lines.push(`U1,USD,STK,AAPL,TradeCancel,C2,,T12,${stamp(rows + 1)},BUY (Ca.),-10,185.20,1852,0.35,Ca,ORDER`);
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const open = () => toChunks(bytes, BLOCK);
    const analysis = await analyseUpload(open, {
      fileName: 'flex.csv',
      accountTimeZone: 'UTC',
      maxBytes: 1 << 26,
      openSpreadsheet: openSpreadsheetHere,
    });
    expect(analysis.detection.preset?.id).toBe('interactive-brokers');
    expect(analysis.rowCount).toBeGreaterThan(WHOLE_FILE_ROWS);
    const out: NormalisedRow[] = [];
    for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: openSpreadsheetHere })) out.push(row);

    const fills = out.flatMap((row) => (row.kind === 'execution' ? [row] : []));
    expect(fills).toHaveLength(rows - 1);
    expect(fills.some((row) => row.execution.brokerExecId === 'E10')).toBe(false);
    expect(fills.some((row) => row.execution.brokerExecId === 'E12')).toBe(true);
    expect(out.filter((row) => row.kind === 'skipped')).toEqual([
      { kind: 'skipped', row: 12, reason: 'cancelled later in the file' },
      { kind: 'skipped', row: rows + 2, reason: 'cancels execution T10' },
      { kind: 'skipped', row: rows + 3, reason: 'order summary line' },
    ]);
    const whole = normaliseRows({
      ...normaliseParams(analysis, false),
      rows: lines.slice(1).map((line, i) => ({ line: i + 2, cells: line.split(',') })),
    });
    expect(fills.map((row) => [row.row, row.execution.brokerExecId, row.execution.side])).toEqual(
      whole.executions.map((e) => [e.row, e.brokerExecId, e.side]),
    );
  });

  it('hands out each fill of a long file in time order before reading more than a small chunk past it', async () => {
    const lines = ['Date,Symbol,Qty,Price,Action'];
    for (let i = 0; i < WHOLE_FILE_ROWS + 20_000; i += 1)
      lines.push(`${dayOf(Math.floor(i / 1_000))},MSFT,5,400.00,${i % 2 ? 'Sell' : 'Buy'}`);
    const { readAhead } = await readLong(lines);
    expect(readAhead).toHaveLength(WHOLE_FILE_ROWS + 20_000);
    // A chunk is read whole before its first fill comes out; the reader reads ahead by a block.
    expect(Math.max(...readAhead)).toBeLessThanOrEqual(SMALL_CHUNK_ROWS * LINE_BYTES + 2 * BLOCK);
  });

  it('puts a long file out of time order in order a larger chunk at a time', async () => {
    // Each 3,000 rows run backwards in time: every chunk is out of order, so chunks grow to
    // WHOLE_FILE_ROWS, and each comes out in time order.
    const lines = ['Date,Time,Symbol,Qty,Price,Action'];
    const rows = WHOLE_FILE_ROWS + 20_000;
    for (let i = 0; i < rows; i += 1) {
      const block = Math.floor(i / 3_000);
      const at = new Date(Date.UTC(2025, 0, 2) + (block * 3_000 + 2_999 - (i % 3_000)) * 10_000).toISOString();
      lines.push(`${at.slice(0, 10)},${at.slice(11, 19)},MSFT,5,400.00,${i % 2 ? 'Sell' : 'Buy'}`);
    }
    const { out, readAhead } = await readLong(lines);
    // The chunks double from the first: the last, the rest of the file, is about 57,000 rows.
    expect(Math.max(...readAhead)).toBeGreaterThan(8 * SMALL_CHUNK_ROWS * LINE_BYTES);
    const times = out.flatMap((row) => (row.kind === 'execution' ? [row.execution.executedAt] : []));
    expect(times).toHaveLength(rows);
    const outOfOrder = times.filter((time, i) => i > 0 && time < times[i - 1]!).length;
    // Only where one chunk ends and the next begins.
    expect(outOfOrder).toBeGreaterThan(0);
    expect(outOfOrder).toBeLessThanOrEqual(7);
  });
});
