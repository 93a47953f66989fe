import { createHash } from 'node:crypto';
import type {
  ImportColumnSource,
  ImportDetectedJson,
  ImportMapping,
  ImportPreviewExecutionJson,
  ImportProblemJson,
  ImportSkippedJson,
} from '../../../contracts/imports';
import type { ExecutionInput } from '../../../contracts/trades';
import { DECIMAL_COLUMNS, toFillTimeRange } from '../../../contracts/input-policy';
import { finishDetection, type DetectedColumn } from '../../../core/import/detect/detect-columns';
import { detectImport, type ImportDetection } from '../../../core/import/detect/detect-import';
import { matchBrokerPreset } from '../../../core/import/detect/presets';
import {
  applyRoleSuggestions,
  toRefinementRequest,
  type AppliedSuggestion,
  type RefinementRequest,
  type RoleSuggestion,
} from '../../../core/import/detect/refine-columns';
import type { ColumnRole } from '../../../core/import/detect/roles';
import { normaliseHeader } from '../../../core/import/detect/synonyms';
import {
  createEdgebookFillReader,
  createEdgebookRowReader,
  type ImportedJournal,
} from '../../../core/import/normalise/edgebook-journal';
import { findJournalProblem } from '../../../core/import/normalise/journal-limits';
import {
  createPositions,
  normaliseRows,
  readCancelledIds,
  readCryptoFillFacts,
  type ImportedExecution,
  type RowLimits,
} from '../../../core/import/normalise/normalise-rows';
import { toFeeBook, type CryptoFillFacts, type FeeBook } from '../../../core/import/normalise/fee-assets';
import { type ImportedPositionEvent } from '../../../core/import/normalise/event-rows';
import { readTable, type OpenSpreadsheet, type TableLayout, type TableRow } from '../../../core/import/table';
import { parseDateTime } from '../../../core/import/values/dates';
import { yieldToIncomingRequests } from '../../event-loop';

/**
 * The import pipeline over an uploaded file: detection and preview (one streaming pass that also
 * counts the rows), and the normalised rows for commit. Pure core does the work; this wires it
 * to a file that is read again from disk for each pass.
 */

/** Rows detection looks at. */
const SAMPLE_ROWS = 200;
/** Executions the preview shows. */
const PREVIEW_EXECUTIONS = 20;
/**
 * Files up to this many rows are normalised whole (every cross-row rule applies across the file);
 * longer ones in chunks of at most this size (FIRST_CHUNK_ROWS), with the file-wide rules (order,
 * duplicate ids, the ids that cancelling rows name, and in a file in time order the positions of
 * options and futures) carried over. Identical rows of a statement that lists fills twice (no
 * layout does so far) count within their chunk only; a chunk out of time order is put in order
 * whole, and an instrument whose fills come out of order across chunks is rebuilt from the
 * database at the end of the import (batch-grouping.ts).
 */
export const WHOLE_FILE_ROWS = 100_000;
/**
 * A long file's first chunk. Each chunk is normalised whole before its first row comes out, so a
 * first chunk of WHOLE_FILE_ROWS kept the import waiting seconds before it could store anything;
 * the chunks double from this size up to
 * WHOLE_FILE_ROWS, each normalised while the rows of the one before are stored.
 */
export const FIRST_CHUNK_ROWS = 1_000;
/**
 * A long file's chunks after one in time order have this size when nothing in the file looks
 * across rows further than what is carried from chunk to chunk: a layout without a row hook (which
 * may read other rows or cancel earlier ones) and without identical rows counted once, in time
 * order (not newest first). Its fills then come out the same whatever the chunks' sizes, except
 * that a side-less expiration, assignment or exercise of an instrument other than an option or
 * future closes only what its own chunk opened. Small chunks' rows die young; a chunk of
 * WHOLE_FILE_ROWS lived long enough for the collector to copy each of its rows twice, a good part
 * of the worker's time in a long file. After a chunk out of time order the
 * next is twice as large (up to WHOLE_FILE_ROWS): each chunk is put in time order whole, so a file
 * out of order streams better in larger ones.
 */
export const SMALL_CHUNK_ROWS = 4_000;
/** The fills a chunk's normalised rows come out in at a time (normaliseUploadInChunks). */
const SLICE_ROWS = 2_000;

/** Reads a long file for a pass of its own, in chunks of SMALL_CHUNK_ROWS (rows die young). */
async function readFileInChunks(
  reader: Awaited<ReturnType<typeof readTable>>,
  read: (rows: TableRow[]) => void,
): Promise<void> {
  let rows: TableRow[] = [];
  for await (const batch of reader.batches) {
    for (const row of batch) {
      rows.push(row);
      if (rows.length === SMALL_CHUNK_ROWS) {
        read(rows);
        rows = [];
      }
    }
  }
  read(rows);
}

/** The execution ids a long file's rows cancel, read in a pass of their own (readCancelledIds). */
async function readFileCancelledIds(
  reader: Awaited<ReturnType<typeof readTable>>,
  params: ReturnType<typeof normaliseParams>,
): Promise<Set<string>> {
  const ids = new Set<string>();
  await readFileInChunks(reader, (rows) => {
    for (const id of readCancelledIds({ ...params, rows })) ids.add(id);
  });
  return ids;
}

/**
 * A long crypto file's fee book (toFeeBook over readCryptoFillFacts), read in a pass of its own:
 * rates for fees in a third asset and each pair's step come from the whole file, not one chunk.
 */
async function readFileFeeBook(
  reader: Awaited<ReturnType<typeof readTable>>,
  params: ReturnType<typeof normaliseParams>,
): Promise<FeeBook> {
  const fills: CryptoFillFacts[] = [];
  await readFileInChunks(reader, (rows) => {
    for (const fill of readCryptoFillFacts({ ...params, rows })) fills.push(fill);
  });
  return toFeeBook(fills);
}

/** A file's rows counted to the end, and its last row (see AnalyseOptions.counted). */
export type FileCount = { rowCount: number; lastRow: string[] };

export type Analysis = {
  detected: ImportDetectedJson;
  headers: string[];
  detection: ImportDetection;
  preview: {
    executions: ImportPreviewExecutionJson[];
    problems: ImportProblemJson[];
    skipped: ImportSkippedJson[];
  };
  rowCount: number;
  /** Rows listed newest first: replayed in reverse file order. */
  isNewestFirst: boolean;
  /** The file's count and last row, for a later analysis of it (null when read only in part). */
  count: FileCount | null;
  templateApplied: boolean;
  /** The language model's suggestions that were taken (kept with the import, applied again later). */
  suggestions: AppliedSuggestion[];
  fileName: string;
  sheetName: string | null;
  maxBytes: number;
  defaultCurrency: string;
  /** The options that give this analysis again, reading only the first rows (a worker thread replays it for commit). */
  replay: Omit<AnalyseOptions, 'findTemplate' | 'refineColumns' | 'openSpreadsheet'>;
};

export type AnalyseOptions = {
  fileName: string;
  /** The account's zone: the file's local times are read in it unless the layout names another. */
  accountTimeZone: string;
  /** The user's choice of zone for this file: wins over everything. */
  timeZoneOverride?: string;
  maxBytes: number;
  mapping?: ImportMapping;
  sheetName?: string;
  defaultCurrency?: string;
  /** A saved mapping for this header layout, if the user has one. */
  findTemplate?: (headers: string[]) => Promise<ImportMapping | null>;
  /**
   * Asks a language model about the columns the detector is unsure of; answers no suggestions on
   * any failure. Called at most once, only for a generic layout with unsure columns, and only
   * when `suggestions` is not given.
   */
  refineColumns?: (request: RefinementRequest) => Promise<RoleSuggestion[]>;
  /** Suggestions taken at upload, applied again without asking (a later preview, the commit). */
  suggestions?: readonly AppliedSuggestion[];
  /** Reads workbooks: the server's reader processes (spreadsheet-reader.ts), never SheetJS in this thread. */
  openSpreadsheet: OpenSpreadsheet;
  /**
   * What an earlier analysis of the same file (and sheet) counted, whatever its mapping: given,
   * only the first rows are read, and whether the file is newest first is decided from its first
   * row and this last one under this analysis's mapping (the commit, after the upload's count; the
   * import's worker, after the commit's analysis).
   */
  counted?: FileCount;
};

/**
 * What commit reads from each data row. `order` is its place in replay order. Edgebook's own CSV
 * also carries each fill's fingerprint (so a re-import adds nothing) and its trade's journal.
 */
export type NormalisedRow =
  | {
      kind: 'execution';
      row: number;
      order: number;
      execution: ExecutionInput;
      fingerprint?: string;
      journal?: ImportedJournal;
    }
  | {
      kind: 'skipped';
      row: number;
      reason: string;
      /**
       * An Edgebook CSV's row skipped as the duplicate of a row in an earlier chunk of a long file,
       * with a journal: it goes to that row's fill if the fill has none (the import runner finds
       * the fill by its source row, since the row was sent on chunks ago).
       */
      journalOf?: { row: number; journal: ImportedJournal };
    }
  | { kind: 'problem'; row: number; message: string }
  | {
      kind: 'event';
      /** Its row (an assignment's shares: the option's row). */
      row: number;
      /**
       * Its place among the file's fills in the import's numbering: a fill of replay order `order`
       * is numbered 2 × order, an event between the fills of orders k and k + 1 is 2k + 1 (one
       * from a row of its own in a long file: 2 × its row's order), so the stored events replay
       * where the file put them (position-events.service.ts).
       */
      slot: number;
      event: ImportedPositionEvent;
    };

/** A documented broker layout's header row: it wins over the shape heuristics in sectioned statements. */
const isBrokerHeader = (headers: string[]) => matchBrokerPreset(headers) !== null;

/** Identifies a header layout whatever the column order: reused mapping templates key on it. */
export function toHeaderSignature(headers: readonly string[]): string {
  const names = headers.map(normaliseHeader).sort();
  return createHash('sha256').update(JSON.stringify(names)).digest('hex');
}

/** The user's column choices over the detected ones; the date and number conventions follow them. */
function applyMapping(
  detection: ImportDetection,
  headers: readonly string[],
  sample: readonly (readonly string[])[],
  mapping: ImportMapping,
): ImportDetection {
  const chosen = new Map(mapping.columns.map((c) => [c.index, c.role]));
  const columns: DetectedColumn[] = detection.columns.map((column) => {
    const role = chosen.get(column.index);
    return role === undefined ? column : { ...column, role, confidence: 1, needsUserChoice: false };
  });
  const finished = finishDetection(headers, columns, sample, { preferredDateOrder: mapping.dateOrder });
  const dateFormat =
    finished.dateFormat &&
    mapping.dateOrder &&
    (finished.dateFormat.order === 'MDY' || finished.dateFormat.order === 'DMY')
      ? { ...finished.dateFormat, order: mapping.dateOrder, isAmbiguous: false }
      : finished.dateFormat;
  return {
    ...detection,
    ...finished,
    dateFormat,
    timeZone: detection.timeZone,
    decimalSeparator: mapping.decimalSeparator ?? finished.decimalSeparator,
    needsUserChoice: finished.missingRoles.length > 0,
  };
}

function toExecutionInput(execution: ImportedExecution): ExecutionInput {
  return {
    executedAt: execution.executedAt,
    ...(execution.executedOn === undefined ? {} : { executedOn: execution.executedOn }),
    symbol: execution.symbol,
    ...(execution.brokerSymbol === undefined ? {} : { brokerSymbol: execution.brokerSymbol }),
    side: execution.side,
    quantity: execution.quantity,
    price: execution.price,
    commission: execution.commission,
    fees: execution.fees,
    assetClass: execution.assetClass,
    multiplier: execution.multiplier,
    currency: execution.currency,
    ...(execution.brokerExecId ? { brokerExecId: execution.brokerExecId } : {}),
    ...(execution.quantityStep === undefined ? {} : { quantityStep: execution.quantityStep }),
    ...(execution.unconvertedFee === undefined ? {} : { unconvertedFee: execution.unconvertedFee }),
    ...(execution.broker === undefined ? {} : { broker: execution.broker }),
  } as ExecutionInput;
}

function toPreviewExecution(execution: ImportedExecution): ImportPreviewExecutionJson {
  return {
    row: execution.row,
    executedAt: execution.executedAt,
    ...(execution.executedOn === undefined ? {} : { executedOn: execution.executedOn }),
    symbol: execution.symbol,
    side: execution.side,
    quantity: execution.quantity,
    price: execution.price,
    commission: execution.commission,
    fees: execution.fees,
    assetClass: execution.assetClass,
  };
}

const SAMPLE_VALUES = 3;

function toSamples(rows: readonly TableRow[], index: number): string[] {
  const values: string[] = [];
  for (const row of rows) {
    const value = (row.cells[index] ?? '').trim();
    if (value !== '' && !values.includes(value)) values.push(value.slice(0, 80));
    if (values.length === SAMPLE_VALUES) break;
  }
  return values;
}

/** "Row 14: no price." → "no price.": the row is its own field. */
const withoutRowPrefix = (message: string) => message.replace(/^Row \d+:\s*/, '');

function toDetectedJson(
  layout: TableLayout,
  detection: ImportDetection,
  sample: readonly TableRow[],
  sourceOf: (index: number) => ImportColumnSource,
): ImportDetectedJson {
  return {
    broker: detection.broker,
    brokerVariant: detection.preset?.variant ?? null,
    fileType: layout.fileType,
    encoding: layout.encoding,
    delimiter: layout.delimiter,
    headerRow: layout.headerRowIndex + 1,
    sheetName: layout.sheetName,
    sheetNames: layout.sheetNames,
    dateFormat: detection.dateFormat?.label ?? null,
    dateAmbiguous: detection.dateFormat?.isAmbiguous ?? false,
    decimalSeparator: detection.decimalSeparator,
    timezone: detection.timeZone,
    columns: detection.columns.map(({ index, header, role, confidence, needsUserChoice }) => ({
      index,
      header,
      role,
      confidence,
      needsUserChoice,
      samples: toSamples(sample, index),
      source: sourceOf(index),
    })),
    // A documented layout's row hooks derive what its columns lack (a symbol from the name…).
    missingRoles: detection.preset ? [] : detection.missingRoles,
  };
}

/** Newest first when the layout says so, or (layouts that don't) when the last date is before the first. */
function isNewestFirst(detection: ImportDetection, firstDate: string, lastDate: string): boolean {
  const order = detection.preset?.conventions.order ?? 'auto';
  if (order !== 'auto') return order === 'newestFirst';
  if (!detection.dateFormat) return false;
  const first = parseDateTime(firstDate, detection.dateFormat.order);
  const last = parseDateTime(lastDate, detection.dateFormat.order);
  if (!first || !last) return false;
  const toKey = (p: NonNullable<typeof first>) =>
    p.epochMs ?? Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond);
  return toKey(last) < toKey(first);
}

/** The input policy's limits for fills read at `now` (src/contracts/input-policy.ts). */
function toRowLimits(now: Date): RowLimits {
  return { fillTime: toFillTimeRange(now), quantity: DECIMAL_COLUMNS.quantity, money: DECIMAL_COLUMNS.money };
}

/**
 * What normaliseRows needs of an analysis, in the file's replay order: rows outside the input
 * policy at `now` (and an Edgebook CSV's journal outside it) are problems of their rows, so the
 * preview shows them and the commit leaves them out.
 */
export function normaliseParams(
  analysis: Pick<Analysis, 'headers' | 'detection' | 'defaultCurrency'>,
  isNewest: boolean,
  now = new Date(),
) {
  const { detection } = analysis;
  const readEdgebookRow = detection.preset?.id === 'edgebook' ? createEdgebookRowReader(analysis.headers) : null;
  const checkCells = readEdgebookRow
    ? (cells: readonly string[]) => {
        const { journal } = readEdgebookRow(cells);
        return journal ? findJournalProblem(journal, DECIMAL_COLUMNS) : null;
      }
    : undefined;
  return {
    limits: toRowLimits(now),
    ...(checkCells ? { checkCells } : {}),
    ...(readEdgebookRow ? { readFillCells: createEdgebookFillReader(analysis.headers) } : {}),
    headers: analysis.headers,
    mapping: detection.mapping,
    dateFormat: { order: detection.dateFormat?.order ?? 'MDY' },
    decimalSeparator: detection.decimalSeparator,
    timeZone: detection.timeZone,
    defaultCurrency: analysis.defaultCurrency,
    preset: detection.preset,
    order: isNewest ? ('newestFirst' as const) : ('oldestFirst' as const),
  };
}

/**
 * Detection and preview: reads the file once, keeps the first rows for detection and preview,
 * counts the rest. Throws ImportFileError for a file that is not a table.
 */
export async function analyseUpload(open: () => AsyncIterable<Uint8Array>, options: AnalyseOptions): Promise<Analysis> {
  const reader = await readTable(open(), {
    fileName: options.fileName,
    sheetName: options.sheetName,
    maxBytes: options.maxBytes,
    recogniseHeader: isBrokerHeader,
    openSpreadsheet: options.openSpreadsheet,
  });
  const { layout } = reader;
  const headers = layout.headers;
  const sample: TableRow[] = [];
  let rowCount = 0;
  let lastRow: TableRow | null = null;
  // Detection needs only the first rows: it (and a language model's answer, which may take
  // seconds) runs while the rest of a long file is counted.
  let detecting: Promise<Detected> | null = null;
  // An earlier read to the end told what the rest of the file holds: only the first rows are read.
  const hasCount = options.counted !== undefined;
  const startDetecting = () => {
    const cells = sample.map((row) => row.cells);
    // In a turn of the event loop of its own: reading the file's start and detecting its columns
    // are each tens of milliseconds of the server's thread.
    detecting = yieldToIncomingRequests().then(() => detectLayout(options, { headers, cells }));
    detecting.catch(() => undefined); // awaited below; not unhandled if reading the file fails first
    return detecting;
  };
  for await (const batch of reader.batches) {
    for (let i = 0; i < batch.length && sample.length < SAMPLE_ROWS; i += 1) {
      sample.push(batch[i]!);
      if (sample.length === SAMPLE_ROWS) startDetecting();
    }
    if (hasCount && sample.length === SAMPLE_ROWS) break; // the count given stands for the rest
    rowCount += batch.length;
    lastRow = batch.at(-1) ?? lastRow;
    // Batches already read come one after another in the same turn of the event loop (the disk
    // is ahead of the count): counting a long file must let requests in between. A batch is one
    // read of the file (256 KB, a few milliseconds to parse).
    await yieldToIncomingRequests();
  }
  const isPartRead = hasCount && sample.length === SAMPLE_ROWS;
  if (isPartRead) rowCount = options.counted?.rowCount ?? rowCount;
  const lastCells = isPartRead && options.counted ? options.counted.lastRow : lastRow?.cells;
  const { detection, mapping, templateApplied, suggestions } = await (detecting ?? startDetecting());
  const chosen = new Set(mapping?.columns.map((c) => c.index));
  const refined = new Set(suggestions.map((s) => s.index));
  const sourceOf = (index: number): ImportColumnSource => {
    if (chosen.has(index)) return templateApplied ? 'template' : 'user';
    if (refined.has(index)) return 'language-model';
    return detection.preset ? 'preset' : 'detector';
  };

  const dateIndex = detection.mapping.date;
  const dateOf = (cells: readonly string[] | undefined) => (dateIndex === undefined ? '' : (cells?.[dateIndex] ?? ''));
  const isNewest = isNewestFirst(detection, dateOf(sample[0]?.cells), dateOf(lastCells));
  const defaultCurrency = options.defaultCurrency ?? 'USD';
  const normalised = normaliseRows({
    ...normaliseParams({ headers, detection, defaultCurrency }, isNewest),
    rows: sample,
  });
  const executions = [...normalised.executions].sort((a, b) => a.row - b.row).slice(0, PREVIEW_EXECUTIONS);
  return {
    detected: toDetectedJson(layout, detection, sample, sourceOf),
    headers,
    detection,
    preview: {
      executions: executions.map(toPreviewExecution),
      problems: normalised.problems.map((p) => ({ row: p.row, message: withoutRowPrefix(p.message) })),
      skipped: [
        ...normalised.skipped.map(({ duplicateOf: _, ...row }) => row),
        ...reader.skipped.map((row) => ({ row: row.line, reason: toSkipReason(row.reason) })),
      ],
    },
    rowCount,
    isNewestFirst: isNewest,
    count: isPartRead ? null : { rowCount, lastRow: [...(lastRow?.cells ?? [])] },
    templateApplied,
    suggestions,
    fileName: options.fileName,
    sheetName: layout.sheetName,
    maxBytes: options.maxBytes,
    defaultCurrency,
    replay: {
      fileName: options.fileName,
      accountTimeZone: options.accountTimeZone,
      maxBytes: options.maxBytes,
      defaultCurrency,
      ...(options.timeZoneOverride ? { timeZoneOverride: options.timeZoneOverride } : {}),
      ...(mapping ? { mapping } : {}),
      ...(options.sheetName ? { sheetName: options.sheetName } : {}),
      ...(suggestions.length > 0 ? { suggestions } : {}),
      // What this pass read the whole file for (or was told): a replay reads only the first rows again.
      counted: { rowCount, lastRow: [...(lastCells ?? [])] },
    },
  };
}

type Detected = {
  detection: ImportDetection;
  /** The user's mapping, or a saved template's. */
  mapping: ImportMapping | undefined;
  templateApplied: boolean;
  suggestions: AppliedSuggestion[];
};

/** The suggestions kept for this file that still fit its header (another sheet has other columns). */
function toFittingSuggestions(headers: readonly string[], kept: readonly AppliedSuggestion[]): RoleSuggestion[] {
  return kept
    .filter((s) => headers[s.index] === s.header)
    .map(({ index, role, confidence }) => ({ index, role, confidence }));
}

/**
 * The columns' roles, in layers: the detector (or a preset), then a language model's confident
 * suggestions for the columns the detector is unsure of, then a saved template or the user's
 * choices, which win over both.
 */
async function detectLayout(
  options: AnalyseOptions,
  { headers, cells }: { headers: string[]; cells: readonly (readonly string[])[] },
): Promise<Detected> {
  let detection = detectImport({
    headers,
    rows: cells,
    accountTimeZone: options.accountTimeZone,
    ...(options.timeZoneOverride ? { timeZoneOverride: options.timeZoneOverride } : {}),
  });
  let templateApplied = false;
  let mapping = options.mapping;
  if (!mapping && !detection.preset && options.findTemplate) {
    const template = await options.findTemplate(headers);
    if (template) {
      mapping = template;
      templateApplied = true;
    }
  }
  let suggestions: AppliedSuggestion[] = [];
  if (!detection.preset) {
    const chosen = new Map<number, ColumnRole>(mapping?.columns.map((c) => [c.index, c.role]));
    let proposed = toFittingSuggestions(headers, options.suggestions ?? []);
    if (options.suggestions === undefined && options.refineColumns) {
      const request = toRefinementRequest({ columns: detection.columns, rows: cells, chosen });
      if (request) proposed = await options.refineColumns(request);
    }
    const refined = applyRoleSuggestions(detection, {
      headers,
      rows: cells,
      suggestions: proposed,
      chosen,
      accountTimeZone: options.accountTimeZone,
      ...(options.timeZoneOverride ? { timeZoneOverride: options.timeZoneOverride } : {}),
    });
    detection = refined.detection;
    suggestions = refined.applied.map((s) => ({ ...s, header: headers[s.index] ?? '' }));
  }
  if (mapping) detection = applyMapping(detection, headers, cells, mapping);
  return { detection, mapping, templateApplied, suggestions };
}

function toSkipReason(reason: 'SUMMARY' | 'FOOTER' | 'BLANK'): string {
  if (reason === 'SUMMARY') return 'Total or summary line';
  if (reason === 'FOOTER') return 'Footer line';
  return 'Blank line';
}

type NormaliseUploadOptions = { defaultCurrency?: string; openSpreadsheet: OpenSpreadsheet };

/** Every data row of the file, normalised (normaliseUploadInChunks), one by one. */
export async function* normaliseUpload(
  open: () => AsyncIterable<Uint8Array>,
  analysis: Analysis,
  options: NormaliseUploadOptions,
): AsyncGenerator<NormalisedRow> {
  for await (const chunk of normaliseUploadInChunks(open, analysis, options)) yield* chunk;
}

/**
 * Every data row of the file, normalised with the analysis's mapping and conventions. Executions
 * come with their replay order; whole files are normalised at once, long ones chunk by chunk, and
 * each chunk comes out in slices of SLICE_ROWS fills (a long file's reader pays an await per
 * slice rather than per row).
 */
export async function* normaliseUploadInChunks(
  open: () => AsyncIterable<Uint8Array>,
  analysis: Analysis,
  options: NormaliseUploadOptions,
): AsyncGenerator<NormalisedRow[]> {
  const readFile = () =>
    readTable(open(), {
      fileName: analysis.fileName,
      sheetName: analysis.sheetName ?? undefined,
      maxBytes: analysis.maxBytes,
      recogniseHeader: isBrokerHeader,
      openSpreadsheet: options.openSpreadsheet,
    });
  const params = normaliseParams(
    { ...analysis, defaultCurrency: options.defaultCurrency ?? analysis.defaultCurrency },
    analysis.isNewestFirst,
  );
  const isWhole = analysis.rowCount <= WHOLE_FILE_ROWS;
  const preset = analysis.detection.preset;
  // A long file whose rows may cancel earlier ones: every cancelled id is read first, so that a
  // chunk drops a fill whose cancelling row comes chunks later.
  const cancelledIds =
    !isWhole && preset?.readCancelledId ? await readFileCancelledIds(await readFile(), params) : null;
  const feeBook = !isWhole && preset?.conventions.isCrypto ? await readFileFeeBook(await readFile(), params) : null;
  const reader = await readFile();
  // Long files: a row's place among the data rows (a record may span lines, and a header,
  // preamble or blank lines come before or between), so orders stay within 1…rowCount and the
  // import's reserved entry-order numbers (import-runner.ts) hold them all.
  const orderOf = (index: number) => (analysis.isNewestFirst ? analysis.rowCount + 1 - index : index);
  let rowsBefore = 0;
  const readEdgebookRow =
    analysis.detection.preset?.id === 'edgebook' ? createEdgebookRowReader(analysis.headers) : null;

  // A long file's chunks are normalised one by one: the execution ids seen go on, and in a file in
  // time order the positions an expiration closes (a newest-first file's first chunks are its last fills).
  const execIds = isWhole ? null : new Map<string, number>();
  const positions = isWhole || analysis.isNewestFirst ? null : createPositions();
  const mayChunkSmall = !analysis.isNewestFirst && !preset?.readRow && !preset?.conventions.dedupeIdenticalRows;
  let lastExecutedAt = '';
  let wasInTimeOrder = true;

  /**
   * A chunk's rows normalised: its skipped rows and problems, then its fills in slices of
   * SLICE_ROWS, each made when the reader asks for it. Made for the whole chunk at once, a long
   * file's 100,000 rows and their fills lived until the last was read, long enough for the
   * collector to copy each one twice.
   */
  function* normalise(rows: TableRow[]): Generator<NormalisedRow[]> {
    const result = normaliseRows({
      ...params,
      rows,
      ...(positions ? { positions } : {}),
      ...(execIds ? { execIds } : {}),
      ...(cancelledIds ? { cancelledIds } : {}),
      ...(feeBook ? { feeBook } : {}),
    });
    const { executions } = result;
    if (executions.length > 0) {
      wasInTimeOrder = result.wereInTimeOrder && executions[0]!.executedAt >= lastExecutedAt;
      lastExecutedAt = executions.at(-1)!.executedAt;
    }
    const firstIndex = rowsBefore + 1;
    const indexOfLine = isWhole ? null : new Map(rows.map((row, i) => [row.line, firstIndex + i]));
    rowsBefore += rows.length;
    const cellsByRow = readEdgebookRow ? new Map(rows.map((row) => [row.line, row.cells])) : null;
    /** The first journal the rows skipped as a fill's duplicates carry (an Edgebook CSV's). */
    const journalOfDuplicates = (lines: readonly number[] | undefined): ImportedJournal | undefined => {
      for (const line of lines ?? []) {
        const journal = readEdgebookRow?.(cellsByRow?.get(line) ?? []).journal;
        if (journal) return journal;
      }
      return undefined;
    };
    // A fill listed twice in an Edgebook CSV: the journal of the row skipped goes to the row kept
    // when that has none (rows copied by hand). Kept in this chunk, the row carries it; kept in an
    // earlier one (a long file, by execution id), the skipped row does, for the import runner.
    const duplicatesOf = new Map<number, number[]>();
    const others: NormalisedRow[] = [];
    for (const { duplicateOf, ...skipped } of result.skipped) {
      const row: NormalisedRow = { kind: 'skipped', ...skipped };
      others.push(row);
      if (!readEdgebookRow || duplicateOf === undefined) continue;
      if (indexOfLine && !indexOfLine.has(duplicateOf)) {
        const journal = readEdgebookRow(cellsByRow?.get(skipped.row) ?? []).journal;
        if (journal) row.journalOf = { row: duplicateOf, journal };
        continue;
      }
      const lines = duplicatesOf.get(duplicateOf);
      if (lines) lines.push(skipped.row);
      else duplicatesOf.set(duplicateOf, [skipped.row]);
    }
    for (const event of result.events) {
      // A delivery (no row of its own) follows its option's fill.
      const row = event.row ?? executions.find((fill) => fill.sequence === event.sequence)?.row ?? 0;
      const slot =
        indexOfLine && indexOfLine.has(row)
          ? 2 * orderOf(indexOfLine.get(row)!) + (event.row === null ? 1 : 0)
          : 2 * Math.floor(event.sequence) + 1;
      others.push({ kind: 'event', row, slot, event });
    }
    for (const problem of result.problems)
      others.push({ kind: 'problem', row: problem.row, message: withoutRowPrefix(problem.message) });
    if (others.length > 0) yield others;
    for (let start = 0; start < executions.length; start += SLICE_ROWS) {
      const slice: NormalisedRow[] = [];
      for (let index = start; index < Math.min(start + SLICE_ROWS, executions.length); index += 1) {
        const execution = executions[index]!;
        // Whole files: normaliseRows' sequence is the replay order. Chunks: by place among the rows.
        const order = indexOfLine ? orderOf(indexOfLine.get(execution.row) ?? rowsBefore) : execution.sequence;
        const extra = readEdgebookRow ? readEdgebookRow(cellsByRow?.get(execution.row) ?? []) : null;
        const row: NormalisedRow = {
          kind: 'execution',
          row: execution.row,
          order,
          execution: toExecutionInput(execution),
        };
        if (extra?.fingerprint) row.fingerprint = extra.fingerprint;
        const journal = extra?.journal ?? journalOfDuplicates(duplicatesOf.get(execution.row));
        if (journal) row.journal = journal;
        slice.push(row);
      }
      yield slice;
    }
  }

  let chunk: TableRow[] = [];
  let chunkRows = FIRST_CHUNK_ROWS;
  for await (const batch of reader.batches) {
    for (const row of batch) {
      chunk.push(row);
      if (!isWhole && chunk.length === chunkRows) {
        yield* normalise(chunk);
        chunk = [];
        chunkRows = mayChunkSmall && wasInTimeOrder ? SMALL_CHUNK_ROWS : Math.min(WHOLE_FILE_ROWS, chunkRows * 2);
      }
    }
  }
  if (chunk.length > 0) yield* normalise(chunk);
  const footer = reader.skipped.map((row): NormalisedRow => ({
    kind: 'skipped',
    row: row.line,
    reason: toSkipReason(row.reason),
  }));
  if (footer.length > 0) yield footer;
}
