import Big from 'big.js';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, fxRates, users } from '../../db/schema';

/**
 * The currency an analytics answer is in (issue 42), and how each trade's P&L gets there. Each
 * closed trade's P&L is stored in its account's currency (trades.account_*; its own currency when
 * it could not be converted). One account, or accounts that share a currency: that currency, no
 * conversion. Accounts in several currencies: the user's base currency (Settings → Profile), each
 * trade converted at the rate table's latest rate on or before its close day (UTC), or the
 * inverse of the opposite pair's; a trade with no such rate is left out of every figure and
 * counted per currency in `unconverted` (never summed with the others).
 */
export type CurrencyScope = {
  currency: string;
  /** Each of the user's accounts' currency, by id. */
  accountCurrency: ReadonlyMap<string, string>;
  /** The selected accounts' starting balances in `currency` (one that cannot be converted left out). */
  startingEquity: number;
  /** The selected accounts whose non-zero starting balance no rate converts: left out of `startingEquity`. */
  unconvertedStartingBalances: UnconvertedStartingBalance[];
  /** Units of `currency` per unit of `from` for a trade closed at `closedAtMs`, or null. */
  rateOf(from: string, closedAtMs: number): Big | null;
};

/** An account's starting balance in its own currency (exact decimal text), with no rate into the answer's. */
export type UnconvertedStartingBalance = {
  accountId: string;
  accountName: string;
  currency: string;
  startingBalance: string;
};

const DAY_MS = 86_400_000;
/** Places an inverse rate is kept to. */
const INVERSE_PLACES = 12;

type RateList = { days: number[]; rates: Big[] };

/** Loads the user's accounts, base currency and rates into and out of the answer's currency. */
export async function loadCurrencyScope(
  db: Db,
  params: { userId: string; accountIds?: readonly string[] },
): Promise<CurrencyScope> {
  const [accountRows, [user]] = await Promise.all([
    db
      .select({
        id: accounts.id,
        name: accounts.name,
        currency: accounts.currency,
        startingBalance: accounts.startingBalance,
      })
      .from(accounts)
      .where(eq(accounts.userId, params.userId)),
    db.select({ baseCurrency: users.baseCurrency }).from(users).where(eq(users.id, params.userId)),
  ]);
  const accountCurrency = new Map(accountRows.map((row) => [row.id, row.currency]));
  const selected = params.accountIds ? accountRows.filter((row) => params.accountIds!.includes(row.id)) : accountRows;
  const currencies = new Set(selected.map((row) => row.currency));
  const currency = currencies.size === 1 ? [...currencies][0]! : (user?.baseCurrency ?? 'USD');
  const lists =
    currencies.size <= 1 && [...accountCurrency.values()].every((c) => c === currency)
      ? new Map<string, RateList>()
      : await loadRates(db, { userId: params.userId, currency });
  const rateOf = (from: string, closedAtMs: number): Big | null => {
    if (from === currency) return new Big(1);
    const list = lists.get(from);
    if (!list) return null;
    const at = lastAtOrBefore(list.days, Math.floor(closedAtMs / DAY_MS));
    return at < 0 ? null : list.rates[at]!;
  };
  // A balance is never added in another currency's units: one with no rate is left out and named,
  // so the answer can say its returns stand on the other accounts' balances only.
  let startingEquity = new Big(0);
  const unconvertedStartingBalances: UnconvertedStartingBalance[] = [];
  for (const row of selected) {
    const balance = new Big(row.startingBalance);
    const rate = rateOf(row.currency, Number.MAX_SAFE_INTEGER);
    if (rate !== null) startingEquity = startingEquity.plus(balance.times(rate).round(2));
    else if (!balance.eq(0)) {
      unconvertedStartingBalances.push({
        accountId: row.id,
        accountName: row.name,
        currency: row.currency,
        startingBalance: balance.toString(),
      });
    }
  }
  unconvertedStartingBalances.sort((a, b) => a.accountName.localeCompare(b.accountName));
  return {
    currency,
    accountCurrency,
    startingEquity: startingEquity.toNumber(),
    unconvertedStartingBalances,
    rateOf,
  };
}

/** The user's rates into `currency` by source currency, the opposite pairs' inverted where a day has no direct one. */
async function loadRates(db: Db, params: { userId: string; currency: string }): Promise<Map<string, RateList>> {
  const rows = await db
    .select({ day: fxRates.day, from: fxRates.fromCurrency, to: fxRates.toCurrency, rate: fxRates.rate })
    .from(fxRates)
    .where(
      and(
        eq(fxRates.userId, params.userId),
        or(eq(fxRates.toCurrency, params.currency), eq(fxRates.fromCurrency, params.currency)),
      ),
    );
  const byCurrency = new Map<string, Map<number, { rate: Big; isDirect: boolean }>>();
  for (const row of rows) {
    const isDirect = row.to === params.currency;
    const other = isDirect ? row.from : row.to;
    const rate = new Big(row.rate);
    if (rate.lte(0) || other === params.currency) continue;
    const day = Math.floor(Date.parse(`${row.day}T00:00:00Z`) / DAY_MS);
    const days = byCurrency.get(other) ?? new Map<number, { rate: Big; isDirect: boolean }>();
    const seen = days.get(day);
    if (!seen || (isDirect && !seen.isDirect))
      days.set(day, { rate: isDirect ? rate : new Big(1).div(rate).round(INVERSE_PLACES), isDirect });
    byCurrency.set(other, days);
  }
  const out = new Map<string, RateList>();
  for (const [other, days] of byCurrency) {
    const sorted = [...days].sort((a, b) => a[0] - b[0]);
    out.set(other, { days: sorted.map(([day]) => day), rates: sorted.map(([, entry]) => entry.rate) });
  }
  return out;
}

/** The index of the last value ≤ `value` in ascending `values`, or −1. */
function lastAtOrBefore(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Amounts that could not be put in the answer's currency, per currency (issue 42). */
export type UnconvertedTotal = { currency: string; tradeCount: number; netPnl: string };

/** Counts and sums (exactly) the trades left out, per currency. */
export function createUnconvertedTally() {
  const byCurrency = new Map<string, { count: number; net: Big }>();
  return {
    add(currency: string, net: Big): void {
      const entry = byCurrency.get(currency) ?? { count: 0, net: new Big(0) };
      entry.count += 1;
      entry.net = entry.net.plus(net);
      byCurrency.set(currency, entry);
    },
    list(): UnconvertedTotal[] {
      return [...byCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { count, net }]) => ({ currency, tradeCount: count, netPnl: net.round(2).toString() }));
    },
  };
}

/** A P&L in the answer's currency at `rate`, to the cent (the stored figures are already to the cent or finer). */
export const toConvertedNumber = (amount: number, rate: Big): number => new Big(amount).times(rate).round(2).toNumber();

/**
 * Sums exact amounts per (currency, close day) and answers their total in the scope's currency:
 * amounts already in it summed exactly, each other group converted at its day's rate to the cent.
 * Both trade sources (cache and SQL) total the same way, so they agree to the last digit.
 */
export function createConvertedSum(scope: CurrencyScope) {
  let own = new Big(0);
  const groups = new Map<string, { currency: string; dayMs: number; sum: Big }>();
  return {
    add(currency: string, closedAtMs: number, amount: Big): void {
      if (currency === scope.currency) {
        own = own.plus(amount);
        return;
      }
      const dayMs = Math.floor(closedAtMs / DAY_MS) * DAY_MS;
      const key = `${currency} ${dayMs}`;
      const group = groups.get(key);
      if (group) group.sum = group.sum.plus(amount);
      else groups.set(key, { currency, dayMs, sum: amount });
    },
    total(): number {
      let total = own;
      for (const { currency, dayMs, sum } of groups.values()) {
        const rate = scope.rateOf(currency, dayMs);
        if (rate !== null) total = total.plus(sum.times(rate).round(2));
      }
      return total.toNumber();
    },
  };
}
