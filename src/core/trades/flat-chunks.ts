import { isZero, ZERO, type Decimal } from '../money/decimal';
import { toPositionAfter } from './dust';
import { parseIsoInstant } from '../iso-instant';
import type { Execution } from './execution';

/**
 * Cuts a stream of fills, arriving in replay order, at the points where an instrument's position
 * is flat. The trades of a stretch from flat to flat depend on that stretch's fills alone (a trade
 * opens when the position leaves 0 and closes when it returns), so groupTrades over each chunk
 * gives exactly the trades groupTrades gives over all the fills. That lets a large import group
 * its fills as they come, holding only the open stretches in memory, instead of reading them all
 * back from the database afterwards.
 *
 * Fills of one account and instrument must come in (executedAt, sequence) order; a fill that does
 * not is refused (`add` answers false) and the instrument is dropped: the caller groups it another
 * way (from the database, once all its fills are in).
 */
export type FlatChunker = {
  /** False when the fill comes before its instrument's last one: nothing more is kept for it. */
  add: (execution: Execution) => boolean;
  /** The stretches that returned to flat since the last call, each in replay order. */
  takeClosed: () => Execution[][];
  /** Every stretch still open (the end of the stream), and forgets them. */
  takeOpen: () => Execution[][];
  /** Forgets an instrument (`keyOf`): its open stretch is not handed out. */
  drop: (key: string) => void;
  /** The instruments with an open stretch. */
  openKeys: () => string[];
  /** Whether the instrument (`keyOf`) has an open stretch: its position is not flat. */
  isOpen: (key: string) => boolean;
};

/** An account and instrument as one key. */
export const keyOfFill = (fill: Pick<Execution, 'accountId' | 'instrumentKey'>) =>
  `${fill.accountId}\u0000${fill.instrumentKey}`;

type Stretch = { fills: Execution[]; position: Decimal; lastTime: number; lastSequence: number };

export function createFlatChunker(): FlatChunker {
  const open = new Map<string, Stretch>();
  // Instruments whose last stretch closed: the order check still needs where they stopped.
  const last = new Map<string, { time: number; sequence: number }>();
  let closed: Execution[][] = [];

  return {
    add(execution) {
      const key = keyOfFill(execution);
      const time = parseIsoInstant(execution.executedAt);
      const stretch = open.get(key);
      const previous = stretch ? { time: stretch.lastTime, sequence: stretch.lastSequence } : last.get(key);
      if (previous && (time < previous.time || (time === previous.time && execution.sequence <= previous.sequence))) {
        open.delete(key);
        last.delete(key);
        return false;
      }
      const current = stretch ?? { fills: [], position: ZERO, lastTime: time, lastSequence: execution.sequence };
      current.fills.push(execution);
      current.position = toPositionAfter(current.position, execution);
      current.lastTime = time;
      current.lastSequence = execution.sequence;
      if (isZero(current.position)) {
        closed.push(current.fills);
        open.delete(key);
        last.set(key, { time, sequence: execution.sequence });
      } else if (!stretch) {
        open.set(key, current);
        last.delete(key);
      }
      return true;
    },
    takeClosed() {
      const out = closed;
      closed = [];
      return out;
    },
    takeOpen() {
      const out = [...open.values()].map((stretch) => stretch.fills);
      open.clear();
      return out;
    },
    drop(key) {
      open.delete(key);
      last.delete(key);
      closed = closed.filter((fills) => keyOfFill(fills[0]!) !== key);
    },
    openKeys: () => [...open.keys()],
    isOpen: (key) => open.has(key),
  };
}

/**
 * How many of one instrument's fills, in replay order, it takes to reach the last point where the
 * position is flat (0 when it never is): a replay may stop there, and the trades of those fills
 * are final whatever follows (a fill that crosses zero leaves it flat only as dust, dust.ts).
 */
export function countToLastFlat(fills: readonly Pick<Execution, 'side' | 'quantity' | 'quantityStep'>[]): number {
  let position = ZERO;
  let count = 0;
  for (const [index, fill] of fills.entries()) {
    position = toPositionAfter(position, fill);
    if (isZero(position)) count = index + 1;
  }
  return count;
}
