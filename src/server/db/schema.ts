import { sql } from 'drizzle-orm';
import type { BreakevenBands } from '../../core/query';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ANALYTICS_ROW_SQL } from './analytics-row';

export const users = pgTable(
  'users',
  {
    id: uuid().defaultRandom().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    timezone: text().notNull().default('UTC'),
    baseCurrency: text().notNull().default('USD'),
    /** Risk per trade in the base currency, used for R when a trade has no stop and no risk of its own. */
    defaultRiskAmount: numeric({ precision: 20, scale: 8 }),
    /**
     * The breakeven band per asset class (money, ± around 0): a closed trade whose net P&L lies
     * within it counts as breakeven in filters and analytics (core/query/breakeven.ts). {} is 0.
     */
    breakevenBands: jsonb().$type<BreakevenBands>().notNull().default({}),
    /**
     * Whether a trade's income (dividends, staking rewards while it was open: trades.income) is
     * part of its net P&L. Off by default: the income is shown beside the trade, not in its P&L.
     */
    isIncomeInNetPnl: boolean().notNull().default(false),
    subscriptionStatus: text({ enum: ['trialing', 'active', 'past_due', 'canceled', 'expired'] })
      .notNull()
      .default('trialing'),
    planId: text({ enum: ['premium_monthly', 'premium_yearly'] })
      .notNull()
      .default('premium_monthly'),
    trialEndsAt: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** Which payment provider holds the subscription: 'local' (embedded default) or 'stripe'. */
    paymentProvider: text(),
    paymentCustomerId: text(),
    paymentSubscriptionId: text(),
    /** Set once checkout completed: a payment method is on file and the trial converts at its end. */
    checkoutCompletedAt: timestamp({ withTimezone: true }),
    /** Bumped on password change/reset; e-mails carry no secrets, but this lets us end old sessions. */
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Trial lifecycle e-mails already sent, so each goes once ('trial-ending', 'trial-over'). */
    trialNoticesSent: jsonb().$type<string[]>().notNull().default([]),
    /**
     * Bumped by statement triggers whenever the user's trades or trade tags change (migration
     * 0005): the in-memory analytics cache is valid while this has not moved.
     */
    analyticsVersion: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail is unique case-insensitively: "Ann@x.com" and "ann@x.com" are one account.
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().defaultRandom().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Every e-mail the app sends. Without SMTP it stays here as the outbox; with SMTP, sentAt records delivery. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().defaultRandom().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    replyTo: text(),
    kind: text().notNull(),
    meta: jsonb().$type<Record<string, string>>(),
    transport: text({ enum: ['outbox', 'smtp'] }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to)],
);

/** A signed-in browser. Only the SHA-256 of the random token in the cookie is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** E-mail verification and password-reset links: hashed, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['email_verification', 'password_reset', 'email_change'] }).notNull(),
    tokenHash: text().notNull(),
    /** An email change's new address, which becomes the account's once its link is opened. */
    newEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * A user's two-factor sign-in (TOTP, RFC 6238). Secrets are sealed with AES-256-GCM under a key id
 * (server/crypto/secret-box.ts), never stored in clear. `pendingSecret` is one being enrolled,
 * until a first code confirms it; `lastTimeStep` is the newest 30-second step a code was accepted
 * for, so a code is good once.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text(),
  pendingSecret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  lastTimeStep: bigint({ mode: 'number' }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Single-use recovery codes of a user with two-factor sign-in: only an argon2id hash of each. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in with two-factor: the password was right, a code is still owed. Only
 * the SHA-256 of the random challenge is stored; it expires in minutes and works once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('login_challenges_hash_uq').on(t.tokenHash), index('login_challenges_user_idx').on(t.userId)],
);

/** Security-relevant events: sign-in, failed sign-in, password change/reset, disable, role change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    ip: text(),
    meta: jsonb().$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.createdAt), index('audit_log_created_idx').on(t.createdAt)],
);

/** The local payment provider's checkout sessions (the embedded default's "test checkout"). */
export const localCheckouts = pgTable('local_checkouts', {
  id: uuid().defaultRandom().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text({ enum: ['premium_monthly', 'premium_yearly'] }).notNull(),
  mode: text({ enum: ['trial', 'upgrade'] }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  completedAt: timestamp({ withTimezone: true }),
});

/** Provider webhook events already applied, so a redelivered event changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// Money and prices: exact decimals. Quantities get 12 places for crypto (0.00012345 BTC and finer).
const money = () => numeric({ precision: 24, scale: 8 });
const quantity = () => numeric({ precision: 30, scale: 12 });

/** A brokerage account. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    broker: text(),
    currency: text().notNull().default('USD'),
    startingBalance: money().notNull().default('0'),
    /** The timezone of this broker's files (their local times are read in it). */
    timezone: text().notNull().default('America/New_York'),
    /** Created by "Load sample data"; "Remove sample data" deletes it. */
    isSample: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    // At most one sample account per user: loading twice cannot race into two.
    uniqueIndex('accounts_user_sample_uq')
      .on(t.userId)
      .where(sql`${t.isSample}`),
  ],
);

/** One broker fill. Trades are derived from these. */
export const executions = pgTable(
  'executions',
  {
    id: uuid().defaultRandom().primaryKey(),
    // No foreign keys: each checked key costs a large import one look-up (and row lock) per fill
    // (docs/import-bench.md). A fill goes with its account, and so with its user: a trigger on
    // accounts deletes the fills of the accounts each statement deletes (migration 0014). Every
    // writer of fills holds its account's row lock (or created the account in its transaction), so
    // no fill is written for an account being deleted (under READ COMMITTED, which the trigger checks).
    userId: uuid().notNull(),
    accountId: uuid().notNull(),
    executedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /**
     * The day the file wrote, for a fill whose file gives no time of day (Schwab, Robinhood): its
     * `executedAt` is then that day's midnight in the file's zone, a placeholder for order only.
     */
    executedOn: date({ mode: 'string' }),
    symbol: text().notNull(),
    /**
     * The symbol exactly as the broker's file wrote it (`MESH5`, `NIFTY25JANFUT`, `AAPL 01/17/2025
     * 150.00 C`), or as the API caller sent it (the normalised symbol where a file wrote none, an
     * option built from separate columns): what the trade list's search also matches. Null for fills
     * stored before migration 0023, whose files were not kept.
     */
    brokerSymbol: text(),
    instrumentKey: text().notNull(),
    assetClass: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    quantity: quantity().notNull(),
    price: money().notNull(),
    commission: money().notNull().default('0'),
    fees: money().notNull().default('0'),
    multiplier: money().notNull().default('1'),
    currency: text().notNull().default('USD'),
    /**
     * A crypto fill's instrument step in its file (the file's finest quantity): an exit leaving the
     * position within it closes the trade as dust (core/trades/dust.ts). Null for other fills.
     */
    quantityStep: quantity(),
    /** A fee charged in another asset the file gives no rate for (BNB): not in `fees`, its asset beside it. */
    unconvertedFee: money(),
    unconvertedFeeAsset: text(),
    /**
     * The broker's own figures of the file row (issue 42): its realised P&L and its signed net cash
     * (sells +, buys −, fees in), both in `brokerCurrency`. Null where the file carries none.
     */
    brokerPnl: money(),
    brokerNet: money(),
    brokerCurrency: text(),
    /** Units of the account's currency one unit of `currency` bought at the fill (the file's rate). */
    fxRate: quantity(),
    brokerExecId: text(),
    /**
     * Identity across re-imports: the key (toFingerprintKey) of the broker's id, or of the fill's
     * content plus its occurrence number.
     */
    fingerprint: uuid().notNull(),
    /** Entry order: breaks ties between equal timestamps (file order). */
    sequence: bigint({ mode: 'number' }).notNull(),
    importId: uuid(),
    sourceRow: integer(),
    /**
     * Set when the trader deleted the fill's trade (or undid its import): kept for 30 days in
     * "Recently deleted" (deleted_trades), left out of grouping and of every trade's fills, and still
     * holding its fingerprint, so a re-import skips it as a duplicate rather than bringing it back.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * A fill a position event stands for (issue #45: a reinvestment's buy, a conversion leg, cash in
     * lieu, a transfer, an assignment's shares): written and rewritten by applying the account's
     * events (position-events.service.ts), never by a file row of its own.
     */
    positionEventId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('executions_account_fingerprint_uq').on(t.accountId, t.fingerprint),
    index('executions_position_event_idx')
      .on(t.positionEventId)
      .where(sql`${t.positionEventId} is not null`),
    index('executions_account_instrument_idx').on(t.accountId, t.instrumentKey, t.executedAt),
    // What undoing an import deletes (a user's fills are found through their accounts).
    index('executions_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    // The purge job's scan: the few fills waiting out their 30 days.
    index('executions_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * A change of a position that is not a plain buy or sell (issue #45): a split, a symbol change or
 * merger, a reinvestment, a dividend, a distribution, a transfer, a conversion leg, a reward, cash
 * in lieu, an option's delivered shares. Stored with the row it came from; applying the account's
 * events restates the fills of a split or renamed position and writes the fills an event stands for
 * (executions.position_event_id). Never a P&L of its own.
 */
export const positionEvents = pgTable(
  'position_events',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    importId: uuid(),
    kind: text().notNull(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** Replay order among the account's fills of equal time (the executions' numbering). */
    sequence: bigint({ mode: 'number' }).notNull(),
    /** Replay order among the import's events of equal time and sequence (two between the same fills). */
    rank: integer().notNull().default(0),
    symbol: text().notNull(),
    instrumentKey: text().notNull(),
    assetClass: text().notNull(),
    /** Signed change of the position in units after the event (new − old). */
    quantityDelta: quantity().notNull(),
    price: money(),
    ratio: quantity(),
    fromSymbol: text(),
    toSymbol: text(),
    toInstrumentKey: text(),
    cashAmount: money(),
    fees: money(),
    heldQuantity: quantity(),
    currency: text().notNull(),
    multiplier: money().notNull().default('1'),
    sourceRow: integer(),
    /** A two-row event's other row. */
    pairedRow: integer(),
    /** Identity across re-imports of the same file: kind, time, instrument and figures, with its occurrence. */
    fingerprint: text().notNull(),
    /**
     * Once applied: the instrument whose position the event changed (a line named by CUSIP: the held
     * one of that size) and the one it ended in (a symbol change: the new one).
     */
    resolvedInstrumentKey: text(),
    appliedInstrumentKey: text(),
    /** The ratio applied (a split given by the shares it adds: read from the position it split). */
    appliedRatio: quantity(),
    /** Why the event could not be applied (a split of a position the account does not hold). */
    problem: text(),
    /**
     * Set when its import was undone: kept (applied no more) so that restoring the import's trades
     * from "Recently deleted" brings it back; purged with them.
     */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('position_events_account_fingerprint_uq').on(t.accountId, t.fingerprint),
    index('position_events_account_at_idx').on(t.accountId, t.at),
    index('position_events_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
  ],
);

/**
 * A trade the trader deleted (or whose import they undid), as it was: what "Recently deleted" lists,
 * and what a restore brings back. Its fills stay in `executions` with `deleted_at` set (the ids in
 * `executionIds`); restoring clears that and regroups, and the trade gets its id back (its journal,
 * tags and screenshots stay keyed by its opening fill meanwhile, and come back with it).
 * Kept until `expiresAt` (30 days), when the purge job deletes the fills for good.
 */
export const deletedTrades = pgTable(
  'deleted_trades',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shared by every trade one action deleted: what the toast's Undo sends. */
    undoToken: uuid().notNull(),
    /** The id the trade had, which a restore gives it again. */
    tradeId: uuid().notNull(),
    /** The import whose undo deleted it (null for a deleted trade). */
    importId: uuid(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    openingExecutionId: uuid().notNull(),
    symbol: text().notNull(),
    direction: text({ enum: ['long', 'short'] }).notNull(),
    status: text({ enum: ['open', 'closed'] }).notNull(),
    openedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The trade's `openedOn`/`closedOn`: its days alone, when its fills' file gave no time of day. */
    openedOn: date({ mode: 'string' }),
    closedOn: date({ mode: 'string' }),
    /** For the symbol's display form (null for trades deleted before migration 0023: shown as stored). */
    assetClass: text(),
    netPnl: money().notNull(),
    currency: text().notNull(),
    /** The fills this deletion marked deleted: a restore clears exactly these. */
    executionIds: uuid().array().notNull(),
    tradeCreatedAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('deleted_trades_user_deleted_idx').on(t.userId, t.deletedAt),
    index('deleted_trades_token_idx').on(t.undoToken),
    index('deleted_trades_expires_idx').on(t.expiresAt),
  ],
);

/** A user-defined strategy: a playbook entry (issue #33), with its ordered rules (strategy_rules). */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Markdown. */
    description: text().notNull().default(''),
    assetClasses: jsonb().$type<string[]>().notNull().default([]),
    timeframe: text().notNull().default(''),
    entryCriteria: text().notNull().default(''),
    exitCriteria: text().notNull().default(''),
    riskRules: text().notNull().default(''),
    /** A #rrggbb colour for its cards and charts. */
    color: text().notNull().default('#2563eb'),
    /** Archived: kept in history and analytics, hidden from pickers. */
    archivedAt: timestamp({ withTimezone: true }),
    /** Created by the sample data set; removed with it unless the user's own trades use it. */
    isSample: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('strategies_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * A strategy's rule. Editing its text keeps its id (and so its checks) and appends the former
 * text to `revisions`; removing it sets `removedAt`: its checks stay in its own history but leave
 * every adherence figure from then on.
 */
export const strategyRules = pgTable(
  'strategy_rules',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategyId: uuid()
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    phase: text({ enum: ['setup', 'entry', 'management', 'exit', 'risk'] }).notNull(),
    text: text().notNull(),
    /** Order within the strategy (0 first), across phases. */
    position: integer().notNull(),
    /** The rule's earlier texts, oldest first, each with when it was replaced. */
    revisions: jsonb().$type<{ text: string; until: string }[]>().notNull().default([]),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('strategy_rules_strategy_idx').on(t.strategyId, t.position)],
);

/**
 * A trade's answer to one rule, kept by the trade's opening execution (as its journal and tags
 * are), so regrouping never loses it.
 */
export const ruleChecks = pgTable(
  'rule_checks',
  {
    openingExecutionId: uuid()
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    ruleId: uuid()
      .notNull()
      .references(() => strategyRules.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text({ enum: ['followed', 'broken', 'na'] }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.openingExecutionId, t.ruleId] }), index('rule_checks_rule_idx').on(t.ruleId)],
);

/**
 * A round trip, derived from executions by grouping: every column is computed from its fills and
 * its journal (trade_journals) by buildTradeRows (core/trades/trade-rows.ts), so regrouping writes
 * it again from those two and never copies user data by hand.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid().defaultRandom().primaryKey(),
    // No foreign keys: each checked key costs a large import one look-up (and row lock) per trade.
    // A trade goes with the fill that opened it, and so with its account or user: a trigger on
    // executions deletes the trades of the fills each statement deletes (migration 0012).
    userId: uuid().notNull(),
    accountId: uuid().notNull(),
    openingExecutionId: uuid().notNull(),
    /**
     * The fill that flattened a closed trade (null while open). A trade's fills are its
     * instrument's from the opening fill to this one in replay order (the trade_parts view). No
     * foreign key: a change to a trade's fills regroups it, which writes it again.
     */
    closingExecutionId: uuid(),
    instrumentKey: text().notNull(),
    symbol: text().notNull(),
    assetClass: text().notNull(),
    direction: text({ enum: ['long', 'short'] }).notNull(),
    status: text({ enum: ['open', 'closed'] }).notNull(),
    openedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The opening and closing fills' `executedOn`: set when their file gave only the day. */
    openedOn: date({ mode: 'string' }),
    closedOn: date({ mode: 'string' }),
    quantity: quantity().notNull(),
    maxPosition: quantity().notNull(),
    avgEntryPrice: money().notNull(),
    avgExitPrice: money(),
    multiplier: money().notNull(),
    currency: text().notNull(),
    grossPnl: money().notNull(),
    commission: money().notNull(),
    fees: money().notNull(),
    /**
     * Σ of the income of the position events the trade went through (dividends' cash, rewards'
     * value: core toIncome), in its currency. Part of `netPnl` only when its user counts income
     * (users.is_income_in_net_pnl): then `netPnl` is gross − costs + income (trade-income.queries.ts).
     */
    income: money().notNull().default('0'),
    netPnl: money().notNull(),
    holdingSeconds: doublePrecision(),
    executionCount: integer().notNull(),
    /**
     * The P&L in the account's currency (issue 42): gross, costs (commission + fees) and net, each
     * fill's cash converted at its file's rate, else at the rate table's latest rate on or before
     * its day, rounded to the cent (account-pnl.queries.ts). The trade's own figures when it is in
     * the account's currency. Null with `accountPnlIssue` saying why: 'pending' until computed
     * after the write, 'open' for an open trade in another currency, 'no_rate' when a fill has
     * neither rate.
     */
    accountGrossPnl: money(),
    accountFees: money(),
    accountNetPnl: money(),
    accountPnlIssue: text({ enum: ['pending', 'open', 'no_rate'] }),
    // Derived from the journal as well (toJournalFacts), for the list's sorts and filters and the
    // analytics row: written with the trade and again by every journal edit (saveTradeJournal).
    /** The risk R is computed from (trader's, stop-based or default), null when unknown. */
    initialRisk: money(),
    rMultiple: numeric({ precision: 24, scale: 8 }),
    strategyId: uuid().references(() => strategies.id, { onDelete: 'set null' }),
    hasNotes: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What the analytics cache keeps of a closed trade, as bytes (null while open); its layout,
     * and so this SQL, is defined in analytics-row.ts. trades_user_closed_idx INCLUDEs it
     * (migration 0020: drizzle declares no INCLUDE), so the cache reads it from the index alone.
     */
    analyticsRow: bytea().generatedAlwaysAs(sql.raw(ANALYTICS_ROW_SQL)),
  },
  (t) => [
    uniqueIndex('trades_opening_execution_uq').on(t.openingExecutionId),
    index('trades_user_closed_idx').on(t.userId, t.closedAt, t.id),
    index('trades_user_opened_idx').on(t.userId, t.openedAt, t.id),
    index('trades_user_symbol_idx').on(t.userId, t.symbol, t.closedAt),
    // Also finds the trade open at a fill's time (the latest opened before it).
    index('trades_account_instrument_opened_idx').on(t.accountId, t.instrumentKey, t.openedAt),
    // The trades whose P&L in the account's currency is still to compute after a write (few, briefly).
    index('trades_account_pnl_pending_idx')
      .on(t.accountId)
      .where(sql`${t.accountPnlIssue} = 'pending'`),
    check('trades_closing_execution_ck', sql`(${t.status} = 'closed') = (${t.closingExecutionId} is not null)`),
    // The list's other sorts (symbol, P&L, R, quantity, holding time, fees) have no index: each
    // cost every trade written a few microseconds. They are read in order once and paged in
    // memory (trade-order-cache.ts, migration 0015).
  ],
);

/**
 * What the trader wrote about a trade, kept by the trade's opening execution (as are its tags,
 * trade_tags, and screenshots): regrouping rebuilds trades around it and never copies it. A trade
 * without a row has an empty journal (every column's default). To add a journal field, add its
 * column here and to core's TradeJournal (a type check in trade-journals.queries.ts holds the two
 * together), then to the trade patch contract.
 */
export const tradeJournals = pgTable(
  'trade_journals',
  {
    openingExecutionId: uuid()
      .primaryKey()
      .references(() => executions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stopPrice: money(),
    targetPrice: money(),
    /** Risk in money set by the trader; overrides the stop-based risk. */
    riskAmount: money(),
    strategyId: uuid().references(() => strategies.id, { onDelete: 'set null' }),
    rating: smallint(),
    mistakes: jsonb().$type<string[]>().notNull().default([]),
    emotions: jsonb().$type<string[]>().notNull().default([]),
    notes: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_journals_user_idx').on(t.userId)],
);

/**
 * The parts of the fills that crossed zero (split between the trade they closed and the one they
 * opened): how much of each fill, and of its costs, each of the two trades holds. Every other fill
 * belongs whole to the one trade whose range holds it; trade_parts lists both kinds.
 */
export const tradeExecutions = pgTable(
  'trade_executions',
  {
    tradeId: uuid()
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    executionId: uuid()
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    role: text({ enum: ['entry', 'exit'] }).notNull(),
    quantity: quantity().notNull(),
    commission: money().notNull(),
    fees: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.executionId] }),
    index('trade_executions_execution_idx').on(t.executionId),
  ],
);

/**
 * Every fill of every trade (migration 0010): the instrument's fills from the trade's opening fill
 * to its closing fill (to the last, while open) in replay order, each whole (its role from its
 * side and the trade's direction) unless it crossed zero, when its part comes from
 * trade_executions. Select it by trade id: reading it by fill would range over every trade.
 */
export const tradeParts = pgView('trade_parts', {
  tradeId: uuid().notNull(),
  executionId: uuid().notNull(),
  role: text({ enum: ['entry', 'exit'] }).notNull(),
  quantity: quantity().notNull(),
  commission: money().notNull(),
  fees: money().notNull(),
  /** The fill crossed zero: this is its share in one of its two trades. */
  split: boolean().notNull(),
}).existing();

export const tags = pgTable(
  'tags',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('#64748b'),
    /** Optional grouping such as "mistake" or "setup". */
    group: text(),
    /** Created by the sample data set; removed with it unless the user's own trades use it. */
    isSample: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

/** Tags on a trade, kept by the trade's opening execution so they survive regrouping. */
export const tradeTags = pgTable(
  'trade_tags',
  {
    openingExecutionId: uuid()
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.openingExecutionId, t.tagId] }), index('trade_tags_tag_idx').on(t.tagId)],
);

/**
 * What each move of `users.analytics_version` changed (written by the same statement triggers,
 * migration 0006): the close times of the trades it touched, so an analytics cache that holds an
 * older version re-reads only the trades closed at those times. Null: too many to list (or not
 * known, as for a deleted tag), so the cache reads everything. The oldest rows are pruned.
 */
export const analyticsChanges = pgTable(
  'analytics_changes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: bigint({ mode: 'number' }).notNull(),
    closedAt: timestamp({ withTimezone: true, precision: 3 }).array(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

/**
 * The analytics cache's trades of a user as bytes (trade-facts-snapshot.ts) at a data version, so
 * a restarted instance loads them, and the changes logged since, instead of reading every trade.
 * Stored uncompressed (storage external): the bytes hardly compress and pglz would cost seconds.
 * A statement that deletes closed trades of a user deletes their snapshot too (migration 0007).
 */
export const analyticsSnapshots = pgTable('analytics_snapshots', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull(),
  tradeCount: integer().notNull(),
  data: bytea().notNull(),
  savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Personal API tokens: shown once, stored hashed, revocable. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    /** The first characters, so a user can tell tokens apart. */
    prefix: text().notNull(),
    /** What the token may reach (contracts/api-tokens.ts: API_TOKEN_SCOPES), e.g. 'trades:read'. */
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** After this the token is refused; null: until revoked. */
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Trade screenshots; the bytes live in the storage backend under `storageKey`. */
export const screenshots = pgTable(
  'screenshots',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openingExecutionId: uuid()
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    thumbnailKey: text(),
    mimeType: text().notNull(),
    byteSize: integer().notNull(),
    width: integer(),
    height: integer(),
    caption: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screenshots_user_idx').on(t.userId), index('screenshots_execution_idx').on(t.openingExecutionId)],
);

// ── Import (issue 5) ─────────────────────────────────────────────────────────────────────────────

export type ImportStatus = 'preview' | 'queued' | 'running' | 'done' | 'failed' | 'undone';

/**
 * One uploaded broker file: its detection and preview until committed, then the batch whose
 * executions carry its id (undo removes exactly those). The file itself waits on disk until commit.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    fileSha256: text().notNull(),
    status: text().$type<ImportStatus>().notNull(),
    broker: text(),
    timezone: text(),
    /** What detection found (file type, encoding, delimiter, header row, formats, columns). */
    detected: jsonb().$type<Record<string, unknown>>(),
    /** The column roles used at commit (detected, template or the user's choices). */
    mapping: jsonb().$type<Record<string, unknown>>(),
    rowCount: integer().notNull().default(0),
    /**
     * The last entry-order number a large import reserved when it started (its fills are numbered
     * from the account's last on by their place in replay order): while it runs, every other
     * writer to the account numbers its fills after it, so no two fills of an instrument share a
     * time and a number (a trade's fills are a range in that order).
     */
    reservedSequenceThrough: bigint({ mode: 'number' }),
    progress: doublePrecision().notNull().default(0),
    executionsAdded: integer().notNull().default(0),
    duplicatesSkipped: integer().notNull().default(0),
    /** Of those, the fills waiting in "Recently deleted" (restorable there, not by importing again). */
    duplicatesDeleted: integer().notNull().default(0),
    tradesCreated: integer().notNull().default(0),
    tradesUpdated: integer().notNull().default(0),
    /** Non-trade rows (transfers, dividends…) set aside, and rows that could not be read. */
    skippedRows: jsonb().$type<{ row: number; reason: string }[]>().notNull().default([]),
    errors: jsonb().$type<{ row: number; message: string }[]>().notNull().default([]),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp({ withTimezone: true }),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('imports_user_created_idx').on(t.userId, t.createdAt)],
);

/** A user's column mapping for a header layout, reused when the same header comes again. */
export const importMappingTemplates = pgTable(
  'import_mapping_templates',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised header cells, order-independent. */
    headerSignature: text().notNull(),
    headers: jsonb().$type<string[]>().notNull(),
    mapping: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_templates_user_signature_uq').on(t.userId, t.headerSignature)],
);

/** "My broker isn't supported": a sample file and the broker's name, kept for the admins. */
export const brokerFormatRequests = pgTable(
  'broker_format_requests',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    brokerName: text().notNull(),
    notes: text().notNull().default(''),
    fileName: text().notNull(),
    /** The sample (at most a few hundred kB), base64. */
    fileBase64: text().notNull(),
    fileSize: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('broker_format_requests_created_idx').on(t.createdAt)],
);

// ── Daily journal (issue 6) ──────────────────────────────────────────────────────────────────────

/**
 * One trading day's journal: the plan written before the session, the review after it and a mood
 * (1 = awful … 5 = great). `day` is a calendar date in the user's time zone; one row per user and day.
 */
export const journalDays = pgTable(
  'journal_days',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    plan: text().notNull().default(''),
    review: text().notNull().default(''),
    mood: smallint(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journal_days_user_day_uq').on(t.userId, t.day)],
);

// ── Exchange rates (issue 42) ────────────────────────────────────────────────────────────────────

/** A user's exchange rates (uploaded or fetched): one unit of `fromCurrency` is `rate` of `toCurrency` on `day`. */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    fromCurrency: text().notNull(),
    toCurrency: text().notNull(),
    rate: quantity().notNull(),
    source: text().notNull().default('upload'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fx_rates_user_day_pair_uq').on(t.userId, t.day, t.fromCurrency, t.toCurrency)],
);

// ── Saved reports (issue 32) ─────────────────────────────────────────────────────────────────────

/**
 * A report the trader saved from the builder: its filter (and the compared one), grouping and
 * chart, under a name; `pinned` shows it on the dashboard. Filters are kept as JSON as they were
 * saved (the query model's wire form).
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filter: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    compareWith: jsonb().$type<Record<string, unknown>>(),
    groupBy: text().notNull().default('none'),
    chart: text().notNull().default('netPnl'),
    pinned: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_reports_user_idx').on(t.userId, t.createdAt)],
);
