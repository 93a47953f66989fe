import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { startSmtpSink } from '../../../test/helpers/smtp-sink';
import { waitUntil } from '../../../test/helpers/wait-until';
import { postJson, startTestApp, type TestApp } from '../../../test/helpers/test-app';

const MESSAGE = {
  name: 'Sam',
  email: 'sam@example.com',
  subject: 'Question about R',
  message: 'How is initial risk computed?',
};

describe('contact mail over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        SUPPORT_EMAIL: 'support@edgebook.test',
        MAIL_FROM: 'Edgebook <no-reply@edgebook.test>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the message to the support address with a reply-to of the sender, and records it as sent', async () => {
    const res = await postJson(t.url('/api/contact'), MESSAGE);
    expect(res.status).toBe(201);
    // Delivered by a job after the answer.
    await t.app.jobs.settle();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['support@edgebook.test']);
    expect(mail.from).toBe('no-reply@edgebook.test');
    expect(mail.raw).toMatch(/^Reply-To: sam@example\.com/m);
    expect(mail.raw).toContain('Question about R');
    expect(mail.raw).toContain('How is initial risk computed?');
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact'));
    expect(row?.transport).toBe('smtp');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });
});

describe('contact mail when the SMTP server refuses', () => {
  it('keeps the message and records the delivery error instead of losing it', async () => {
    const smtp = await startSmtpSink({ failWith: 'mailbox unavailable' });
    const t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const res = await postJson(t.url('/api/contact'), MESSAGE);
      expect(res.status).toBe(201);
      const readRow = async () =>
        (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact')))[0];
      // The delivery job records SMTP's refusal at its first attempt, and tries again later.
      await waitUntil(async () => (await readRow())?.error != null);
      const row = await readRow();
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toContain('mailbox unavailable');
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
