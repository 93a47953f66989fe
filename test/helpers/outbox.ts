import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { emailOutbox } from '../../src/server/db/schema';
import { waitUntil } from './wait-until';

/** The newest e-mail of this kind to this address in the outbox, or undefined. */
export async function getLatestMail(db: Db, params: { to: string; kind: string }) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, params.to), eq(emailOutbox.kind, params.kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return mail;
}

/**
 * The newest such e-mail once there is one (some are written by a background job after the
 * answer); undefined after 10 s without.
 */
export async function waitForMail(db: Db, params: { to: string; kind: string }) {
  await waitUntil(async () => (await getLatestMail(db, params)) !== undefined);
  return getLatestMail(db, params);
}
