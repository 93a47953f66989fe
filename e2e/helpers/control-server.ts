import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { ManualClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/client';
import { emailOutbox } from '../../src/server/db/schema';
import { runSubscriptionLifecycle, type BillingDeps } from '../../src/server/modules/billing';
import { createUser, setTrialDaysRemaining } from '../../src/server/modules/users';

/**
 * Test-only control of the server under browser test, on its own loopback port (never part of the
 * app): create users, read the mail outbox, move the clock, run the subscription lifecycle.
 */
export async function startControlServer(deps: {
  db: Db;
  clock: ManualClock;
  billing: BillingDeps;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    try {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /users') {
        const user = await createUser(deps.db, {
          email: String(body.email),
          password: String(body.password),
          firstName: body.firstName as string | undefined,
          lastName: body.lastName as string | undefined,
          isVerified: body.verified !== false,
          isAdmin: body.admin === true,
          now: deps.clock.now(),
        });
        return send(201, { id: user.id, email: user.email });
      }
      if (route === 'POST /users/trial') {
        await setTrialDaysRemaining(deps.db, {
          email: String(body.email),
          daysRemaining: Number(body.daysRemaining),
          now: deps.clock.now(),
        });
        return send(200, { ok: true });
      }
      if (route === 'GET /outbox') {
        const to = url.searchParams.get('to');
        const rows = await deps.db
          .select()
          .from(emailOutbox)
          .where(to ? eq(emailOutbox.to, to) : undefined)
          .orderBy(desc(emailOutbox.createdAt));
        return send(200, rows);
      }
      if (route === 'POST /clock/advance') {
        deps.clock.advance(Number(body.ms));
        return send(200, { now: deps.clock.now().toISOString() });
      }
      if (route === 'POST /clock/reset') {
        deps.clock.reset();
        return send(200, { now: deps.clock.now().toISOString() });
      }
      if (route === 'POST /lifecycle') return send(200, await runSubscriptionLifecycle(deps.billing));
      return send(404, { error: `no control route ${route}` });
    } catch (err) {
      return send(500, { error: err instanceof Error ? err.message : String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
