import { describe, expect, it } from 'vitest';
import type { RefinementRequest } from '../../../core/import/detect/refine-columns';
import type { ChatClient, ChatRequest, ChatResult } from '../../llm/chat-client';
import { createColumnRefiner, toRefinementMessages } from './column-refiner';

const REQUEST: RefinementRequest = {
  columns: [
    { index: 5, header: 'Blorp', samples: ['1.00', '1.25'] },
    { index: 6, header: 'Zed', samples: ['U#######'] },
  ],
  allowedRoles: ['date', 'commission', 'fees', 'account', 'ignore'],
};

/** A chat client that answers `result` and records what it was asked. */
function fakeChat(result: ChatResult | (() => Promise<ChatResult>)): ChatClient & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    model: 'fake-model',
    requests,
    complete: async (request) => {
      requests.push(request);
      return typeof result === 'function' ? result() : result;
    },
  };
}

const answer = (content: string): ChatResult => ({ ok: true, content, model: 'fake-model', finishReason: 'stop' });

describe('toRefinementMessages', () => {
  it('sends the unsure columns as JSON and nothing else from the file', () => {
    const [system, user] = toRefinementMessages(REQUEST);
    expect(user?.role).toBe('user');
    expect(JSON.parse(user?.content ?? '')).toEqual({ columns: REQUEST.columns });
    expect(system?.role).toBe('system');
  });

  it('offers only the allowed roles, and asks for JSON', () => {
    const [system] = toRefinementMessages(REQUEST);
    const offered = [...(system?.content ?? '').matchAll(/^- (\w+):/gm)].map((m) => m[1]);
    expect(offered).toEqual(REQUEST.allowedRoles);
    expect(system?.content).toContain('{"columns":[');
  });
});

describe('createColumnRefiner', () => {
  it('answers the model’s suggestions, asking for a JSON answer', async () => {
    const chat = fakeChat(answer('{"columns":[{"index":5,"role":"commission","confidence":0.9}]}'));
    const warnings: string[] = [];
    const refine = createColumnRefiner({ chat, warn: (_, message) => warnings.push(message) });
    expect(await refine(REQUEST)).toEqual([{ index: 5, role: 'commission', confidence: 0.9 }]);
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]?.isJson).toBe(true);
    expect(warnings).toEqual([]);
  });

  it.each<[string, ChatResult]>([
    ['a timeout', { ok: false, failure: { kind: 'timeout', message: 'No answer within 8000 ms' } }],
    ['an HTTP error', { ok: false, failure: { kind: 'http', status: 500, message: 'HTTP 500: boom' } }],
    ['an answer that is not JSON', answer('Blorp looks like a commission.')],
  ])('answers no suggestions and warns on %s', async (_, result) => {
    const warnings: Record<string, unknown>[] = [];
    const refine = createColumnRefiner({ chat: fakeChat(result), warn: (details) => warnings.push(details) });
    expect(await refine(REQUEST)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ model: 'fake-model' });
  });

  it('answers no suggestions when the client throws after all', async () => {
    const chat = fakeChat(() => Promise.reject(new Error('bug')));
    const warnings: unknown[] = [];
    const refine = createColumnRefiner({ chat, warn: (details) => warnings.push(details) });
    expect(await refine(REQUEST)).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('warns about ignored entries and keeps the valid ones', async () => {
    const content = JSON.stringify({
      columns: [
        { index: 5, role: 'commission', confidence: 0.9 },
        { index: 6, role: 'bogus', confidence: 0.9 },
      ],
    });
    const warnings: Record<string, unknown>[] = [];
    const refine = createColumnRefiner({ chat: fakeChat(answer(content)), warn: (details) => warnings.push(details) });
    expect(await refine(REQUEST)).toEqual([{ index: 5, role: 'commission', confidence: 0.9 }]);
    expect(warnings).toEqual([{ model: 'fake-model', dropped: 1 }]);
  });
});
