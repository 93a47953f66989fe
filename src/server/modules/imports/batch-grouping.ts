import {
  createFlatChunker,
  D,
  groupTrades,
  keyOfFill,
  type AssetClass,
  type Execution,
  type Trade,
} from '../../../core/trades';
import { createMemoised } from '../../../core/bounded-memo';
import { toCopyRows, type CopyRows } from '../../db/bulk-insert';
import {
  buildNewTradeRows,
  type ExecutionInsertRow,
  type ExecutionOwner,
  newExecutionRows,
  toNewTradeRows,
} from '../trades';

/**
 * Grouping a large import as it is read, batch by batch, in its worker thread (normalise-worker.ts):
 * the fills of the instruments new to the account are cut at flat points (createFlatChunker), and
 * the trades of each stretch that closed are built and encoded for COPY here, with the fills, so
 * the server's thread only writes bytes (batch-writer.ts). On PGlite that thread also runs the
 * database, and grouping and encoding there took a fifth of a large import's time.
 *
 * Grouping here is optimistic: it assumes nothing else writes the account's trades meanwhile and
 * that every fill sent goes in. The writer checks both in each batch's transaction, and takes an
 * instrument out of the streaming (demote) when either fails: its trades are dropped, its fills go
 * in checked, and it is rebuilt from the database at the end. An instrument is not streamed when
 * the account had fills of it before the import (`known`) and an open trade in it, when a fill of
 * it comes out of time order (the grouper demotes it itself), or once the writer said so
 * (`demote`, `stopStreaming`). One the account had and is flat in (`flatInstruments`) is streamed
 * outside the account's own span of fills: before the account's first fill of it (an older
 * statement imported after a newer one), as long as those fills go back to flat before it (else
 * it is taken out), and from the first of the import's fills after the account's last; its trades
 * there start from flat, as a new instrument's. The fills within the span (an overlapping export's,
 * most of them the account's already) go in checked (`behind`).
 */

/** One instrument's part of a grouped batch. */
export type InstrumentPart = {
  instrumentKey: string;
  /** The account had fills of it before the import: its trades before count as updated. */
  wasInAccount: boolean;
  /** Grouped here: `trades` holds the trades its fills closed, and `newFills` goes in unchecked. */
  isStreamed: boolean;
  /** The earliest time among its fills grouped here (not `behind`), when it is streamed and has any. */
  firstStreamedAt: string | null;
  /** The batch's fills of it. */
  fillCount: number;
  /**
   * Fills that cannot be in the account yet, as COPY data: content fingerprints of a streamed
   * instrument with no fill of its own key before them in the import.
   */
  newFills: CopyRows;
  newFillCount: number;
  /**
   * Fills of a streamed instrument that may be in the account already, as COPY data: those whose
   * key came with them (a broker's id, an Edgebook CSV's key), and the content fingerprints after
   * one. Nearly always new, so they go in by COPY, and checked only when one is not (batch-writer.ts).
   */
  keyedFills: CopyRows;
  keyedFillCount: number;
  /**
   * Fills that go in by `insert … on conflict do nothing` and come back with their ids: those of an
   * instrument not streamed.
   */
  checked: ExecutionInsertRow[];
  /**
   * A streamed instrument the account had: its fills at or before the account's last fill of it,
   * before any after it (an overlapping export's fills the account has already). They go in checked
   * and are not grouped: one that goes in (the account did not have it) takes the instrument out.
   */
  behind: ExecutionInsertRow[];
  /** The trades closed in this batch, and their split fills' rows, as COPY data. */
  trades: CopyRows;
  tradeParts: CopyRows;
  tradeCount: number;
};

export type GroupedBatch = {
  parts: InstrumentPart[];
  /** Instruments a fill of this batch took out of order: rebuilt from their first fill at the end. */
  demoted: string[];
};

/** Trades as COPY data, and how many. */
type EncodedTrades = Pick<InstrumentPart, 'trades' | 'tradeParts' | 'tradeCount'>;

/**
 * The trades of the stretches still open at the end, per instrument. One `isBeforeAccount` is an
 * older statement's position left open before the account's first fill of the instrument: the
 * account's fills go on with it, so it is not written but rebuilt (batch-writer.ts).
 */
export type OpenTrades = (EncodedTrades & { instrumentKey: string; isBeforeAccount: boolean })[];

export type BatchGrouperParams = {
  userId: string;
  accountId: string;
  /** The account's currency: trades in another one get their P&L in it after the import (account-pnl.queries.ts). */
  accountCurrency: string;
  importId: string;
  defaultRiskAmount: string | null;
  /** The time the trades are written at (epoch ms). */
  now: number;
  /** False when another import into the account was under way at the start: nothing is streamed. */
  isStreaming: boolean;
  /** The account's instruments with fills before the import (listAccountInstrumentKeys). */
  knownInstruments: readonly string[];
  /**
   * Those of them the account holds no open trade in, with the times of its first and last fills
   * (listFlatInstruments): their fills outside that span are grouped as they come.
   */
  flatInstruments?: readonly FlatInstrument[];
};

/** An instrument the account is flat in, and the span of its fills of it (ISO times). */
export type FlatInstrument = readonly [instrumentKey: string, firstExecutedAt: string, lastExecutedAt: string];

/**
 * Distinct decimal texts the grouping remembers (bounded-memo.ts): a file's quantities, costs and
 * multipliers, and many of its prices, repeat, and reading one is most of what feeding a fill to
 * the chunker costs. Decimals are immutable, so fills share them safely.
 */
const DECIMAL_MEMO_SIZE = 20_000;

const bySequence = (a: { sequence: number }, b: { sequence: number }) => a.sequence - b.sequence;

export type BatchGrouper = ReturnType<typeof createBatchGrouper>;

export function createBatchGrouper(params: BatchGrouperParams) {
  const { accountId } = params;
  const owner: ExecutionOwner = { userId: params.userId, accountId, importId: params.importId };
  const now = new Date(params.now);
  const known = new Set(params.knownInstruments);
  const spans = new Map(params.flatInstruments?.map(([key, first, last]) => [key, { first, last }]));
  /** Instruments with a fill grouped after the account's last: none after it is behind. */
  const fedAfter = new Set<string>();
  /** Instruments with a fill at or after the account's first: the fills before it are over. */
  const crossed = new Set<string>();
  const demoted = new Set<string>();
  /** Instruments with a fill whose fingerprint key came with it. */
  const withKeys = new Set<string>();
  let isStreaming = params.isStreaming;
  const chunker = createFlatChunker();
  const assetClasses = new Map<string, AssetClass>();
  const decimal = createMemoised(DECIMAL_MEMO_SIZE, D);
  const noRows = toCopyRows({ columns: [], rows: [] });

  const isStreamed = (instrumentKey: string) =>
    isStreaming && (!known.has(instrumentKey) || spans.has(instrumentKey)) && !demoted.has(instrumentKey);

  /**
   * Where a streamed instrument's fill goes against the span of the account's own fills of it:
   * grouped as it comes (before the span, or after it), `behind` (within it, before any fill after
   * it), or taken out: the first fill at or after the span's start finds the import's fills before
   * it still open, so their last trade would take in the account's fills.
   */
  function placeOf(fill: ExecutionInsertRow): 'grouped' | 'behind' | 'taken out' {
    const { instrumentKey, executedAt } = fill.item;
    const span = spans.get(instrumentKey);
    if (span === undefined || executedAt < span.first) return 'grouped';
    if (!crossed.has(instrumentKey)) {
      crossed.add(instrumentKey);
      if (chunker.isOpen(keyOfFill({ accountId, instrumentKey }))) return 'taken out';
    }
    if (executedAt > span.last) fedAfter.add(instrumentKey);
    else if (!fedAfter.has(instrumentKey)) return 'behind';
    return 'grouped';
  }

  function demote(instrumentKey: string): void {
    demoted.add(instrumentKey);
    chunker.drop(keyOfFill({ accountId, instrumentKey }));
  }

  /** Feeds a streamed instrument's fill to the chunker; one out of order demotes its instrument. */
  function feed(fill: ExecutionInsertRow): boolean {
    const { item } = fill;
    assetClasses.set(item.instrumentKey, item.assetClass);
    return chunker.add({
      id: fill.id,
      accountId,
      executedAt: item.executedAt,
      executedOn: item.executedOn ?? null,
      symbol: item.symbol,
      instrumentKey: item.instrumentKey,
      side: item.side,
      quantity: decimal(item.quantity),
      price: decimal(item.price),
      commission: decimal(item.commission),
      fees: decimal(item.fees),
      multiplier: decimal(item.multiplier),
      currency: item.currency,
      sequence: fill.sequence,
      quantityStep: item.quantityStep === undefined ? null : decimal(item.quantityStep),
      unconvertedFee:
        item.unconvertedFee === undefined || item.unconvertedFeeAsset === undefined
          ? null
          : { amount: decimal(item.unconvertedFee), asset: item.unconvertedFeeAsset },
    });
  }

  /** The trades of stretches that went from flat to flat, encoded per instrument. */
  function encodeTrades(stretches: Execution[][]): Map<string, EncodedTrades> {
    const fills: Execution[] = [];
    for (const stretch of stretches) for (const fill of stretch) fills.push(fill);
    const out = new Map<string, EncodedTrades>();
    if (fills.length === 0) return out;
    // One call for all the stretches: each goes from flat to flat, so grouping them together gives
    // each one's own trades (flat-chunks.ts), without a call's set-up for every two fills.
    const grouped: Trade[] = groupTrades(fills);
    const byInstrument = new Map<string, Trade[]>();
    for (const trade of grouped) {
      const list = byInstrument.get(trade.instrumentKey);
      if (list) list.push(trade);
      else byInstrument.set(trade.instrumentKey, [trade]);
    }
    for (const [instrumentKey, trades] of byInstrument) {
      const rows = toNewTradeRows(
        buildNewTradeRows(trades, {
          userId: params.userId,
          assetClassOf: (trade) => assetClasses.get(trade.instrumentKey)!, // set with its first fill
          defaultRiskAmount: params.defaultRiskAmount,
          now,
          accountCurrency: params.accountCurrency,
        }),
      );
      out.set(instrumentKey, {
        trades: toCopyRows(rows.trades),
        tradeParts: toCopyRows(rows.parts),
        tradeCount: trades.length,
      });
    }
    return out;
  }

  return {
    /**
     * Groups one batch of the import's fills (numbered, in any order): call in replay order of
     * batches.
     */
    group(fills: readonly ExecutionInsertRow[]): GroupedBatch {
      const byInstrument = new Map<string, ExecutionInsertRow[]>();
      const demotedHere: string[] = [];
      const behindHere = new Set<ExecutionInsertRow>();
      for (const fill of [...fills].sort(bySequence)) {
        const key = fill.item.instrumentKey;
        const list = byInstrument.get(key);
        if (list) list.push(fill);
        else byInstrument.set(key, [fill]);
        if (!isStreamed(key)) continue;
        const place = placeOf(fill);
        if (place === 'behind') behindHere.add(fill);
        // One out of time order (refused by the chunker) takes its instrument out too.
        else if (place === 'taken out' || !feed(fill)) {
          demote(key);
          demotedHere.push(key);
        }
      }
      const trades = encodeTrades(chunker.takeClosed());
      const parts: InstrumentPart[] = [];
      for (const [instrumentKey, list] of byInstrument) {
        const streamed = isStreamed(instrumentKey);
        const fresh: ExecutionInsertRow[] = [];
        const keyed: ExecutionInsertRow[] = [];
        const checked: ExecutionInsertRow[] = [];
        const behind: ExecutionInsertRow[] = [];
        let firstStreamedAt: string | null = null;
        for (const fill of list) {
          if (streamed && behindHere.has(fill)) {
            behind.push(fill);
            continue;
          }
          if (streamed && (firstStreamedAt === null || fill.item.executedAt < firstStreamedAt))
            firstStreamedAt = fill.item.executedAt;
          // After a fill of the instrument whose key came with it (a broker's id, an Edgebook CSV's
          // own), a content fingerprint may be that key (the same fill listed again): keyed too.
          if (!fill.item.fingerprintFromContent) withKeys.add(instrumentKey);
          if (!streamed) checked.push(fill);
          else if (fill.item.fingerprintFromContent && !withKeys.has(instrumentKey)) fresh.push(fill);
          else keyed.push(fill);
        }
        const closed = streamed ? trades.get(instrumentKey) : undefined;
        parts.push({
          instrumentKey,
          wasInAccount: known.has(instrumentKey),
          isStreamed: streamed,
          firstStreamedAt,
          fillCount: list.length,
          newFills: toCopyRows(newExecutionRows(owner, fresh)),
          newFillCount: fresh.length,
          keyedFills: keyed.length > 0 ? toCopyRows(newExecutionRows(owner, keyed)) : noRows,
          keyedFillCount: keyed.length,
          checked,
          behind,
          trades: closed?.trades ?? noRows,
          tradeParts: closed?.tradeParts ?? noRows,
          tradeCount: closed?.tradeCount ?? 0,
        });
      }
      return { parts, demoted: demotedHere };
    },
    /** The writer took these instruments out of the streaming: their next fills go in checked. */
    demote(instrumentKeys: readonly string[]): void {
      for (const key of instrumentKeys) demote(key);
    },
    /** The writer saw another writer: nothing is streamed from now on. */
    stopStreaming(): void {
      isStreaming = false;
      for (const key of chunker.openKeys()) chunker.drop(key);
    },
    /** At the end: the trades of the stretches still open, per streamed instrument. */
    finish(): OpenTrades {
      const open = encodeTrades(chunker.takeOpen().filter((stretch) => isStreamed(stretch[0]!.instrumentKey)));
      return [...open].map(([instrumentKey, trades]) => ({
        instrumentKey,
        ...trades,
        isBeforeAccount: spans.has(instrumentKey) && !crossed.has(instrumentKey),
      }));
    },
  };
}
