import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStandIn, type LlmStandIn } from '../../../test/helpers/llm-stand-in';
import { createChatClient, type LlmConfig } from './chat-client';

const KEY = 'sk-test-0123456789abcdef';
/** Longer than any test runs: a provider that never answers (the stand-in's timers end at its close). */
const HANG_MS = 600_000;
const RETRY_AFTER_S = 30;
const MESSAGES = [{ role: 'user' as const, content: 'Say {"ok":true}' }];

let standIn: LlmStandIn;
let config: LlmConfig;

beforeAll(async () => {
  standIn = await startLlmStandIn();
  // A limit no answer meets on a slow machine; the tests of the limit set a short one against a hang.
  config = { baseUrl: standIn.baseUrl, apiKey: KEY, model: 'test-model', timeoutMs: 60_000 };
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.setReply({ kind: 'answer', content: '{"ok":true}' });
});

describe('createChatClient', () => {
  it('posts the model and messages with the key, asking for JSON, and answers the content', async () => {
    const result = await createChatClient(config).complete({ messages: MESSAGES, isJson: true });
    expect(result).toEqual({ ok: true, content: '{"ok":true}', model: 'stand-in-model', finishReason: 'stop' });
    const [request] = standIn.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toEqual({
      model: 'test-model',
      messages: MESSAGES,
      response_format: { type: 'json_object' },
      stream: false,
    });
  });

  it('accepts a base URL with a trailing slash', async () => {
    const result = await createChatClient({ ...config, baseUrl: `${standIn.baseUrl}/` }).complete({
      messages: MESSAGES,
    });
    expect(result).toMatchObject({ ok: true });
    expect(standIn.requests[0]?.path).toBe('/v1/chat/completions');
  });

  it('sends no authorization header without a key (local servers)', async () => {
    await createChatClient({ ...config, apiKey: undefined }).complete({ messages: MESSAGES });
    expect(standIn.requests[0]?.headers.authorization).toBeUndefined();
    expect(standIn.requests[0]?.body).not.toHaveProperty('response_format');
  });

  it('answers an HTTP failure without the key, even when the provider echoes it', async () => {
    standIn.setReply({
      kind: 'status',
      status: 401,
      body: `{"error":{"message":"Incorrect API key provided: ${KEY}"}}`,
    });
    const result = await createChatClient(config).complete({ messages: MESSAGES });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'http', status: 401 } });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('gives up after the timeout', async () => {
    standIn.setReply({ kind: 'hang', ms: HANG_MS });
    const result = await createChatClient({ ...config, timeoutMs: 300 }).complete({ messages: MESSAGES });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
  });

  it('answers a cancellation by the caller', async () => {
    standIn.setReply({ kind: 'hang', ms: HANG_MS });
    const controller = new AbortController();
    const pending = createChatClient(config).complete({ messages: MESSAGES, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
  });

  it.each([
    ['a body that is not JSON', 'Internal hiccup'],
    ['JSON without choices', '{"id":"x"}'],
    ['a choice without content', '{"choices":[{"message":{"content":null}}]}'],
  ])('answers malformed for %s', async (_, body) => {
    standIn.setReply({ kind: 'raw', body });
    const result = await createChatClient(config).complete({ messages: MESSAGES });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'malformed' } });
  });

  it('answers a network failure, with its reason, when nothing listens', async () => {
    const gone = await startLlmStandIn();
    await gone.close();
    const result = await createChatClient({ ...config, baseUrl: gone.baseUrl }).complete({ messages: MESSAGES });
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'network', message: expect.stringContaining('ECONNREFUSED') },
    });
  });

  it('tries once more after a server error', async () => {
    standIn.setReply(() =>
      standIn.requests.length === 1
        ? { kind: 'status', status: 503, body: '{"error":{"message":"overloaded"}}' }
        : { kind: 'answer', content: '{"ok":true}' },
    );
    expect(await createChatClient(config).complete({ messages: MESSAGES })).toMatchObject({ ok: true });
    expect(standIn.requests).toHaveLength(2);
  });

  it('answers the server error when the second try fails too, and tries no third time', async () => {
    standIn.setReply({ kind: 'status', status: 500, body: '{"error":{"message":"broken"}}' });
    const result = await createChatClient(config).complete({ messages: MESSAGES });
    expect(result).toEqual({ ok: false, failure: { kind: 'http', status: 500, message: 'HTTP 500: broken' } });
    expect(standIn.requests).toHaveLength(2);
  });

  it('gives up at the timeout when the provider asks to wait longer before the retry', async () => {
    standIn.setReply({
      kind: 'status',
      status: 429,
      body: '{"error":{"message":"slow down"}}',
      headers: { 'retry-after': String(RETRY_AFTER_S) },
    });
    const started = Date.now();
    const result = await createChatClient({ ...config, timeoutMs: 300 }).complete({ messages: MESSAGES });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(RETRY_AFTER_S * 1000); // it did not wait to try again
  });

  it('stops asking for JSON mode once the server refuses it', async () => {
    const client = createChatClient(config);
    standIn.setReply({ kind: 'status', status: 400, body: '{"error":{"message":"response_format is not supported"}}' });
    expect(await client.complete({ messages: MESSAGES, isJson: true })).toMatchObject({ ok: false });
    standIn.setReply({ kind: 'answer', content: '{"ok":true}' });
    expect(await client.complete({ messages: MESSAGES, isJson: true })).toMatchObject({ ok: true });
    expect(standIn.requests[0]?.body).toHaveProperty('response_format');
    expect(standIn.requests[1]?.body).not.toHaveProperty('response_format');
  });
});
