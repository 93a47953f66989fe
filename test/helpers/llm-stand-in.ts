import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions API (`POST /v1/chat/completions`),
 * so tests run the real client over real HTTP with no outside service. Each request is recorded;
 * the test decides the reply: a completion with given content, an HTTP error, a raw body, or no
 * answer for a while (to run into the client's timeout).
 */

export type RecordedChatRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent. */
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: unknown;
};

export type LlmReply =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> }
  | { kind: 'raw'; body: string }
  | { kind: 'hang'; ms: number };

export type LlmStandIn = {
  /** The base URL to configure (`LLM_BASE_URL`), ending in `/v1`. */
  baseUrl: string;
  requests: RecordedChatRequest[];
  /** How the next requests are answered (default: an empty `{"columns":[]}` answer). */
  setReply: (reply: LlmReply | ((request: RecordedChatRequest) => LlmReply)) => void;
  close: () => Promise<void>;
};

/** A chat completion in OpenAI's shape whose one choice says `content`. */
export function toChatCompletion(content: string, model = 'stand-in-model'): unknown {
  return {
    id: 'chatcmpl-stand-in',
    object: 'chat.completion',
    created: 1_741_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

export async function startLlmStandIn(): Promise<LlmStandIn> {
  const requests: RecordedChatRequest[] = [];
  let reply: LlmReply | ((request: RecordedChatRequest) => LlmReply) = {
    kind: 'answer',
    content: '{"columns":[]}',
  };
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const recorded: RecordedChatRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        text,
        body,
      };
      requests.push(recorded);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const chosen = typeof reply === 'function' ? reply(recorded) : reply;
      switch (chosen.kind) {
        case 'answer':
          send(res, 200, JSON.stringify(toChatCompletion(chosen.content)));
          return;
        case 'status':
          send(res, chosen.status, chosen.body, chosen.headers);
          return;
        case 'raw':
          send(res, 200, chosen.body);
          return;
        case 'hang': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send(res, 200, JSON.stringify(toChatCompletion('{"columns":[]}')));
          }, chosen.ms);
          timers.add(timer);
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP: the address is an object

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply: (next) => {
      reply = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
