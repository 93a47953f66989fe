import { z } from 'zod';

/**
 * A small client for OpenAI-compatible chat completions (OpenAI, Azure-style proxies, vLLM,
 * llama.cpp's server, Ollama, LM Studio, …). Optional everywhere it is used: the product works
 * without a provider, so every failure is a value the caller falls back from, never an exception.
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

/** Provider error bodies are echoed in failures: cut short, and never with the key in them. */
const MAX_DETAIL = 200;

function toDetail(text: string, apiKey: string | undefined): string {
  const redacted = apiKey ? text.split(apiKey).join('[redacted]') : text;
  const oneLine = redacted.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

/** fetch says "fetch failed"; the reason (ECONNREFUSED, a bad certificate, …) is its cause. */
function toErrorText(err: unknown): string {
  if (!(err instanceof Error)) return 'The request failed';
  const cause: unknown = err.cause;
  if (!(cause instanceof Error)) return err.message;
  const reason = 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return `${err.message}: ${reason}`;
}

/** `…/v1` + `/chat/completions`, whatever trailing slashes the setting has. */
export function toCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/**
 * A chat client for one configured provider. Requests time out after `config.timeoutMs`; the
 * answer is `{ ok: true, content }` or a typed failure. It never logs, and failures never carry
 * the API key.
 */
export function createChatClient(config: LlmConfig, options: { fetch?: typeof fetch } = {}): ChatClient {
  const send = options.fetch ?? fetch;
  const url = toCompletionsUrl(config.baseUrl);
  // Some OpenAI-compatible servers refuse `response_format`; once one says so, it is not sent again
  // (the prompt asks for JSON anyway). The refused request itself fails: one request per call.
  let isJsonModeRefused = false;

  const complete = async (request: ChatRequest): Promise<ChatResult> => {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const isJsonMode = request.isJson === true && !isJsonModeRefused;
    const body = {
      model: config.model,
      messages: request.messages,
      ...(isJsonMode ? { response_format: { type: 'json_object' } } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      stream: false,
    };
    try {
      const res = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      const text = await res.text();
      if (!res.ok) {
        if (isJsonMode && res.status === 400 && /response_format|json_object/i.test(text)) isJsonModeRefused = true;
        return {
          ok: false,
          failure: {
            kind: 'http',
            status: res.status,
            message: `HTTP ${res.status}: ${toDetail(text, config.apiKey)}`,
          },
        };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, failure: { kind: 'malformed', message: 'The answer is not JSON' } };
      }
      const parsed = completionSchema.safeParse(json);
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
      if (timeout.aborted)
        return { ok: false, failure: { kind: 'timeout', message: `No answer within ${config.timeoutMs} ms` } };
      if (request.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'Cancelled' } };
      return { ok: false, failure: { kind: 'network', message: toDetail(toErrorText(err), config.apiKey) } };
    }
  };

  return { model: config.model, complete };
}
