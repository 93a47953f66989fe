export const STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_EXPIRED: 400,
  TOKEN_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  /** A wrong two-factor code at sign-in. */
  INVALID_CODE: 401,
  /** The code step of a sign-in whose challenge expired, was used, or took too many wrong codes. */
  CHALLENGE_INVALID: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A bounded resource (the simulation workers) is saturated; the answer carries Retry-After. */
  BUSY: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** The JSON body of every error answer: `{ error: CODE, message, fields? }`. */
export type ErrorBody = { error: ErrorCode; message: string; fields?: Record<string, string> };

export type AppErrorOptions = {
  /** Sent as the Retry-After header (whole seconds). */
  retryAfterSeconds?: number;
  /** What failed underneath: logged with a 500 answer, never sent. */
  cause?: unknown;
};

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }

  get status(): number {
    return STATUS[this.code];
  }

  toBody(): ErrorBody {
    return this.fields
      ? { error: this.code, message: this.message, fields: this.fields }
      : { error: this.code, message: this.message };
  }
}
