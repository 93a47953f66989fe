import { toDailySeries } from './daily';
import { toTradeColumns, type TradeInput } from './trade-columns';
import type { ZonedCalendar } from './time-zone';

/**
 * The equity curve and its drawdown, per trade and per day, as parallel arrays (compact for
 * 100,000 points). Drawdown is the distance below the running peak, a positive number (0 at a
 * peak); the running peak starts at the starting equity, as everywhere in the engine.
 */
export type EquitySeries = {
  startingEquity: number;
  perTrade: {
    /** closedAt, epoch ms. */
    closedAt: number[];
    pnl: number[];
    cumulativePnl: number[];
    drawdownAbs: number[];
    /** Fraction of the running peak; null when the peak is not positive. */
    drawdownFrac: (number | null)[];
  };
  perDay: {
    date: string[];
    pnl: number[];
    trades: number[];
    cumulativePnl: number[];
    drawdownAbs: number[];
    drawdownFrac: (number | null)[];
  };
};

function toDrawdowns(startingEquity: number, cumulative: readonly number[]) {
  const abs: number[] = new Array<number>(cumulative.length);
  const frac: (number | null)[] = new Array<number | null>(cumulative.length);
  let peak = startingEquity;
  for (let i = 0; i < cumulative.length; i++) {
    const equity = startingEquity + cumulative[i]!;
    if (equity > peak) peak = equity;
    const dd = peak - equity;
    abs[i] = dd;
    frac[i] = peak > 0 ? dd / peak : null;
  }
  return { abs, frac };
}

/** Equity and drawdown after each trade (in closedAt order) and at the end of each day in the calendar's zone. */
export function computeEquitySeries(
  input: TradeInput,
  params: { startingEquity: number; calendar: ZonedCalendar },
): EquitySeries {
  const trades = toTradeColumns(input);
  const n = trades.count;
  const closedAt: number[] = new Array<number>(n);
  const pnl: number[] = new Array<number>(n);
  const cumulative: number[] = new Array<number>(n);
  let running = 0;
  for (let i = 0; i < n; i++) {
    const x = trades.netPnl[i]!;
    closedAt[i] = trades.closedAt[i]!;
    pnl[i] = x;
    running += x;
    cumulative[i] = running;
  }
  const tradeDd = toDrawdowns(params.startingEquity, cumulative);
  const days = toDailySeries(trades, { startingEquity: params.startingEquity, calendar: params.calendar });
  const dayCumulative = days.map((day) => day.endEquity - params.startingEquity);
  const dayDd = toDrawdowns(params.startingEquity, dayCumulative);
  return {
    startingEquity: params.startingEquity,
    perTrade: { closedAt, pnl, cumulativePnl: cumulative, drawdownAbs: tradeDd.abs, drawdownFrac: tradeDd.frac },
    perDay: {
      date: days.map((day) => day.date),
      pnl: days.map((day) => day.pnl),
      trades: days.map((day) => day.trades),
      cumulativePnl: dayCumulative,
      drawdownAbs: dayDd.abs,
      drawdownFrac: dayDd.frac,
    },
  };
}
