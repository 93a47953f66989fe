import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users/users.service';
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
  it('answers a forgot-password request as fast for a known address as for an unknown one, before the e-mail goes out', async () => {
    const medians = await timeInterleaved('/api/auth/forgot-password', {
      known: 'known@example.com',
      unknown: 'stranger@example.com',
    });
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_GAP_MS);
    expect(medians.known).toBeLessThan(SMTP_DELAY_MS);
    // The e-mails still go out, after the answers.
    await t.app.jobs.settle(60_000);
    const resets = smtp.received.filter((mail) => mail.to.includes('known@example.com'));
    expect(resets).toHaveLength(REQUESTS_EACH);
    expect(smtp.received.some((mail) => mail.to.includes('stranger@example.com'))).toBe(false);
  });

  it('answers a resend-verification request as fast for an unverified account as for no account', async () => {
    const before = smtp.received.length;
    const medians = await timeInterleaved('/api/auth/resend-verification', {
      known: 'unverified@example.com',
      unknown: 'nobody@example.com',
    });
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(MAX_MEDIAN_GAP_MS);
    expect(medians.known).toBeLessThan(SMTP_DELAY_MS);
    await t.app.jobs.settle(60_000);
    expect(smtp.received.slice(before).every((mail) => mail.to.includes('unverified@example.com'))).toBe(true);
    expect(smtp.received.length - before).toBe(REQUESTS_EACH);
  });
});
