import type { ContactRequest } from '../../../contracts/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';

/** Stores a contact message and forwards it to the support address, replying to the sender. */
export async function submitContactMessage(
  deps: { db: Db; mailer: Mailer; supportEmail: string; brand: string },
  params: ContactRequest & { ip: string | null },
): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ name: params.name, email: params.email, subject: params.subject, message: params.message, ip: params.ip })
    .returning({ id: contactMessages.id });
  const id = row!.id; // insert … returning always yields the inserted row
  await deps.mailer.send({
    to: deps.supportEmail,
    replyTo: params.email,
    subject: `[${deps.brand} contact] ${params.subject}`,
    text: `From: ${params.name} <${params.email}>\nMessage id: ${id}\n\n${params.message}\n`,
    kind: 'contact',
    meta: { contactMessageId: id },
  });
  return { id };
}
