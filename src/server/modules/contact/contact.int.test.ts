import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox } from '../../db/schema';
import { postJson, startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const VALID = {
  name: 'Dana Trader',
  email: 'dana@example.com',
  subject: 'Broker file',
  message: 'My Tradier export does not import.',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { CONTACT_RATE_LIMIT: '100', SUPPORT_EMAIL: 'help@edgebook.test' } });
});
afterAll(() => t.close());

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the support address through the outbox', async () => {
    const res = await postJson(t.url('/api/contact'), VALID);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      subject: VALID.subject,
      message: VALID.message,
    });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact'));
    expect(mail).toMatchObject({ to: 'help@edgebook.test', replyTo: VALID.email, transport: 'outbox' });
    expect(mail?.subject).toContain(VALID.subject);
    expect(mail?.text).toContain(VALID.message);
  });

  it.each(['name', 'email', 'subject', 'message'] as const)(
    'rejects a message without %s, naming the field',
    async (field) => {
      const res = await postJson(t.url('/api/contact'), { ...VALID, [field]: '   ' });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.fields)).toEqual([field]);
    },
  );

  it('rejects an invalid e-mail address and stores nothing', async () => {
    const before = await t.database.db.select().from(contactMessages);
    const res = await postJson(t.url('/api/contact'), { ...VALID, email: 'dana-at-example' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('email');
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('names all four fields when the body is empty', async () => {
    const res = await postJson(t.url('/api/contact'), {});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('answers malformed JSON with a 400, not a crash', async () => {
    const res = await fetch(t.url('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('refuses an oversize body with 413', async () => {
    const res = await postJson(t.url('/api/contact'), { ...VALID, message: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe('POST /api/contact rate limit', () => {
  it('answers 429 with Retry-After once an IP exceeds the limit', async () => {
    const limited = await startTestApp({ env: { CONTACT_RATE_LIMIT: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await postJson(limited.url('/api/contact'), VALID)).status);
      expect(statuses).toEqual([201, 201, 429]);
      const res = await postJson(limited.url('/api/contact'), VALID);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ error: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});
