import type OpenAI from 'openai';
import type * as OpenAiSdk from 'openai';
import { z } from 'zod';

/**
 * OpenAI-compatible chat completions (OpenAI, Azure-style proxies, vLLM, llama.cpp's server,
 * Ollama, LM Studio, …) through the official `openai` SDK. Optional everywhere it is used: the
 * product works without a provider, so every failure is a value the caller falls back from, never
 * an exception.
 */

/** The provider as the environment configures it (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`). */
export type LlmConfig = {
  /** Up to the API version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Sent as a bearer token; local servers usually need none. */
  apiKey: string | undefined;
  model: string;
  /** Each request is abandoned after this long. */
  timeoutMs: number;
};

export const DEFAULT_LLM_TIMEOUT_MS = 8_000;

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type ChatRequest = {
  messages: readonly ChatMessage[];
  /** Ask for a JSON object (`response_format: json_object`) where the provider supports it. */
  isJson?: boolean;
  temperature?: number;
  /** The caller's own cancellation, on top of the configured timeout. */
  signal?: AbortSignal;
};

export type ChatFailure =
  | { kind: 'timeout'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'malformed'; message: string };

export type ChatResult =
  { ok: true; content: string; model: string; finishReason: string | null } | { ok: false; failure: ChatFailure };

export type ChatClient = {
  readonly model: string;
  complete: (request: ChatRequest) => Promise<ChatResult>;
};

/** The answer as read: the SDK types it, but a compatible server may send anything. */
const completionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

/**
 * One more try after a rate limit, a server error or a dropped connection (the SDK's backoff, or the
 * provider's Retry-After), all within the one time budget of `timeoutMs`.
 */
const MAX_RETRIES = 1;

/** Provider error bodies are echoed in failures: cut short, and never with the key in them. */
const MAX_DETAIL = 200;

function toDetail(text: string, apiKey: string | undefined): string {
  const redacted = apiKey ? text.split(apiKey).join('[redacted]') : text;
  const oneLine = redacted.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

/** "Connection error." says little; the reason (ECONNREFUSED, a bad certificate, …) is down its causes. */
function toErrorText(err: unknown): string {
  if (!(err instanceof Error)) return 'The request failed';
  let reason: string | undefined;
  for (let cause: unknown = err.cause; cause instanceof Error; cause = cause.cause)
    reason = 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return reason ? `${err.message} ${reason}` : err.message;
}

/** The work, or the signal's reason as soon as it aborts (the SDK sleeps out a Retry-After regardless). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    // Handled even when the signal wins: the work rejects too, later.
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

let sdk: Promise<typeof OpenAiSdk> | undefined;
/** The SDK loads on first use: most installs configure no provider. */
const loadSdk = () => (sdk ??= import('openai'));

/** The SDK's client for the configured provider: only the `LLM_*` settings, never `OPENAI_*` ones. */
export async function createOpenAiClient(config: LlmConfig, options: { fetch?: typeof fetch } = {}): Promise<OpenAI> {
  const { default: OpenAI } = await loadSdk();
  return new OpenAI({
    baseURL: config.baseUrl,
    // The SDK insists on a key; local servers need none, so a placeholder is given and its header
    // left out.
    apiKey: config.apiKey ?? 'none',
    ...(config.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: config.timeoutMs,
    maxRetries: MAX_RETRIES,
    logLevel: 'off',
    fetchOptions: { redirect: 'error' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * A chat client for one configured provider. A call answers within `config.timeoutMs`, retries
 * included; the answer is `{ ok: true, content }` or a typed failure. It never logs, and failures
 * never carry the API key.
 */
export function createChatClient(config: LlmConfig, options: { fetch?: typeof fetch } = {}): ChatClient {
  let client: Promise<OpenAI> | undefined;
  // Some OpenAI-compatible servers refuse `response_format`; once one says so, it is not sent again
  // (the prompt asks for JSON anyway). The refused request itself fails: a 400 is not retried.
  let isJsonModeRefused = false;

  const complete = async (request: ChatRequest): Promise<ChatResult> => {
    // Loading the SDK, once, is not the provider's time.
    const { APIConnectionTimeoutError, APIError } = await loadSdk();
    const openai = await (client ??= createOpenAiClient(config, options));
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const isJsonMode = request.isJson === true && !isJsonModeRefused;
    try {
      const answer: unknown = await untilAborted(
        openai.chat.completions.create(
          {
            model: config.model,
            messages: [...request.messages],
            ...(isJsonMode ? { response_format: { type: 'json_object' as const } } : {}),
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            stream: false,
          },
          { signal },
        ),
        signal,
      );
      const parsed = completionSchema.safeParse(answer);
      const choice = parsed.success ? parsed.data.choices[0] : undefined;
      if (!parsed.success || typeof choice?.message.content !== 'string')
        return { ok: false, failure: { kind: 'malformed', message: 'The answer has no message content' } };
      return {
        ok: true,
        content: choice.message.content,
        model: parsed.data.model ?? config.model,
        finishReason: choice.finish_reason ?? null,
      };
    } catch (err) {
      if (deadline.aborted || err instanceof APIConnectionTimeoutError)
        return { ok: false, failure: { kind: 'timeout', message: `No answer within ${config.timeoutMs} ms` } };
      if (request.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'Cancelled' } };
      // APIConnectionError is an APIError without a status.
      if (err instanceof APIError && typeof err.status === 'number') {
        // The SDK's message is the status and the provider's error message (or its whole body).
        const detail = err.message.replace(/^\d+\s*/, '');
        if (isJsonMode && err.status === 400 && /response_format|json_object/i.test(detail)) isJsonModeRefused = true;
        return {
          ok: false,
          failure: {
            kind: 'http',
            status: err.status,
            message: `HTTP ${err.status}: ${toDetail(detail, config.apiKey)}`,
          },
        };
      }
      // A body that says it is JSON and is not.
      if (err instanceof SyntaxError)
        return { ok: false, failure: { kind: 'malformed', message: 'The answer is not JSON' } };
      return { ok: false, failure: { kind: 'network', message: toDetail(toErrorText(err), config.apiKey) } };
    }
  };

  return { model: config.model, complete };
}
