import { inject } from 'vitest';

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  kind: string;
  meta: Record<string, string> | null;
  createdAt: string;
};

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('controlUrl')}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Test control of the server under test: users, outbox, clock (see control-server.ts). */
export const control = {
  createUser: (user: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    verified?: boolean;
    admin?: boolean;
  }) => call<{ id: string; email: string }>('POST', '/users', user),
  setTrialDaysRemaining: (email: string, daysRemaining: number) =>
    call('POST', '/users/trial', { email, daysRemaining }),
  outbox: (to?: string) => call<OutboxMail[]>('GET', `/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`),
  /** The newest e-mail of a kind to an address (e.g. 'email-verification', 'password-reset'). */
  async latestMail(to: string, kind: string): Promise<OutboxMail> {
    // Some e-mails (a password reset, a resent verification) are written by a job after the answer.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = (await control.outbox(to)).find((m) => m.kind === kind);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no ${kind} e-mail to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
  advanceClock: (ms: number) => call('POST', '/clock/advance', { ms }),
  resetClock: () => call('POST', '/clock/reset'),
  runLifecycle: () => call<{ notices: number; converted: number; closed: number }>('POST', '/lifecycle'),
};

/** A unique e-mail address per test, so tests sharing one server never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
