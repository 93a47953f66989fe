import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users';
import { startSmtpSink } from '../../../../test/helpers/smtp-sink';
import { postJson, startTestApp, type TestApp } from '../../../../test/helpers/test-app';

/** A slow mail server: each message takes this long to be accepted. */
const SMTP_DELAY_MS = 300;
const REQUESTS_EACH = 20;
/** How far apart the two medians may be: a known address once cost about 100 ms more. */
const MAX_MEDIAN_GAP_MS = 50;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
  t = await startTestApp({ env: { SMTP_URL: smtp.url, FORGOT_RATE_LIMIT: '1000' } });
  const now = new Date();
  const user = { password: 'Corr3ct-horse', firstName: 'Ann', now };
  await createUser(t.database.db, { ...user, email: 'known@example.com', isVerified: true });
  await createUser(t.database.db, { ...user, email: 'unverified@example.com', isVerified: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle - 0.5)]! + sorted[Math.ceil(middle - 0.5)]!) / 2;
};

async function timePost(path: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await postJson(t.url(path), { email });
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** Times requests for an address with an account and one without, one after the other, alternately. */
async function timeInterleaved(path: string, addresses: { known: string; unknown: string }) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < REQUESTS_EACH; i++) {
    // Alternating which goes first, so neither always follows the other's background work.
    if (i % 2 === 0) {
      known.push(await timePost(path, addresses.known));
      unknown.push(await timePost(path, addresses.unknown));
    } else {
      unknown.push(await timePost(path, addresses.unknown));
      known.push(await timePost(path, addresses.known));
    }
  }
  return { known: median(known), unknown: median(unknown) };
}

describe('answers that do not tell which addresses have accounts', () => {
  it.each([
    { path: '/api/auth/forgot-password', known: 'known@example.com', unknown: 'stranger@example.com' },
    { path: '/api/auth/resend-verification', known: 'unverified@example.com', unknown: 'nobody@example.com' },
  ])(
    'answers $path as fast for $known as for an address without an account, before the e-mail goes out',
    async ({ path, known, unknown }) => {
      const before = smtp.received.length;
      const medians = await timeInterleaved(path, { known, unknown });
      expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_GAP_MS);
      expect(medians.known).toBeLessThan(SMTP_DELAY_MS);
      // The e-mails still go out, after the answers, and only to the address with the account.
      await t.app.jobs.settle(60_000);
      const sent = smtp.received.slice(before);
      expect(sent).toHaveLength(REQUESTS_EACH);
      expect(sent.every((mail) => mail.to.includes(known))).toBe(true);
    },
  );
});
