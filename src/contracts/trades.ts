import { z } from 'zod';
import { tradeFilterJsonSchema } from '../core/query';
import { isWithinRange } from '../core/input-checks';
import { POSITION_EVENT_KINDS } from '../core/trades';
import { DECIMAL_COLUMNS, decimalString, FILTER_RANGE, fillTimestamp, safeText } from './input-policy';

/** Decimals travel as strings ("1234.5", "-0.25"): exact, never floats, and within their column. */
const money = DECIMAL_COLUMNS.money;
const positiveMoney = decimalString(money, 'positive');
const nonNegativeMoney = decimalString(money, 'nonNegative');
const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Must be an ISO-8601 date-time such as 2025-01-17T14:30:05Z',
});
/** A one-line text: no control characters, trimmed. */
const line = () => safeText().trim();
const uuid = z.uuid('Must be an id');

export const ASSET_CLASSES = ['stock', 'etf', 'option', 'future', 'forex', 'crypto', 'cfd'] as const;

export const accountInputSchema = z.object({
  name: line().min(1, 'Name is required').max(100).meta({ example: 'Main brokerage' }),
  broker: line().max(100).nullable().optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3,5}$/, 'Use a currency code such as USD')
    .default('USD'),
  startingBalance: nonNegativeMoney.default('0'),
  timezone: line().min(1).max(64).default('America/New_York'),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

/** A fill's decimals: their digits are checked with its symbol where it is prepared (decimalString). */
const fillDecimal = (sign: 'positive' | 'nonNegative') => decimalString(null, sign);

export const executionInputSchema = z.object({
  executedAt: fillTimestamp(),
  /**
   * The day, when the fill's file gave no time of day: `executedAt` is then a placeholder for its
   * order (that day's midnight in the file's zone), shown as "time not in file".
   */
  executedOn: z.iso.date({ error: 'Must be a date such as 2025-01-17' }).optional(),
  symbol: line().min(1, 'Symbol is required').max(64).meta({ example: 'AAPL' }),
  /**
   * The symbol as the broker's file wrote it (`MESH5` for the contract stored as `MESH25`), kept
   * with the fill and matched by the trade search; `symbol` as sent when absent.
   */
  brokerSymbol: line().min(1).max(200).optional(),
  side: z.enum(['buy', 'sell'], { error: 'Side must be buy or sell' }),
  quantity: fillDecimal('positive').meta({ example: '100' }),
  price: fillDecimal('nonNegative').meta({ example: '187.25' }),
  commission: fillDecimal('nonNegative').optional(),
  fees: fillDecimal('nonNegative').optional(),
  assetClass: z.enum(ASSET_CLASSES).optional(),
  multiplier: fillDecimal('positive').optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{3,6}$/)
    .optional(),
  brokerExecId: line().min(1).max(200).optional(),
  /** A crypto fill's instrument step (core/trades/dust.ts): an exit leaving less than it closes the trade. */
  quantityStep: decimalString(DECIMAL_COLUMNS.quantity, 'positive').optional(),
  /** A fee charged in another asset that could not be converted into the fill's currency (BNB). */
  unconvertedFee: z
    .object({
      amount: nonNegativeMoney,
      asset: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{2,10}$/),
    })
    .optional(),
  /**
   * The broker's own figures of the fill (issue 42): its realised P&L and signed net cash (sells +),
   * in `currency` when given (else the fill's), and account-currency units per unit of the fill's currency.
   */
  broker: z
    .object({
      pnl: decimalString(money, 'any').optional(),
      net: decimalString(money, 'any').optional(),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z]{3,5}$/)
        .optional(),
      fxRate: decimalString(DECIMAL_COLUMNS.quantity, 'positive').optional(),
    })
    .optional(),
});
export type ExecutionInput = z.infer<typeof executionInputSchema>;

export const addExecutionsRequestSchema = z.object({
  accountId: uuid,
  executions: z.array(executionInputSchema).min(1, 'Add at least one execution').max(10_000),
});

/** A manual trade from the simple form: stored as its executions. */
export const manualTradeRequestSchema = z.object({
  accountId: uuid,
  symbol: line().min(1, 'Symbol is required').max(64),
  direction: z.enum(['long', 'short']),
  quantity: decimalString(DECIMAL_COLUMNS.quantity, 'positive'),
  entryPrice: nonNegativeMoney,
  entryAt: fillTimestamp(),
  exitPrice: nonNegativeMoney.optional(),
  exitAt: fillTimestamp().optional(),
  fees: nonNegativeMoney.optional(),
  assetClass: z.enum(ASSET_CLASSES).optional(),
  multiplier: positiveMoney.optional(),
  stopPrice: nonNegativeMoney.optional(),
  targetPrice: nonNegativeMoney.optional(),
});

export const tradePatchSchema = z
  .object({
    stopPrice: nonNegativeMoney.nullable(),
    targetPrice: nonNegativeMoney.nullable(),
    initialRisk: positiveMoney.nullable(),
    strategyId: uuid.nullable(),
    tags: z.array(uuid).max(100),
    mistakes: z.array(line().min(1).max(100)).max(50),
    rating: z.number().int().min(1).max(5).nullable(),
    emotions: z.array(line().min(1).max(50)).max(20),
    notes: safeText({ multiline: true }).max(100_000),
  })
  .partial()
  .strict();

export const TRADE_SORT_COLUMNS = [
  'closedAt',
  'openedAt',
  'symbol',
  'netPnl',
  'grossPnl',
  'rMultiple',
  'quantity',
  'holdingSeconds',
  'fees',
] as const;

/**
 * A list's date bound: a calendar day (YYYY-MM-DD, in the user's timezone: `from` is that day's
 * start, `to` includes the whole day), or an exact ISO-8601 instant.
 */
const dateBound = z
  .union([z.iso.date({ error: 'Must be a date such as 2025-01-17' }), isoDateTime], {
    error: 'Must be a date such as 2025-01-17 or an ISO-8601 date-time',
  })
  .refine((text) => isWithinRange(Date.parse(text), FILTER_RANGE), 'Must be from 1970 to the year 9999');

export const tradeListQuerySchema = z.object({
  from: dateBound.optional(),
  to: dateBound.optional(),
  accountId: uuid.optional(),
  symbol: line().min(1).max(64).optional(),
  /** Symbols starting with this text, in any case (a ticker finds its options and futures too). */
  search: line().min(1).max(64).optional(),
  side: z.enum(['long', 'short']).optional(),
  status: z.enum(['open', 'closed']).optional(),
  outcome: z.enum(['win', 'loss', 'breakeven']).optional(),
  strategyId: uuid.optional(),
  tagId: uuid.optional(),
  /**
   * Any filter of the query model (src/core/query) as URL-encoded JSON, ANDed with the parameters
   * above, which are its shorthands (`symbol` is `symbols: [symbol]`, `tagId` is `tagsAny`…).
   * `from`/`to` select by close day in the user's timezone, open trades by open day.
   */
  filter: tradeFilterJsonSchema.optional(),
  sort: z.enum(TRADE_SORT_COLUMNS).default('closedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Opaque: base64url, as `nextCursor` gave it. */
  cursor: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9_-]*$/, 'This cursor is not valid for this list; start again from the first page')
    .optional(),
});
export type TradeListQuery = z.infer<typeof tradeListQuerySchema>;

const decimalText = z.string();
const instant = z.string();

export const tradeExecutionJsonSchema = z.object({
  id: z.string(),
  executedAt: instant,
  /** The day alone, when the fill's file gave no time of day (`executedAt` is then no real time). */
  executedOn: z.string().optional(),
  /** The symbol as the broker's file wrote it (`MESH5`), when known: the trade's `symbol` is normalised. */
  brokerSymbol: z.string().optional(),
  side: z.enum(['buy', 'sell']),
  role: z.enum(['entry', 'exit']),
  quantity: decimalText,
  price: decimalText,
  commission: decimalText,
  fees: decimalText,
  /** A fee of the fill in another asset that could not be converted into the trade's currency. */
  unconvertedFee: z.object({ amount: decimalText, asset: z.string() }).optional(),
});
export type TradeExecutionJson = z.infer<typeof tradeExecutionJsonSchema>;

/** A trade on the wire. Decimals are strings; R is null when the risk is unknown (never 0). */
export const tradeJsonSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  symbol: z.string(),
  assetClass: z.string(),
  direction: z.enum(['long', 'short']),
  status: z.enum(['open', 'closed']),
  openedAt: instant,
  closedAt: instant.nullable(),
  /** The day alone, when the opening (closing) fill's file gave no time: shown as "time not in file". */
  openedOn: z.string().optional(),
  closedOn: z.string().optional(),
  quantity: decimalText,
  avgEntryPrice: decimalText,
  avgExitPrice: decimalText.nullable(),
  grossPnl: decimalText,
  fees: decimalText,
  commission: decimalText,
  netPnl: decimalText,
  multiplier: decimalText,
  currency: z.string(),
  stopPrice: decimalText.nullable(),
  targetPrice: decimalText.nullable(),
  initialRisk: decimalText.nullable(),
  rMultiple: decimalText.nullable(),
  holdingSeconds: z.number().nullable(),
  strategyId: z.string().nullable(),
  tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  mistakes: z.array(z.string()),
  emotions: z.array(z.string()),
  rating: z.number().nullable(),
  notes: z.string(),
  executionCount: z.number(),
  /** The answers to its strategy's current rules (issue #33). */
  ruleChecks: z.array(z.object({ ruleId: z.string(), state: z.enum(['followed', 'broken', 'na']) })),
  /** followed ÷ (followed + broken) × 100 over those answers; null when none is followed or broken. */
  adherencePct: z.number().nullable(),
  executions: z.array(tradeExecutionJsonSchema).optional(),
});
export type TradeJson = z.infer<typeof tradeJsonSchema>;

/** What every trade answer carries besides TradeJson: the trader's own risk and the largest position. */
export const tradeExtrasJsonSchema = z.object({
  /** The risk in money the trader set (PATCH `initialRisk`); `initialRisk` is the one R used. */
  riskAmount: decimalText.nullable(),
  maxPosition: decimalText,
});
export type TradeExtrasJson = z.infer<typeof tradeExtrasJsonSchema>;

/** A trade in a list: the list's queries may carry the extras too (typed as TradeJson by the server). */
const listedTradeJsonSchema = tradeJsonSchema.extend(tradeExtrasJsonSchema.partial().shape);

export const tradeListJsonSchema = z.object({
  trades: z.array(listedTradeJsonSchema),
  nextCursor: z.string().nullable(),
});
export type TradeListJson = z.infer<typeof tradeListJsonSchema>;

/** `GET /api/trades/count`: how many trades the list's filter selects. */
export const tradeCountJsonSchema = z.object({ count: z.number() });

// ---------------------------------------------------------------------------------------------
// Added with the trades API (accounts, executions, tags, strategies, API tokens, bulk actions).

/** `PATCH /api/accounts/:id`: any subset of the account's fields; none has a default here. */
export const accountPatchSchema = z
  .object({
    name: line().min(1, 'Name is required').max(100),
    broker: line().max(100).nullable(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3,5}$/, 'Use a currency code such as USD'),
    startingBalance: nonNegativeMoney,
    timezone: line().min(1).max(64),
  })
  .partial()
  .strict();

export const accountJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  broker: z.string().nullable(),
  currency: z.string(),
  startingBalance: decimalText,
  timezone: z.string(),
  /** The sample data set's account: "All accounts" leaves it out; it counts only when picked. */
  isSample: z.boolean(),
  createdAt: instant,
});
export type AccountJson = z.infer<typeof accountJsonSchema>;
export const accountListJsonSchema = z.object({ accounts: z.array(accountJsonSchema) });

/** `POST /api/executions` answers the trades it regrouped (only the changed instruments' tail). */
export const addExecutionsJsonSchema = z.object({
  inserted: z.number(),
  skipped: z.number(),
  trades: z.array(listedTradeJsonSchema),
});
export type AddExecutionsJson = z.infer<typeof addExecutionsJsonSchema>;

/**
 * A position event the trade went through (issue #45): a split, a symbol change, a reinvestment, a
 * dividend… Its fills (a reinvestment's buy) are among the trade's executions; a split or symbol
 * change restated the fills before it (their quantity and price as the file gave them).
 */
export const tradeEventJsonSchema = z.object({
  id: z.string(),
  kind: z.enum(POSITION_EVENT_KINDS),
  at: instant,
  /** New units per old (a split, a symbol change whose quantities differ). */
  ratio: decimalText.optional(),
  fromSymbol: z.string().optional(),
  toSymbol: z.string().optional(),
  /** Signed change of the position, in units after the event. */
  quantityDelta: decimalText,
  /** Per unit: a reinvestment's price, a transfer's or distribution's cost basis. */
  price: decimalText.optional(),
  /** Cash to the account (a dividend, cash in lieu), or paid (a reinvestment: negative). */
  cashAmount: decimalText.optional(),
  currency: z.string(),
  /** The file's row it came from; null for one derived from another row (an assignment's shares). */
  sourceRow: z.number().nullable(),
  /**
   * A transfer in whose file gave no cost basis: its shares count at 0 until the trader gives one
   * (PATCH /api/position-events/:id).
   */
  isCostBasisMissing: z.boolean().optional(),
});
export type TradeEventJson = z.infer<typeof tradeEventJsonSchema>;

/** `PATCH /api/position-events/:id`: a transfer in's cost basis, when its file gave none. */
export const positionEventPatchSchema = z
  .object({
    /** Per unit (share, coin), in the event's currency. */
    costBasis: nonNegativeMoney,
  })
  .strict();
export type PositionEventPatch = z.infer<typeof positionEventPatchSchema>;

export const tradeDetailJsonSchema = tradeJsonSchema.extend({
  ...tradeExtrasJsonSchema.shape,
  executions: z.array(tradeExecutionJsonSchema),
  /** In time order (issue #45); empty for a trade no event changed. */
  events: z.array(tradeEventJsonSchema),
  /**
   * Σ of its events' income (dividends' cash, rewards' value), in its currency; absent when none.
   * Part of `netPnl` only when the user counts income (isIncomeInNetPnl).
   */
  income: decimalText.optional(),
  /**
   * A crypto trade closed as dust (below its instrument's step): Σ entry − Σ exit quantity, > 0
   * still held, < 0 sold beyond it. Absent when it closed flat or is open.
   */
  residual: decimalText.optional(),
  /** Fees its fills paid in other assets that could not be converted (not in `fees`), by asset. */
  unconvertedFees: z.array(z.object({ asset: z.string(), amount: decimalText })).optional(),
  /**
   * A closed trade in another currency than its account's (issue 42): its P&L in the account's
   * currency, each fill converted at the rate its file gave, else the rate table's latest rate on
   * or before the fill's day (as analytics take it); the amounts are null when a fill has neither.
   */
  accountCurrency: z
    .object({
      currency: z.string(),
      gross: decimalText.nullable(),
      fees: decimalText.nullable(),
      net: decimalText.nullable(),
      rates: z.array(
        z.object({
          executionId: z.string(),
          /** The fill's day (UTC, or the file's day when it gave no time). */
          fillDay: z.string(),
          /** Account-currency units per unit of the trade's currency; null when no rate exists. */
          rate: decimalText.nullable(),
          /** Where the rate came from: the fill's file, the user's rate table, or nowhere (null). */
          source: z.enum(['file', 'table']).nullable(),
          /** The rate table's day of the rate used (`source: 'table'`). */
          rateDay: z.string().optional(),
        }),
      ),
    })
    .optional(),
});
export type TradeDetailJson = z.infer<typeof tradeDetailJsonSchema>;

const idList = z.array(uuid).min(1, 'Select at least one trade').max(10_000);
const tagIdList = z.array(uuid).min(1, 'Choose at least one tag').max(100);

/** `POST /api/trades/bulk`: one action over many trades; all of them must be the caller's. */
export const bulkTradeRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('addTags'), ids: idList, tagIds: tagIdList }).strict(),
  z.object({ action: z.literal('removeTags'), ids: idList, tagIds: tagIdList }).strict(),
  z.object({ action: z.literal('setStrategy'), ids: idList, strategyId: uuid.nullable() }).strict(),
  z.object({ action: z.literal('delete'), ids: idList }).strict(),
  // One rule answered on many trades; only those carrying the rule's strategy count (and are counted).
  z
    .object({
      action: z.literal('setRuleCheck'),
      ids: idList,
      ruleId: uuid,
      state: z.enum(['followed', 'broken', 'na']).nullable(),
    })
    .strict(),
]);
export type BulkTradeRequest = z.infer<typeof bulkTradeRequestSchema>;
/** `undoToken` answers a delete: what `POST /api/trades/restore` takes to bring the trades back. */
export const bulkTradeJsonSchema = z.object({ count: z.number(), undoToken: z.uuid().optional() });
export type BulkTradeJson = z.infer<typeof bulkTradeJsonSchema>;

/** `DELETE /api/trades/:id`: the trade is in "Recently deleted" for 30 days. */
export const tradeDeletionJsonSchema = z.object({ undoToken: z.uuid(), count: z.number().int() });
export type TradeDeletionJson = z.infer<typeof tradeDeletionJsonSchema>;

/** `POST /api/trades/restore`: a delete's undo token, or deleted trades by id ("Recently deleted"). */
export const restoreTradesRequestSchema = z.union([
  z.object({ undoToken: uuid }).strict(),
  z.object({ tradeIds: idList }).strict(),
]);
export type RestoreTradesRequest = z.infer<typeof restoreTradesRequestSchema>;
export const restoredTradesJsonSchema = z.object({ count: z.number().int(), tradeIds: z.array(z.uuid()) });
export type RestoredTradesJson = z.infer<typeof restoredTradesJsonSchema>;

/** One trade of "Recently deleted" (`GET /api/trades/deleted`). */
export const deletedTradeJsonSchema = z.object({
  /** The trade's id, which a restore gives it again. */
  id: z.uuid(),
  undoToken: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  symbol: z.string(),
  direction: z.enum(['long', 'short']),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The days alone, when the trade's fills' file gave no time of day (`openedAt`/`closedAt` are then no real times). */
  openedOn: z.string().optional(),
  closedOn: z.string().optional(),
  /** For the symbol's display form; absent for trades deleted before it was kept. */
  assetClass: z.string().optional(),
  netPnl: z.string(),
  currency: z.string(),
  /** Deleted by undoing its import rather than by deleting the trade. */
  fromImport: z.boolean(),
  deletedAt: z.string(),
  expiresAt: z.string(),
  /** Whole days until it is deleted for good (a started day counts). */
  daysLeft: z.number().int(),
});
export type DeletedTradeJson = z.infer<typeof deletedTradeJsonSchema>;
export const deletedTradeListJsonSchema = z.object({ trades: z.array(deletedTradeJsonSchema) });
export type DeletedTradeListJson = z.infer<typeof deletedTradeListJsonSchema>;

const tagColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #64748b');
const tagName = line().min(1, 'Name is required').max(60);
const tagGroup = line().min(1).max(40).nullable();

export const tagInputSchema = z
  .object({ name: tagName, color: tagColor.optional(), group: tagGroup.optional() })
  .strict();
export const tagPatchSchema = z.object({ name: tagName, color: tagColor, group: tagGroup }).partial().strict();
export const tagMergeSchema = z.object({ intoTagId: uuid }).strict();
export const tagJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  group: z.string().nullable(),
  createdAt: instant,
});
export type TagJson = z.infer<typeof tagJsonSchema>;
export const tagListJsonSchema = z.object({ tags: z.array(tagJsonSchema) });

const strategyFields = {
  /** Markdown. */
  description: safeText({ multiline: true }).trim().max(5_000),
  assetClasses: z.array(z.enum(ASSET_CLASSES)).max(ASSET_CLASSES.length),
  timeframe: line().max(100),
  entryCriteria: safeText({ multiline: true }).trim().max(5_000),
  exitCriteria: safeText({ multiline: true }).trim().max(5_000),
  riskRules: safeText({ multiline: true }).trim().max(5_000),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #2563eb')
    .transform((value) => value.toLowerCase()),
};
export const strategyInputSchema = z
  .object({
    name: line().min(1, 'Name is required').max(100),
    description: strategyFields.description.optional(),
    assetClasses: strategyFields.assetClasses.optional(),
    timeframe: strategyFields.timeframe.optional(),
    entryCriteria: strategyFields.entryCriteria.optional(),
    exitCriteria: strategyFields.exitCriteria.optional(),
    riskRules: strategyFields.riskRules.optional(),
    color: strategyFields.color.optional(),
  })
  .strict();
export type StrategyInput = z.infer<typeof strategyInputSchema>;
/** `PATCH /api/strategies/:id`: any field; `archived` hides it from pickers (kept in history and analytics). */
export const strategyPatchSchema = strategyInputSchema.partial().extend({ archived: z.boolean().optional() }).strict();
export type StrategyPatch = z.infer<typeof strategyPatchSchema>;
export const strategyJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  assetClasses: z.array(z.string()),
  timeframe: z.string(),
  entryCriteria: z.string(),
  exitCriteria: z.string(),
  riskRules: z.string(),
  color: z.string(),
  archived: z.boolean(),
  /** How many trades carry it (a delete names this count). */
  tradeCount: z.number(),
  createdAt: instant,
});
export type StrategyJson = z.infer<typeof strategyJsonSchema>;
export const strategyListJsonSchema = z.object({ strategies: z.array(strategyJsonSchema) });

/**
 * What a token may reach, by area: each public route names the one scope it needs (API_ROUTES'
 * `scope`). No scope reaches sign-in, billing, admin, tokens or two-factor.
 */
export const API_TOKEN_SCOPES = [
  'trades:read',
  'trades:write',
  'imports:write',
  'analytics:read',
  'reports:read',
  'journal:read',
  'journal:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The longest a token may be made to last; without `expiresAt` it lasts until revoked. */
export const API_TOKEN_MAX_DAYS = 5 * 366;

export const apiTokenCreateSchema = z
  .object({
    name: line().min(1, 'Name is required').max(100),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { error: `Scopes are ${API_TOKEN_SCOPES.join(', ')}` }), {
        error: 'Choose the scopes the token needs',
      })
      .min(1, 'Choose at least one scope')
      .max(API_TOKEN_SCOPES.length)
      .meta({ example: ['trades:read'] }),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Expiry must be a date-time such as 2026-12-31T23:59:59Z' })
      .optional()
      .meta({ example: '2026-12-31T23:59:59Z' }),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
export const apiTokenJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's first characters (`eb_` + 8), so the user can tell tokens apart. */
  prefix: z.string(),
  createdAt: instant,
  /** When it stops working; null: until revoked. */
  expiresAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
});
export type ApiTokenJson = z.infer<typeof apiTokenJsonSchema>;
export const apiTokenListJsonSchema = z.object({ tokens: z.array(apiTokenJsonSchema) });
/** Only the creation answer carries the token itself; it is never shown again. */
export const createdApiTokenJsonSchema = apiTokenJsonSchema.extend({ token: z.string() });
export type CreatedApiTokenJson = z.infer<typeof createdApiTokenJsonSchema>;
