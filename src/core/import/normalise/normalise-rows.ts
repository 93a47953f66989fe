import { isInstrumentError, parseInstrument, type InstrumentHint } from '../../instruments/parse-instrument';
import { toInstrumentKey, type AssetClass } from '../../instruments/instrument';
import { toOccSymbol } from '../../instruments/options';
import {
  add,
  divide,
  isNegative,
  isPositive,
  isZero,
  multiply,
  roundDecimal,
  subtract,
  toAbsolute,
  toDecimal,
  ZERO,
  type Decimal,
} from '../../money/decimal';
import type { Side } from '../../trades/execution';
import type { BrokerPreset } from '../detect/presets';
import type { ColumnMapping } from '../detect/roles';
import { parseRowKind, toSideFromSign, type RowKind } from '../detect/side';
import { normaliseHeader } from '../detect/synonyms';
import { parseDateTime, readFillTime, toUtcInstant, type DateFormat } from '../values/dates';
import { parseDecimal, type DecimalSeparator } from '../values/parse-decimal';
import { toRawRecord, type CryptoFill, type RawRecord, type RowContext } from './raw-record';
import { bookFee, toFeeBook, type CryptoFillFacts, type FeeBook } from './fee-assets';
import { readBrokerFigureCells, toBrokerFigures, type BrokerFigures } from './broker-figures';
import { createBoundedMemo, createMemoised, createPartsMemo } from '../../bounded-memo';
import { toIsoInstant } from '../../iso-instant';
import {
  hasEventReader,
  pairEventRows,
  readEventRow,
  toDeliveryEvents,
  toEventSequence,
  type ImportedPositionEvent,
  type PlacedEventRow,
} from './event-rows';
import { hasControlCharacter, toDecimalDigitsMessage, type DigitLimits, type InstantRange } from '../../input-checks';

/**
 * One fill ready for the executions API (`ExecutionInput`: decimals as canonical strings), with
 * where it came from. `symbol` is the normalised instrument symbol (OCC for options).
 */
export type ImportedExecution = {
  /** The source row (1-based line in the file when rows carry one). */
  row: number;
  /** Replay order among fills of equal time: file order, reversed for newest-first files. */
  sequence: number;
  executedAt: string;
  /** The fill's day as the file wrote it, when the file gives no time of day (Schwab, Robinhood). */
  executedOn?: string;
  symbol: string;
  /** The symbol cell as the file wrote it (`MESH5`), when it has one: kept with the fill for search. */
  brokerSymbol?: string;
  assetClass: AssetClass;
  instrumentKey: string;
  side: Side;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  multiplier: string;
  currency: string;
  /** The broker's execution id: the fingerprint when present. */
  brokerExecId?: string;
  account: string | null;
  /** Whether the broker says the fill opens or closes (informational; grouping uses FIFO). */
  positionEffect: 'open' | 'close' | null;
  /** Set when the row is an option expiration, assignment or exercise (closed at price 0). */
  event: 'expiration' | 'assignment' | 'exercise' | null;
  /** A crypto fill's instrument step in its file (fee-assets.ts): grouping closes a position left within it. */
  quantityStep?: string;
  /** A crypto fill's fee in a third asset the file gives no rate for (fee-assets.ts). */
  unconvertedFee?: { amount: string; asset: string };
  /** The broker's own P&L, net cash and exchange rate of the row, where the layout carries them. */
  broker?: BrokerFigures;
};

export type SkippedRow = {
  row: number;
  reason: string;
  /** The row that listed the same fill first, for a duplicate: what the duplicate carries besides may go to it. */
  duplicateOf?: number;
};
export type RowProblem = { row: number; message: string };

export type NormaliseResult = {
  executions: ImportedExecution[];
  /** Rows that are not fills (transfers, dividends, cancelled orders, totals, duplicates). Not errors. */
  skipped: SkippedRow[];
  /** Rows that look like fills but cannot be read: the row and what is wrong. */
  problems: RowProblem[];
  /** Whether the fills were listed in time order (in replay order: a newest-first file reversed). */
  wereInTimeOrder: boolean;
  /**
   * Rows that change a position without being a plain buy or sell (splits, mergers, reinvestments,
   * transfers, …: event-rows.ts), and the shares option assignments deliver; in replay order.
   */
  events: ImportedPositionEvent[];
};

export type InputRow = { line: number; cells: readonly string[] } | readonly string[];

/**
 * The input policy's limits (src/contracts/input-policy.ts) that a fill must keep to be stored: a
 * row outside them is a problem of its row, shown at preview rather than failing the commit.
 */
export type RowLimits = {
  /** When fills may be dated (the caller's clock places its end). */
  fillTime: InstantRange;
  quantity: DigitLimits;
  /** Prices, costs and multipliers. */
  money: DigitLimits;
};

export type NormaliseParams = {
  headers: readonly string[];
  rows: readonly InputRow[];
  mapping: ColumnMapping;
  dateFormat: Pick<DateFormat, 'order'>;
  decimalSeparator: DecimalSeparator;
  /** Zone of times without an offset. */
  timeZone: string;
  /** The account's currency: for rows and layouts that do not state one. */
  defaultCurrency: string;
  preset?: BrokerPreset | null;
  /** Overrides the preset's (or the default `auto`) row order. */
  order?: 'newestFirst' | 'oldestFirst' | 'auto';
  /** Derive fees from the cash amount (the preset decides when not given). */
  feesFromAmount?: boolean;
  /**
   * The positions in options and futures that a long file's earlier chunks left open, carried from
   * chunk to chunk (createPositions): a side-less expiration, assignment or exercise here closes
   * what they opened. Updated with this chunk's fills of those instruments. Only for a file in
   * time order: a newest-first file's earlier chunks hold later fills.
   */
  positions?: CarriedPositions;
  /**
   * The broker execution ids of a long file's earlier chunks, each with the row that first listed
   * it: a fill with one of them is the same fill listed again, skipped before it can count in a
   * position. This chunk's are added.
   */
  execIds?: Map<string, number>;
  /**
   * The execution ids a long file's rows cancel anywhere in it (readCancelledIds over the whole
   * file, before its first chunk): a cancelling row may come chunks after the fill it cancels.
   */
  cancelledIds?: ReadonlySet<string>;
  /** A crypto file's pairs read over the whole file (toFeeBook); else over these rows. */
  feeBook?: FeeBook;
  /** Without them, any date and size is read (the detector's look at a file). */
  limits?: RowLimits;
  /**
   * A further check of a data row's cells (an Edgebook CSV's journal): a message makes the row a
   * problem with that message.
   */
  checkCells?: (cells: readonly string[]) => string | null;
  /**
   * What a row says of its fill beyond the mapped roles (an Edgebook CSV's `broker_symbol` and
   * `executed_on`): the symbol its broker's file wrote, and the day alone of a fill whose file gave
   * no time. Empty texts say nothing.
   */
  readFillCells?: (cells: readonly string[]) => { fileSymbol: string; fileDay: string };
};

/** Open positions by account and instrument (see NormaliseParams.positions). */
export type CarriedPositions = Map<string, Decimal>;

export const createPositions = (): CarriedPositions => new Map();

/** The instruments whose positions are carried: the ones events close. */
const CARRIED_CLASSES: ReadonlySet<string> = new Set(['option', 'future']);

type Candidate = Omit<ImportedExecution, 'sequence' | 'side'> & {
  side: Side | null;
  fileIndex: number;
  eventSideHint: Side | null;
  otherIds: string[];
  orderId: string | null;
  /** The fill's content, for statements that list fills twice (null when the layout does not). */
  dedupeKey: string | null;
  /** `quantity` as a decimal (positive). */
  quantityValue: Decimal;
};

const ASSET_CLASS_WORDS: readonly [RegExp, AssetClass][] = [
  [
    /^(stk|stock|stocks|equity|equities|eq|shares?|cs|common stock|aktie|aktien|action|actions|accion|acciones|acao|acoes)$/i,
    'stock',
  ],
  [/^(etf|etfs|fund|mf|etp)$/i, 'etf'],
  [/^(opt|optn|option|options|equity and index options|fo|opcion|opcao|optionen)$/i, 'option'],
  [/^(fut|future|futures|cds|bcd)$/i, 'future'],
  [/^(cash|forex|fx|currency)$/i, 'forex'],
  [/^(crypto|cryptocurrency|crypto currency|krypto)$/i, 'crypto'],
  [/^(cfd|cfds)$/i, 'cfd'],
];

function toAssetClass(text: string): AssetClass | undefined {
  const trimmed = text.trim();
  return ASSET_CLASS_WORDS.find(([pattern]) => pattern.test(trimmed))?.[1];
}

/**
 * Reads a number cell, or a preset's derived value written `=a*b/c` (decimal factors only). Exact;
 * division keeps 20 places.
 */
// A file's numbers, symbols and their texts mostly repeat: each is read once (bounded-memo.ts).
// Keyed by the cell's own text (a key built per call would be a new string to hash each time).
const numbers: Record<DecimalSeparator, (text: string) => Decimal | null> = {
  '.': createMemoised(20_000, (text) => readNumberOnce(text, '.')),
  ',': createMemoised(20_000, (text) => readNumberOnce(text, ',')),
};
// A decimal's text by the decimal itself: the memos above hand out one object per distinct cell.
const texts = new Map<number, WeakMap<Decimal, string>>();
const instruments = createPartsMemo<ReadInstrument | { problem: string }>(5_000);
const rowKinds = createBoundedMemo<RowKind | null>(2_000);

/** A side or type cell's meaning (a file's few words, each read once). */
function readRowKind(text: string): RowKind | null {
  return text === '' ? null : rowKinds(text, () => parseRowKind(text));
}

function readNumber(text: string, separator: DecimalSeparator): Decimal | null {
  return text === '' ? null : numbers[separator](text);
}

function readNumberOnce(text: string, separator: DecimalSeparator): Decimal | null {
  if (text.startsWith('=')) {
    const tokens = text.slice(1).split(/([*/])/);
    let value = toDecimal(tokens[0] ?? '');
    for (let i = 1; value !== null && i < tokens.length; i += 2) {
      const operand = toDecimal(tokens[i + 1] ?? '');
      if (operand === null || (tokens[i] === '/' && isZero(operand))) return null;
      value = tokens[i] === '*' ? multiply(value, operand) : divide(value, operand);
    }
    return value;
  }
  const parsed = parseDecimal(text, separator);
  return parsed === null ? null : toDecimal(parsed);
}

/** A Decimal as the API's decimal string, trimmed to 12 places (derived prices may carry 20). */
function toText(value: Decimal, places = 12): string {
  let known = texts.get(places);
  if (!known) texts.set(places, (known = new WeakMap()));
  let text = known.get(value);
  if (text === undefined) {
    const rounded = roundDecimal(value, places);
    text = (isZero(rounded) ? ZERO : rounded).toString();
    known.set(value, text);
  }
  return text;
}

function toLine(row: InputRow, index: number): { line: number; cells: readonly string[] } {
  if (Array.isArray(row)) return { line: index + 2, cells: row as readonly string[] };
  return row as { line: number; cells: readonly string[] }; // not an array, so the object form
}

/** A data row as the layout reads it: its record (after the preset's row hook), or why it is skipped. */
type ReadRecord = { line: number; fileIndex: number; cells: readonly string[] } & (
  { record: RawRecord } | { skip: string }
);

/** A cell of a row by its column's header name (a preset's), as RowContext.cell reads it. */
type CellOf = (cells: readonly string[], header: string) => string;

/** Reads cells by header name, each name normalised once (a row hook asks for a few on every row). */
function createCellOf(headers: readonly string[]): CellOf {
  const headerIndex = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = normaliseHeader(header);
    if (!headerIndex.has(key)) headerIndex.set(key, index);
  });
  const indexByName = new Map<string, number | undefined>();
  const indexOf = (header: string): number | undefined => {
    if (indexByName.has(header)) return indexByName.get(header);
    const index = headerIndex.get(normaliseHeader(header));
    indexByName.set(header, index);
    return index;
  };
  return (cells, header) => {
    const index = indexOf(header);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
}

/** Reads each non-blank row's record through the preset's row hook, in file order. */
function forEachRecord(params: NormaliseParams, onRecord: (row: ReadRecord) => void): void {
  const { mapping, preset } = params;
  const lines = params.rows.map(toLine);
  const cellOf = createCellOf(params.headers);
  lines.forEach(({ line, cells }, fileIndex) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const record = toRawRecord(cells, mapping);
    if (params.readFillCells) {
      const { fileSymbol, fileDay } = params.readFillCells(cells);
      if (fileSymbol !== '') record.fileSymbol = fileSymbol;
      if (fileDay !== '') record.fileDay = fileDay;
    }
    const figureColumns = preset?.brokerFigures;
    if (figureColumns) record.broker = readBrokerFigureCells(figureColumns, (header) => cellOf(cells, header));
    if (!preset?.readRow) return onRecord({ line, fileIndex, cells, record });
    const context = new PresetRowContext({ cells, rowIndex: fileIndex, lines, cellOf });
    const result = preset.readRow(record, context);
    onRecord(
      'skip' in result ? { line, fileIndex, cells, skip: result.skip } : { line, fileIndex, cells, record: result },
    );
  });
}

/**
 * The execution ids the rows cancel (a layout whose rows may cancel others by id, such as IBKR's
 * TradeCancel): read over a whole long file first, so that normaliseRows drops a fill its
 * cancelling row follows chunks later (NormaliseParams.cancelledIds).
 */
export function readCancelledIds(params: NormaliseParams): Set<string> {
  const ids = new Set<string>();
  const readCancelledId = params.preset?.readCancelledId;
  if (!readCancelledId) return ids;
  const lines = params.rows.map(toLine);
  const cellOf = createCellOf(params.headers);
  lines.forEach(({ cells }, rowIndex) => {
    const id = readCancelledId(new PresetRowContext({ cells, rowIndex, lines, cellOf }));
    if (id !== null) ids.add(id);
  });
  return ids;
}

/**
 * Turns data rows and a column mapping into executions, applying the cross-broker rules:
 *
 * - non-trade rows (transfers, dividends, interest, fees, splits, cancelled or unfilled orders,
 *   totals and footers) are skipped with a reason, not reported as errors;
 * - the side comes from the side/action words, else from a signed quantity, else from a signed
 *   cash amount; quantities, prices and costs are made positive;
 * - option expirations, assignments and exercises close the open position at price 0;
 * - fees missing as a column are derived from the cash amount where the layout implies them
 *   (buy: |amount| − quantity × price × multiplier; sell: the reverse);
 * - files listed newest first are replayed in reverse file order, so same-time (date-only) fills
 *   keep their real order; the same broker execution id twice counts once, and so do identical
 *   rows in statements that list fills twice;
 * - a row without a readable date, quantity, symbol or price is a problem naming the row.
 */
export function normaliseRows(params: NormaliseParams): NormaliseResult {
  const { preset } = params;
  const skipped: SkippedRow[] = [];
  const problems: RowProblem[] = [];
  const candidates: Candidate[] = [];
  const cryptoFills = new Map<Candidate, CryptoFill>();
  const cancelledIds = new Set<string>(params.cancelledIds);
  const feesFromAmount = params.feesFromAmount ?? preset?.conventions.feesFromAmount ?? false;
  const sides = preset?.conventions.sides ?? 'words';
  const dedupeIdentical = preset?.conventions.dedupeIdenticalRows === true;
  const limits = toCheckedLimits(params.limits);
  const eventRows: (PlacedEventRow & { record: RawRecord })[] = [];
  const readEvent = toEventRowReader(params);

  forEachRecord(params, (row) => {
    const { line, fileIndex } = row;
    const eventRow = readEvent?.(row.cells, line);
    if (eventRow) eventRows.push(eventRow);
    else if ('skip' in row) skipped.push({ row: line, reason: row.skip });
    else if (row.record.cancelsId !== undefined) {
      cancelledIds.add(row.record.cancelsId);
      skipped.push({ row: line, reason: `cancels execution ${row.record.cancelsId}` });
    } else {
      const outcome = toCandidate(row.record, {
        line,
        fileIndex,
        params,
        sides,
        feesFromAmount,
        dedupeIdentical,
        limits,
      });
      const cellsProblem = 'skip' in outcome || 'problem' in outcome ? null : params.checkCells?.(row.cells);
      if ('skip' in outcome) skipped.push({ row: line, reason: outcome.skip });
      else if (cellsProblem) problems.push({ row: line, message: `Row ${line}: ${cellsProblem}` });
      else if ('problem' in outcome) problems.push({ row: line, message: outcome.problem });
      else {
        candidates.push(outcome);
        if (row.record.crypto) cryptoFills.set(outcome, row.record.crypto);
      }
    }
  });

  if (cryptoFills.size > 0) bookCryptoFees({ candidates, cryptoFills, problems, feeBook: params.feeBook });
  const kept = removeDuplicatesAndCancels(candidates, cancelledIds, skipped, params.execIds);
  const order = params.order ?? preset?.conventions.order ?? 'auto';
  const isNewestFirst = order === 'newestFirst' || (order === 'auto' && isListedNewestFirst(kept));
  const ordered = isNewestFirst ? [...kept].reverse() : kept;
  const wereInTimeOrder = isChronological(ordered);
  const executions = resolveEvents(ordered, { carried: params.positions, isInTimeOrder: wereInTimeOrder });
  const events = toImportedEvents({ eventRows, executions, isNewestFirst, params, problems });
  skipped.sort((a, b) => a.row - b.row);
  problems.sort((a, b) => a.row - b.row);
  return { executions, skipped, problems, wereInTimeOrder, events };
}

/** Reads a row as a position event when the preset's layout has such rows (event-rows.ts), else undefined. */
function toEventRowReader(
  params: NormaliseParams,
): ((cells: readonly string[], line: number) => (PlacedEventRow & { record: RawRecord }) | null) | undefined {
  const presetId = params.preset?.id;
  if (presetId === undefined || !hasEventReader(presetId)) return undefined;
  const cellOf = createCellOf(params.headers);
  return (cells, line) => {
    // The file's own cells: a preset's row hook may have rewritten them for fills (Coinbase's pair).
    const record = toRawRecord(cells, params.mapping);
    const read = readEventRow(presetId, record, (header) => cellOf(cells, header), params.decimalSeparator);
    return read === null
      ? null
      : { ...read, row: line, day: record.date.slice(0, 10), account: record.account || null, record };
  };
}

/**
 * The event rows as events: dated and their instruments read as a fill's are, two-row events
 * joined, each placed among the fills (toEventSequence), with the shares option assignments and
 * exercises deliver. A row that cannot be read, or a half without its other half, is a problem.
 */
function toImportedEvents(params: {
  eventRows: readonly (PlacedEventRow & { record: RawRecord })[];
  executions: readonly ImportedExecution[];
  isNewestFirst: boolean;
  params: NormaliseParams;
  problems: RowProblem[];
}): ImportedPositionEvent[] {
  const { params: normalise, problems } = params;
  const ordered = params.isNewestFirst ? [...params.eventRows].reverse() : params.eventRows;
  const { events: paired, unpaired } = pairEventRows(ordered);
  for (const row of unpaired)
    problems.push({
      row: row.row,
      message: `Row ${row.row}: one line of a two-line ${row.kind === 'split' ? 'split' : 'symbol change'} without the other.`,
    });
  const records = new Map(params.eventRows.map((row) => [row.row, row.record]));
  const events: ImportedPositionEvent[] = [];
  for (const event of paired) {
    const record = records.get(event.row)!;
    const at = toUtcInstant({
      date: record.date,
      ...(record.time === '' ? {} : { time: record.time }),
      format: normalise.dateFormat,
      timeZone: normalise.timeZone,
    });
    if (at === null) {
      problems.push({
        row: event.row,
        message: `Row ${event.row}: "${record.date}" is not a date in the file's format.`,
      });
      continue;
    }
    const readSymbol = (symbol: string) =>
      readInstrument(
        { ...record, symbol, ...(event.assetClassHint ? { assetClassHint: event.assetClassHint } : {}) },
        at,
        normalise.decimalSeparator,
      );
    const instrument = readSymbol(event.symbol);
    if ('problem' in instrument) {
      problems.push({ row: event.row, message: `Row ${event.row}: ${instrument.problem}` });
      continue;
    }
    const target = event.toSymbol ? readSymbol(event.toSymbol) : null;
    if (target && 'problem' in target) {
      problems.push({ row: event.row, message: `Row ${event.row}: ${target.problem}` });
      continue;
    }
    const currency =
      toCurrency(event.currency ?? record.currency) ??
      instrument.currency ??
      normalise.preset?.conventions.currency ??
      normalise.defaultCurrency;
    const text = (value: Decimal | null | undefined) => (value == null ? null : toText(value));
    const base: ImportedPositionEvent = {
      row: event.row,
      sequence: toEventSequence(event.row, params.executions, params.isNewestFirst),
      kind: event.kind,
      at,
      symbol: instrument.symbol,
      assetClass: instrument.assetClass,
      instrumentKey: instrument.key,
      quantityDelta: toText(event.quantityDelta),
      price: text(event.price),
      ratio: text(event.ratio),
      fromSymbol: event.fromSymbol ?? null,
      toSymbol: target ? target.symbol : (event.toSymbol ?? null),
      // Only a move names a target: a split of one instrument in two rows stays where it is.
      toInstrumentKey: target && target.key !== instrument.key ? target.key : null,
      cashAmount: text(event.cashAmount),
      fees: text(event.fees),
      heldQuantity: text(event.heldQuantity),
      pairedRow: event.pairedRow,
      currency,
      multiplier: toText(instrument.multiplier, 8),
      account: event.account,
    };
    events.push(base);
    const received = event.received;
    if (!received) continue;
    // A conversion's second leg: the asset received, at the value given for it.
    const bought = readSymbol(received.symbol);
    if ('problem' in bought) {
      problems.push({ row: event.row, message: `Row ${event.row}: ${bought.problem}` });
      continue;
    }
    events.push({
      ...base,
      symbol: bought.symbol,
      assetClass: bought.assetClass,
      instrumentKey: bought.key,
      quantityDelta: toText(received.quantity),
      price: received.value === null ? null : toText(divide(received.value, received.quantity)),
      fees: null,
      sequence: base.sequence + 0.25,
    });
  }
  events.push(...toDeliveryEvents(params.executions));
  return events.sort((a, b) => compareTexts(a.at, b.at) || a.sequence - b.sequence);
}

/**
 * What a preset's row hook sees of its row and the others. A class, so that its methods are made
 * once rather than as closures for every row: the server runs through tsx, whose keepNames
 * names every closure as it is made, a cost a large file paid per row.
 */
class PresetRowContext implements RowContext {
  readonly cells: readonly string[];
  readonly rowIndex: number;
  private readonly lines: readonly { cells: readonly string[] }[];
  private readonly cellOf: CellOf;

  constructor(params: {
    cells: readonly string[];
    rowIndex: number;
    lines: readonly { cells: readonly string[] }[];
    cellOf: CellOf;
  }) {
    this.cells = params.cells;
    this.rowIndex = params.rowIndex;
    this.lines = params.lines;
    this.cellOf = params.cellOf;
  }

  get rowCount(): number {
    return this.lines.length;
  }

  cell(header: string): string {
    return this.cellOf(this.cells, header);
  }

  cellAt(rowIndex: number, header: string): string {
    return this.cellOf(this.lines[rowIndex]?.cells ?? [], header);
  }
}

type CandidateContext = {
  /** The params' limits, the fill time range as ISO texts (compared as texts: the row's time is one). */
  limits: CheckedLimits | null;
  line: number;
  fileIndex: number;
  params: NormaliseParams;
  sides: 'words' | 'signedQuantity' | 'text';
  feesFromAmount: boolean;
  dedupeIdentical: boolean;
};

function toCandidate(record: RawRecord, ctx: CandidateContext): Candidate | { skip: string } | { problem: string } {
  const { params, line } = ctx;
  const separator = params.decimalSeparator;
  const row = `Row ${line}`;

  if (/\b(cancel+ed|rejected|expired|failed)\b/i.test(record.status) && !/partial/i.test(record.status)) {
    return { skip: `order ${record.status.toLowerCase()}, not filled` };
  }
  const kind = toRowKind(record, ctx.sides, separator);
  if (kind?.kind === 'nonTrade') return { skip: `${kind.reason}: not a trade` };
  if (kind?.kind === 'cancelled') return { skip: 'cancelled, not a fill' };

  const quantityValue = readNumber(record.quantity, separator);
  const priceValue = readNumber(record.price, separator);
  const read = readFillTime({
    date: record.date,
    ...(record.time === '' ? {} : { time: record.time }),
    format: params.dateFormat,
    timeZone: params.timeZone,
  });
  const executedAt = read?.at ?? null;
  if (executedAt === null) {
    if (record.date === '' || quantityValue === null || kind === null) {
      return { skip: record.date === '' ? 'no date: not a data row' : 'not a data row (title, total or footer)' };
    }
    return { problem: `${row}: "${record.date}" is not a date in the file's format.` };
  }
  if (kind === null) return { problem: `${row}: no side (buy or sell) could be read.` };
  if (record.fileDay !== '' && !isCalendarDay(record.fileDay))
    return { problem: `${row}: the fill's day "${record.fileDay}" is not a date such as 2025-01-16.` };

  if (quantityValue === null || isZero(quantityValue)) {
    if (record.quantity === '' && record.price === '' && record.symbol === '')
      return { skip: 'no quantity, price or symbol: not a fill' };
    return { problem: `${row}: the quantity "${record.quantity}" is not a number above 0.` };
  }
  const quantity = toAbsolute(quantityValue);

  const event = kind.kind === 'event' ? kind.event : null;
  let price: Decimal;
  if (event !== null) price = ZERO;
  else if (priceValue === null)
    return { problem: `${row}: no price${record.price === '' ? '' : ` ("${record.price}" is not a number)`}.` };
  else price = toAbsolute(priceValue);

  const instrument = readInstrument(record, executedAt, separator);
  if ('problem' in instrument) return { problem: `${row}: ${instrument.problem}` };

  const commission = toAbsolute(readNumber(record.commission, separator) ?? ZERO);
  let fees = ZERO;
  for (const fee of record.fees) {
    const value = toAbsolute(readNumber(fee, separator) ?? ZERO);
    fees = isZero(fees) ? value : add(fees, value); // one fee: its own (remembered) decimal
  }
  const amount = readNumber(record.amount, separator);
  const side = kind.kind === 'trade' ? kind.side : null;
  if (ctx.feesFromAmount && amount !== null && side !== null && event === null && isZero(fees) && isZero(commission)) {
    const gross = multiply(multiply(quantity, price), instrument.multiplier);
    const derived = side === 'buy' ? subtract(toAbsolute(amount), gross) : subtract(gross, toAbsolute(amount));
    if (isPositive(derived)) fees = derived;
  }

  const currency =
    toCurrency(record.currency) ?? instrument.currency ?? params.preset?.conventions.currency ?? params.defaultCurrency;
  const eventSideHint: Side | null =
    record.eventSideHint ?? (quantityValue !== null && isNegative(quantityValue) ? 'sell' : null);
  const brokerExecId = record.execId.trim();
  const brokerSymbol = (record.fileSymbol || record.symbol).trim();
  const quantityText = toText(quantity);
  const outside =
    ctx.limits && findOutsideLimits({ record, executedAt, quantity, price, commission, fees, instrument }, ctx.limits);
  if (outside) return { problem: `${row}: ${outside}` };
  const broker =
    record.broker && params.preset?.brokerFigures
      ? toBrokerFigures({ cells: record.broker, columns: params.preset.brokerFigures, side, separator })
      : undefined;
  const dedupeKey = ctx.dedupeIdentical
    ? [executedAt, instrument.key, side ?? event, quantityText, toText(price), record.amount].join('|')
    : null;
  return {
    row: line,
    fileIndex: ctx.fileIndex,
    executedAt,
    ...(read?.day ? { executedOn: read.day } : record.fileDay !== '' ? { executedOn: record.fileDay } : {}),
    symbol: instrument.symbol,
    ...(brokerSymbol === '' ? {} : { brokerSymbol }),
    assetClass: instrument.assetClass,
    instrumentKey: instrument.key,
    side,
    quantity: quantityText,
    price: toText(price, 8),
    commission: toText(commission, 8),
    fees: toText(fees, 8),
    multiplier: toText(instrument.multiplier, 8),
    currency,
    ...(brokerExecId === '' ? {} : { brokerExecId }),
    account: record.account === '' ? null : record.account,
    positionEffect: kind.kind === 'trade' ? kind.effect : 'close',
    event,
    eventSideHint: event === null ? null : eventSideHint,
    otherIds: record.otherIds ?? [],
    orderId: record.orderId === '' ? null : record.orderId,
    dedupeKey,
    quantityValue: quantity,
    ...(broker === undefined ? {} : { broker }),
  };
}

type CheckedLimits = RowLimits & { earliestText: string; latestText: string };

function toCheckedLimits(limits: RowLimits | undefined): CheckedLimits | null {
  if (!limits) return null;
  const { earliestMs, latestMs } = limits.fillTime;
  return { ...limits, earliestText: toIsoInstant(earliestMs), latestText: toIsoInstant(latestMs) };
}

/**
 * What keeps a read fill out of storage under the input policy, or null: a time outside the range,
 * a figure too large for its column (places are rounded to the column's), or a control character
 * in a text that is stored.
 */
function findOutsideLimits(
  fill: {
    record: RawRecord;
    executedAt: string;
    quantity: Decimal;
    price: Decimal;
    commission: Decimal;
    fees: Decimal;
    instrument: ReadInstrument;
  },
  limits: CheckedLimits,
): string | null {
  const { record, executedAt } = fill;
  // ISO texts of four-digit years compare as their instants; a six-digit year (`+012345-…`) sorts first.
  if (executedAt < limits.earliestText || executedAt > limits.latestText)
    return `the date ${executedAt.slice(0, 10)} is not from 1970 to a year from today.`;
  const figures: [string, Decimal, DigitLimits][] = [
    ['quantity', fill.quantity, limits.quantity],
    ['price', fill.price, limits.money],
    ['commission', fill.commission, limits.money],
    ['fees', fill.fees, limits.money],
    ['multiplier', fill.instrument.multiplier, limits.money],
  ];
  for (const [name, value, digits] of figures) {
    // Big's exponent: the number of digits before the point, less one (rounding keeps the places).
    if (value.e + 1 > digits.integerDigits)
      return `the ${name} ${value.toFixed()} is too large (${toDecimalDigitsMessage('TOO_LARGE', digits).toLowerCase()}).`;
  }
  for (const [name, text] of [
    ['symbol', record.symbol],
    ['execution id', record.execId],
    ['account', record.account],
  ] as const) {
    if (hasControlCharacter(text, { allowLineBreaks: false })) return `the ${name} holds a control character.`;
  }
  return null;
}

function toRowKind(
  record: RawRecord,
  sides: 'words' | 'signedQuantity' | 'text',
  separator: DecimalSeparator,
): RowKind | null {
  if (record.kind) return record.kind;
  const fromWords = readRowKind(record.side) ?? readRowKind(record.type);
  if (fromWords) {
    // `Sell` with a positive E*TRADE-style signed quantity still sells; words win over signs.
    return fromWords;
  }
  const quantity = readNumber(record.quantity, separator);
  const bySign =
    (quantity === null ? null : toSideFromSign(quantity.toString(), 'quantity')) ??
    (() => {
      const amount = readNumber(record.amount, separator);
      return amount === null ? null : toSideFromSign(amount.toString(), 'amount');
    })();
  if (sides === 'text' || bySign === null) {
    const fromText = parseRowKind(record.description);
    if (fromText) return fromText;
  }
  if (bySign && quantity !== null) return { kind: 'trade', side: bySign, effect: null };
  return null;
}

function toCurrency(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z0-9]{3,6}$/.test(code) ? code : null;
}

type ReadInstrument = {
  symbol: string;
  key: string;
  assetClass: AssetClass;
  multiplier: Decimal;
  currency: string | null;
};

function readInstrument(
  record: RawRecord,
  executedAt: string,
  separator: DecimalSeparator,
): ReadInstrument | { problem: string } {
  // Everything it reads, the symbol first; of the time only the year (it places one-digit futures
  // years).
  const parts = [
    record.symbol,
    record.multiplier,
    record.assetClassHint ?? '',
    record.assetClass,
    record.optionRight,
    record.strike,
    record.expiry,
    record.underlying,
    executedAt.slice(0, 4),
    separator,
  ];
  return instruments(parts, () => readInstrumentOnce(record, executedAt, separator));
}

function readInstrumentOnce(
  record: RawRecord,
  executedAt: string,
  separator: DecimalSeparator,
): ReadInstrument | { problem: string } {
  const multiplierValue = readNumber(record.multiplier, separator);
  const multiplier = multiplierValue !== null && isPositive(multiplierValue) ? multiplierValue : undefined;
  let assetClass = record.assetClassHint ?? toAssetClass(record.assetClass);
  let text = record.symbol.trim();
  // Separate option columns (underlying, expiry, strike, right) make an OCC symbol.
  const right = /^(c|call)$/i.test(record.optionRight) ? 'call' : /^(p|put)$/i.test(record.optionRight) ? 'put' : null;
  const strike = readNumber(record.strike, separator);
  if (
    right !== null &&
    strike !== null &&
    record.expiry !== '' &&
    (assetClass === undefined || assetClass === 'option')
  ) {
    const expiryParts = parseDateTime(record.expiry, 'YMD') ?? parseDateTime(record.expiry, 'MDY');
    const root = (record.underlying || text.split(/\s+/)[0] || '').toUpperCase().replace(/[./]/g, '');
    if (expiryParts) {
      const expiry = `${expiryParts.year}-${String(expiryParts.month).padStart(2, '0')}-${String(expiryParts.day).padStart(2, '0')}`;
      const occ = toOccSymbol({ root, expiry, right, strike });
      if (occ) {
        text = occ;
        assetClass = 'option';
      }
    }
  }
  if (text === '') return { problem: 'no symbol.' };
  const hint: InstrumentHint = { referenceDate: executedAt };
  if (assetClass !== undefined && assetClass !== 'stock' && assetClass !== 'etf') hint.assetClass = assetClass;
  if (multiplier !== undefined) hint.multiplier = multiplier;
  let instrument = parseInstrument(text, hint);
  if (isInstrumentError(instrument) && hint.assetClass !== undefined) {
    // A class the symbol does not fit (a CFD named like a stock): fall back to reading it plainly.
    instrument = parseInstrument(text, { referenceDate: executedAt, ...(multiplier ? { multiplier } : {}) });
  }
  if (isInstrumentError(instrument)) return { problem: instrument.message };
  // Stocks and ETFs: a stated class wins over the guess (the symbol parser never guesses ETFs).
  const finalClass: AssetClass =
    (assetClass === 'etf' || assetClass === 'stock') && instrument.assetClass === 'stock'
      ? assetClass
      : instrument.assetClass;
  return {
    symbol: instrument.symbol,
    key: toInstrumentKey({ assetClass: finalClass, symbol: instrument.symbol }),
    assetClass: finalClass,
    multiplier: instrument.multiplier,
    currency: instrument.assetClass === 'crypto' || instrument.assetClass === 'forex' ? instrument.quoteCurrency : null,
  };
}

/** A crypto candidate as the fee book reads it, or null when it has no side (an event). */
function toCryptoFillFacts(candidate: Candidate, crypto: CryptoFill): CryptoFillFacts | null {
  const price = toDecimal(candidate.price);
  if (candidate.side === null || price === null) return null;
  const time = Date.parse(candidate.executedAt);
  return { crypto, time, side: candidate.side, quantity: candidate.quantityValue, price };
}

/**
 * A long crypto file's fills as its fee book reads them (toFeeBook), read over the whole file
 * before its first chunk, as readCancelledIds is: a BNB fee's rate may come from a fill chunks
 * away, and every chunk must give an instrument the same step (NormaliseParams.feeBook).
 */
export function readCryptoFillFacts(params: NormaliseParams): CryptoFillFacts[] {
  const facts: CryptoFillFacts[] = [];
  const context = {
    params,
    sides: params.preset?.conventions.sides ?? 'words',
    feesFromAmount: false,
    dedupeIdentical: false,
    limits: toCheckedLimits(params.limits),
  };
  forEachRecord(params, (row) => {
    if ('skip' in row || !row.record.crypto) return;
    const outcome = toCandidate(row.record, { ...context, line: row.line, fileIndex: row.fileIndex });
    const fill = 'skip' in outcome || 'problem' in outcome ? null : toCryptoFillFacts(outcome, row.record.crypto);
    if (fill) facts.push(fill);
  });
  return facts;
}

/**
 * Books crypto fills' fees by the asset they were charged in (fee-assets.ts), with the book of the
 * whole file when a long file's chunk is given one, else of these fills: a base-asset fee changes
 * the quantity, a fee in another asset is added to `fees` in the quote or kept unconverted, and each
 * fill gets its instrument's step. A buy whose base-asset fee takes all of it is a problem of its row.
 */
function bookCryptoFees(params: {
  candidates: Candidate[];
  cryptoFills: ReadonlyMap<Candidate, CryptoFill>;
  problems: RowProblem[];
  feeBook: FeeBook | undefined;
}): void {
  const facts = new Map<Candidate, CryptoFillFacts>();
  for (const [candidate, crypto] of params.cryptoFills) {
    const fill = toCryptoFillFacts(candidate, crypto);
    if (fill) facts.set(candidate, fill);
  }
  const book = params.feeBook ?? toFeeBook(facts.values());
  const dropped = new Set<Candidate>();
  for (const [candidate, fill] of facts) {
    const booked = bookFee(fill, book);
    if (!isPositive(booked.quantity)) {
      const fee = fill.crypto.fee;
      const message = `Row ${candidate.row}: the fee (${fee?.amount ?? ''} ${fee?.asset ?? ''}) takes the whole quantity.`;
      params.problems.push({ row: candidate.row, message });
      dropped.add(candidate);
      continue;
    }
    if (booked.quantity !== fill.quantity) {
      candidate.quantityValue = booked.quantity;
      candidate.quantity = toText(booked.quantity);
    }
    if (booked.quoteFee) candidate.fees = toText(add(toDecimal(candidate.fees) ?? ZERO, booked.quoteFee), 8);
    if (booked.step) candidate.quantityStep = booked.step.toString();
    if (booked.unconverted) {
      const { amount, asset } = booked.unconverted;
      candidate.unconvertedFee = { amount: toText(amount, 8), asset };
    }
  }
  if (dropped.size === 0) return;
  let kept = 0;
  for (const candidate of params.candidates) if (!dropped.has(candidate)) params.candidates[kept++] = candidate;
  params.candidates.length = kept;
}

function removeDuplicatesAndCancels(
  candidates: readonly Candidate[],
  cancelled: ReadonlySet<string>,
  skipped: SkippedRow[],
  earlierIds: Map<string, number> | undefined,
): Candidate[] {
  // The row that first listed each execution id, the earlier chunks' included.
  const firstRowById = earlierIds ?? new Map<string, number>();
  const byContent = new Map<string, Candidate>();
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const ids = [candidate.brokerExecId, candidate.orderId, ...candidate.otherIds];
    if (ids.some((id) => id !== undefined && id !== null && cancelled.has(id))) {
      skipped.push({ row: candidate.row, reason: 'cancelled later in the file' });
      continue;
    }
    if (candidate.brokerExecId) {
      const firstRow = firstRowById.get(candidate.brokerExecId);
      if (firstRow !== undefined) {
        skipped.push({
          row: candidate.row,
          reason: `duplicate of row ${firstRow} (same execution id)`,
          duplicateOf: firstRow,
        });
        continue;
      }
      firstRowById.set(candidate.brokerExecId, candidate.row);
    }
    if (candidate.dedupeKey !== null) {
      const first = byContent.get(candidate.dedupeKey);
      if (first) {
        skipped.push({
          row: candidate.row,
          reason: `the same fill as row ${first.row}, listed twice`,
          duplicateOf: first.row,
        });
        continue;
      }
      byContent.set(candidate.dedupeKey, candidate);
    }
    kept.push(candidate);
  }
  return kept;
}

/** True when the file's dates run backwards (its first fill is later than its last). */
function isListedNewestFirst(candidates: readonly Candidate[]): boolean {
  let descending = 0;
  let ascending = 0;
  for (let i = 1; i < candidates.length; i++) {
    const previous = candidates[i - 1]?.executedAt ?? '';
    const current = candidates[i]?.executedAt ?? '';
    if (current < previous) descending += 1;
    else if (current > previous) ascending += 1;
  }
  return descending > ascending;
}

/**
 * Gives each fill its replay sequence and resolves expirations, assignments and exercises: they
 * close what is open in the instrument at price 0 (sell a long, buy back a short); with nothing
 * open in this file (a long file's earlier chunks included: NormaliseParams.positions), the row's
 * own hint (a negative quantity sells) or a sell is used.
 */
function resolveEvents(
  ordered: readonly Candidate[],
  { carried, isInTimeOrder }: { carried: CarriedPositions | undefined; isInTimeOrder: boolean },
): ImportedExecution[] {
  const byTime = ordered.map((candidate, index) => ({ candidate, sequence: index + 1 }));
  if (!isInTimeOrder) {
    byTime.sort((a, b) => compareTexts(a.candidate.executedAt, b.candidate.executedAt) || a.sequence - b.sequence);
  }
  // Positions matter only to the events: without one here, only those a later chunk's events may
  // close are counted (a long file's options and futures).
  const hasEvents = ordered.some((candidate) => candidate.event !== null);
  const local = new Map<string, Decimal>();
  const isCarried = (candidate: Candidate) => carried !== undefined && CARRIED_CLASSES.has(candidate.assetClass);
  return byTime.map(({ candidate, sequence }) => {
    const isCarriedHere = isCarried(candidate);
    if (!hasEvents && !isCarriedHere) return toExecution(candidate, candidate.side ?? 'sell', sequence);
    const positions = isCarriedHere ? (carried as CarriedPositions) : local;
    const key = `${candidate.account ?? ''}\u0000${candidate.instrumentKey}`;
    const position = positions.get(key) ?? ZERO;
    const side =
      candidate.side ??
      (isPositive(position) ? 'sell' : isNegative(position) ? 'buy' : (candidate.eventSideHint ?? 'sell'));
    const quantity = candidate.quantityValue;
    positions.set(key, side === 'buy' ? add(position, quantity) : subtract(position, quantity));
    return toExecution(candidate, side, sequence);
  });
}

function isChronological(candidates: readonly Candidate[]): boolean {
  for (let i = 1; i < candidates.length; i++) {
    if (candidates[i]!.executedAt < candidates[i - 1]!.executedAt) return false;
  }
  return true;
}

/** `YYYY-MM-DD` naming a real day (not 2025-02-30). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

function compareTexts(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The candidate as the execution it is (written out field by field: the hot path of a large file). */
function toExecution(candidate: Candidate, side: Side, sequence: number): ImportedExecution {
  const execution: ImportedExecution = {
    row: candidate.row,
    sequence,
    executedAt: candidate.executedAt,
    symbol: candidate.symbol,
    assetClass: candidate.assetClass,
    instrumentKey: candidate.instrumentKey,
    side,
    quantity: candidate.quantity,
    price: candidate.price,
    commission: candidate.commission,
    fees: candidate.fees,
    multiplier: candidate.multiplier,
    currency: candidate.currency,
    account: candidate.account,
    positionEffect: candidate.positionEffect,
    event: candidate.event,
  };
  if (candidate.executedOn !== undefined) execution.executedOn = candidate.executedOn;
  if (candidate.brokerSymbol !== undefined) execution.brokerSymbol = candidate.brokerSymbol;
  if (candidate.brokerExecId !== undefined) execution.brokerExecId = candidate.brokerExecId;
  if (candidate.quantityStep !== undefined) execution.quantityStep = candidate.quantityStep;
  if (candidate.unconvertedFee !== undefined) execution.unconvertedFee = candidate.unconvertedFee;
  if (candidate.broker !== undefined) execution.broker = candidate.broker;
  return execution;
}
