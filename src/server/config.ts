import { z } from 'zod';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '../core/config/operator';
import { parseSecretKeys, type SecretKey } from './crypto/secret-box';
import { DEFAULT_LLM_TIMEOUT_MS, type LlmConfig } from './llm/chat-client';

const d = DEFAULT_PUBLIC_CONFIG;
/** Validates the operator's public values; defaults from core. */
const publicConfigSchema = z.object({
  brand: z.string().min(1).default(d.brand),
  supportEmail: z.email().default(d.supportEmail),
  baseUrl: z.url().default(d.baseUrl),
  companyLegalName: z.string().min(1).default(d.companyLegalName),
  governingLawState: z.string().min(1).default(d.governingLawState),
  founderName: z.string().min(1).optional(),
  founderBio: z.string().min(1).optional(),
  adConversionId: z.string().min(1).optional(),
  walkthroughVideoUrl: z.url().optional(),
  trialDataRetentionDays: z.number().int().min(0).default(d.trialDataRetentionDays),
}) satisfies z.ZodType<PublicConfig>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** Requests per minute per IP on POST /api/contact. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Sign-in attempts per IP per minute, and failed attempts per account per 15 minutes. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Trial sign-ups per IP per hour; forgot/reset/resend requests per IP per 15 minutes. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  FORGOT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Stripe: set the secret key to use Stripe instead of the local test checkout. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  /** Where the Stripe SDK sends API calls (tests point it at a loopback stand-in). */
  STRIPE_API_URL: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  BRAND_NAME: z.string().optional(),
  SUPPORT_EMAIL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  COMPANY_LEGAL_NAME: z.string().optional(),
  GOVERNING_LAW_STATE: z.string().optional(),
  FOUNDER_NAME: z.string().optional(),
  FOUNDER_BIO: z.string().optional(),
  AD_CONVERSION_ID: z.string().optional(),
  WALKTHROUGH_VIDEO_URL: z.string().optional(),
  TRIAL_DATA_RETENTION_DAYS: z.coerce.number().int().min(0).optional(),
  /** Screenshots: the largest image accepted, and where files go (local disk unless S3_BUCKET is set). */
  SCREENSHOT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  UPLOADS_DIR: z.string().optional(),
  /** Imports: the largest file accepted, where uploads wait until commit, and above how many rows a commit runs in the background. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  IMPORTS_DIR: z.string().optional(),
  IMPORT_SYNC_ROW_LIMIT: z.coerce.number().int().positive().default(5_000),
  IMPORT_BATCH_ROWS: z.coerce.number().int().positive().optional(),
  IMPORT_BATCH_TARGET_MS: z.coerce.number().nonnegative().optional(),
  /** PGlite: write-ahead log a background import writes between two checkpoints (why: createImportCheckpointer). */
  IMPORT_CHECKPOINT_WAL_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** The heap cap of each process that reads an uploaded workbook (see spreadsheet-reader.ts). */
  IMPORT_SPREADSHEET_MAX_HEAP_MB: z.coerce.number().int().min(64).default(2048),
  /** Closed trades the analytics cache holds in memory over all users (0: no cache); a larger user is read from SQL. */
  ANALYTICS_CACHE_MAX_TRADES: z.coerce.number().int().min(0).default(2_000_000),
  /** Trade ids the trade list keeps in sorted order in memory over all users (see trade-order-cache.ts). */
  TRADE_LIST_CACHE_MAX_TRADES: z.coerce.number().int().min(0).default(500_000),
  /** Users with at least this many closed trades get a stored snapshot of them (see trade-facts-cache.ts). */
  ANALYTICS_SNAPSHOT_MIN_TRADES: z.coerce.number().int().min(1).default(5_000),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** An optional OpenAI-compatible language model (import column refinement); unset base URL = none. */
  LLM_BASE_URL: z.string().optional(),
  FX_RATES_URL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(DEFAULT_LLM_TIMEOUT_MS),
  /** Keys that seal stored secrets (two-factor seeds): `id:base64` pairs, the first sealing. */
  ENCRYPTION_KEYS: z.string().optional(),
  /** Requests per minute one API token may make (RateLimit-* headers tell scripts where they stand). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(120),
});

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  prices: { premium_monthly: string; premium_yearly: string };
  apiUrl: string | undefined;
};

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export type ServerConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactRateLimit: number;
  rateLimits: { loginPerIp: number; loginPerAccount: number; signupPerIp: number; forgotPerIp: number };
  stripe: StripeConfig | null;
  trustProxy: boolean;
  publicConfig: PublicConfig;
  /** PUBLIC_URL's origin; null when it is not set, and a request's Host header then names our origin. */
  publicOrigin: string | null;
  storage: StorageConfig;
  screenshotMaxBytes: number;
  importMaxBytes: number;
  importsDir: string;
  importSyncRowLimit: number;
  /**
   * Rows per write transaction of a background import. On PGlite other requests wait for the one
   * connection while a batch is written (1,000 by default); on PostgreSQL they have their own, and
   * larger batches spend less per row on each transaction's round trips (3,000).
   */
  importBatchRows: number;
  /** PGlite: each background import's transaction is sized to take about this long (0: `importBatchRows` always; PostgreSQL always). */
  importBatchTargetMs: number;
  /** PGlite: write-ahead log a background import writes between two checkpoints. */
  importCheckpointWalBytes: number;
  importSpreadsheetMaxHeapMb: number;
  analyticsCacheMaxTrades: number;
  tradeListCacheMaxTrades: number;
  analyticsSnapshotMinTrades: number;
  /** The optional language-model provider; null when none is configured (the product needs none). */
  llm: LlmConfig | null;
  /**
   * FX_RATES_URL: an optional exchange-rate provider answering as frankfurter.app does
   * (`GET {url}/{start}..{end}?from=USD&to=EUR`); null when none is configured (rates are uploaded).
   */
  fxRatesUrl: string | null;
  /**
   * ENCRYPTION_KEYS; null: the embedded default, a key file in DATA_DIR made on first start (an
   * in-memory key under NODE_ENV=test).
   */
  encryptionKeys: SecretKey[] | null;
  apiTokenRateLimit: number;
};

const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** Operator values that pages embed: parsed from the environment, defaults from core. */
export function loadPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  const e = envSchema.parse(env);
  const port = e.PORT;
  return publicConfigSchema.parse({
    brand: blankToUndefined(e.BRAND_NAME),
    supportEmail: blankToUndefined(e.SUPPORT_EMAIL),
    baseUrl: blankToUndefined(e.PUBLIC_URL) ?? `http://localhost:${port}`,
    companyLegalName: blankToUndefined(e.COMPANY_LEGAL_NAME),
    governingLawState: blankToUndefined(e.GOVERNING_LAW_STATE),
    founderName: blankToUndefined(e.FOUNDER_NAME),
    founderBio: blankToUndefined(e.FOUNDER_BIO),
    adConversionId: blankToUndefined(e.AD_CONVERSION_ID),
    walkthroughVideoUrl: blankToUndefined(e.WALKTHROUGH_VIDEO_URL),
    trialDataRetentionDays: e.TRIAL_DATA_RETENTION_DAYS,
  });
}

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const publicConfig = loadPublicConfig(env);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: blankToUndefined(e.DATABASE_URL),
    smtpUrl: blankToUndefined(e.SMTP_URL),
    mailFrom: blankToUndefined(e.MAIL_FROM) ?? `${publicConfig.brand} <${publicConfig.supportEmail}>`,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT,
      loginPerAccount: e.LOGIN_ACCOUNT_RATE_LIMIT,
      signupPerIp: e.SIGNUP_RATE_LIMIT,
      forgotPerIp: e.FORGOT_RATE_LIMIT,
    },
    stripe: toStripeConfig(e),
    trustProxy: e.TRUST_PROXY === 'true',
    publicConfig,
    publicOrigin: blankToUndefined(e.PUBLIC_URL) ? new URL(publicConfig.baseUrl).origin : null, // baseUrl is PUBLIC_URL, checked a URL
    storage: toStorageConfig(e),
    screenshotMaxBytes: e.SCREENSHOT_MAX_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importsDir: blankToUndefined(e.IMPORTS_DIR) ?? `${e.DATA_DIR.replace(/\/+$/, '')}/imports`,
    importSyncRowLimit: e.IMPORT_SYNC_ROW_LIMIT,
    // PGlite's one connection serves every request: a short transaction keeps their wait short,
    // and each batch costs a few milliseconds besides its rows, so PGlite's batches start at 300
    // rows and are then sized to take about 25 ms each (batch-sizer.ts; docs/import-bench.md).
    // PostgreSQL's transactions hold no one up: 3,000 rows each.
    importBatchRows: e.IMPORT_BATCH_ROWS ?? (blankToUndefined(e.DATABASE_URL) ? 3_000 : 300),
    importBatchTargetMs: e.IMPORT_BATCH_TARGET_MS ?? 25,
    importCheckpointWalBytes: e.IMPORT_CHECKPOINT_WAL_BYTES,
    fxRatesUrl: toFxRatesUrl(blankToUndefined(e.FX_RATES_URL)),
    importSpreadsheetMaxHeapMb: e.IMPORT_SPREADSHEET_MAX_HEAP_MB,
    analyticsCacheMaxTrades: e.ANALYTICS_CACHE_MAX_TRADES,
    tradeListCacheMaxTrades: e.TRADE_LIST_CACHE_MAX_TRADES,
    analyticsSnapshotMinTrades: e.ANALYTICS_SNAPSHOT_MIN_TRADES,
    llm: toLlmConfig(e),
    encryptionKeys: blankToUndefined(e.ENCRYPTION_KEYS) ? parseSecretKeys(e.ENCRYPTION_KEYS!) : null, // checked non-blank
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
  };
}

function toLlmConfig(e: z.infer<typeof envSchema>): LlmConfig | null {
  const baseUrl = blankToUndefined(e.LLM_BASE_URL);
  if (!baseUrl) return null;
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol))
    throw new Error('Invalid configuration: LLM_BASE_URL must be an http(s) URL such as https://api.openai.com/v1');
  const model = blankToUndefined(e.LLM_MODEL);
  if (!model) throw new Error('Invalid configuration: LLM_BASE_URL is set, so LLM_MODEL must be set too');
  return { baseUrl, apiKey: blankToUndefined(e.LLM_API_KEY), model, timeoutMs: e.LLM_TIMEOUT_MS };
}

function toStripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  const secretKey = blankToUndefined(e.STRIPE_SECRET_KEY);
  if (!secretKey) return null;
  const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const).filter(
    (k) => !blankToUndefined(e[k]),
  );
  if (missing.length)
    throw new Error(`Invalid configuration: STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too`);
  return {
    secretKey,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!.trim(), // checked above
    prices: { premium_monthly: e.STRIPE_PRICE_MONTHLY!.trim(), premium_yearly: e.STRIPE_PRICE_YEARLY!.trim() },
    apiUrl: blankToUndefined(e.STRIPE_API_URL),
  };
}

function toStorageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  const bucket = blankToUndefined(e.S3_BUCKET);
  if (!bucket)
    return { kind: 'local', dir: blankToUndefined(e.UPLOADS_DIR) ?? `${e.DATA_DIR.replace(/\/+$/, '')}/uploads` };
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !blankToUndefined(e[k]));
  if (missing.length)
    throw new Error(`Invalid configuration: S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  const region = blankToUndefined(e.S3_REGION) ?? 'us-east-1';
  const endpoint = blankToUndefined(e.S3_ENDPOINT) ?? `https://s3.${region}.amazonaws.com`;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    throw new Error(
      'Invalid configuration: S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com',
    );
  return {
    kind: 's3',
    bucket,
    endpoint,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID!.trim(), // checked above
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!.trim(), // checked above
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

function toFxRatesUrl(url: string | undefined): string | null {
  if (url === undefined) return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error('Invalid configuration: FX_RATES_URL must be an http(s) URL such as https://api.frankfurter.app');
  return url.replace(/\/+$/, '');
}
