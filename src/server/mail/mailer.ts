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

export type Mailer = {
  /** Writes the message to the outbox and, with SMTP, queues its delivery: it never waits for SMTP. */
  send: (message: MailMessage) => Promise<{ id: string }>;
  /** Delivers an outbox message over SMTP unless it was already (the delivery job); throws when SMTP refuses it. */
  deliver: (outboxId: string) => Promise<void>;
};

/**
 * Every message is written to the outbox table first. Without SMTP that is where it stays (the
 * embedded default, readable by admins); with SMTP a job delivers it after the request has been
 * answered (so an answer never tells how long SMTP took), retried with backoff, and `sent_at` or
 * `error` records the outcome, so a failed delivery is never silently lost.
 */
export function createMailer(params: {
  db: Db;
  smtpUrl?: string;
  from: string;
  /** Queues the delivery of an outbox message (the `mail-deliver` job). */
  enqueueDelivery: (outboxId: string) => Promise<unknown>;
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
      if (transport) await params.enqueueDelivery(id);
      return { id };
    },
    async deliver(outboxId) {
      if (!transport) return;
      const [message] = await params.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      // Sent once: a retry after the send but before `sent_at` was stored is the one case sent twice.
      if (!message || message.sentAt) return;
      try {
        await transport.sendMail({
          from: params.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          replyTo: message.replyTo ?? undefined,
        });
      } catch (err) {
        params.log?.(`SMTP delivery failed for outbox message ${outboxId}`, err);
        await params.db
          .update(emailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(emailOutbox.id, outboxId));
        throw err;
      }
      await params.db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, outboxId));
    },
  };
}
