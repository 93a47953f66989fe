import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** What the message is for, e.g. "contact" or "password-reset": for the outbox and tests. */
  kind: string;
  meta?: Record<string, string>;
};

export type Mailer = { send: (message: MailMessage) => Promise<{ id: string; delivered: boolean }> };

/**
 * Every message is written to the outbox table first. Without SMTP that is where it stays (the
 * embedded default, readable by admins); with SMTP it is also delivered and `sent_at` or `error`
 * records the outcome, so a failed delivery is never silently lost.
 */
export function createMailer(params: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log?: (msg: string, err?: unknown) => void;
}): Mailer {
  const transport = params.smtpUrl ? nodemailer.createTransport(params.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await params.db
        .insert(emailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          replyTo: message.replyTo ?? null,
          kind: message.kind,
          meta: message.meta ?? null,
          transport: transport ? 'smtp' : 'outbox',
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id; // insert … returning always yields the inserted row
      if (!transport) return { id, delivered: false };
      try {
        await transport.sendMail({
          from: params.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          replyTo: message.replyTo,
        });
        await params.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
        return { id, delivered: true };
      } catch (err) {
        params.log?.(`SMTP delivery failed for outbox message ${id}`, err);
        await params.db
          .update(emailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(emailOutbox.id, id));
        return { id, delivered: false };
      }
    },
  };
}
