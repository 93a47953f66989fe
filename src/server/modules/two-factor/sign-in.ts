import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toDeviceLabel } from '../../../core/auth/device-label';
import { hasAuditEvent, recordAudit } from '../../auth/audit';
import { isKnownDeviceProof, KNOWN_DEVICE_COOKIE } from '../../auth/known-device';
import { createSession, deleteSessionByToken } from '../../auth/sessions';
import { newSignInEmail } from '../../mail/templates';
import { setKnownDeviceCookie, setSessionCookie } from '../../plugins/auth';
import { toCurrentUserJson, type CurrentUserJson, type UserRow } from '../users';

/**
 * The end of every sign-in (the password alone, or the password and a code): a new session and its
 * cookie, the known-device cookie, the audit line, and an e-mail when a browser that never signed
 * in to this account did (not on the account's very first sign-in).
 */
export async function finishSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<CurrentUserJson> {
  const now = app.clock.now();
  const proof = req.cookies[KNOWN_DEVICE_COOKIE];
  const isKnownDevice = proof !== undefined && isKnownDeviceProof(user, proof);
  const hasSignedInBefore = isKnownDevice || (await hasAuditEvent(app.db, { userId: user.id, event: 'login' }));
  const userAgent = req.headers['user-agent'] ?? null;
  const { token } = await createSession(app.db, { userId: user.id, ip: req.ip, userAgent, now });
  await recordAudit(app.db, { event: 'login', userId: user.id, ip: req.ip, now });
  // A new random token at every sign-in: a session id planted before login is never reused.
  if (req.sessionToken) await deleteSessionByToken(app.db, req.sessionToken);
  setSessionCookie(app, reply, token);
  setKnownDeviceCookie(app, reply, user);
  if (!isKnownDevice && hasSignedInBefore) {
    await app.mailer.send(
      newSignInEmail(app.config.publicConfig, user, { device: toDeviceLabel(userAgent).label, ip: req.ip, at: now }),
    );
  }
  // The dashboard comes next: its analytics start loading now, in the background.
  void app.analyticsCache.warm([user.id]);
  return toCurrentUserJson(user, now);
}
