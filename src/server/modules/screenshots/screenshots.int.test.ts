import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenshotJson, ScreenshotListJson } from '../../../contracts/screenshots';
import type { AccountJson, AddExecutionsJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { makeJpegHeader, makePng, makeWebpHeader } from '../../../../test/helpers/images';
import { startS3StandIn, type S3StandIn } from '../../../../test/helpers/s3-stand-in';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createUser } from '../users';
import { purgeDeletedTrades } from '../trades';
import { deleteStoredObjects } from './screenshots.service';

const PASSWORD = 'long-enough-password';
const MAX_BYTES = 100_000;
const ORIGIN = 'http://localhost:3000';

type FilePart = { bytes: Uint8Array; name: string; type: string };
type UploadParts = { file?: FilePart; thumbnail?: FilePart; caption?: string };

/** `POST /api/trades/:id/screenshots` as a browser's FormData upload. */
function upload(t: TestApp, client: TestClient, tradeId: string, parts: UploadParts): Promise<Response> {
  const form = new FormData();
  const toBlob = (part: FilePart) => new Blob([new Uint8Array(part.bytes)], { type: part.type });
  if (parts.file) form.append('file', toBlob(parts.file), parts.file.name);
  if (parts.thumbnail) form.append('thumbnail', toBlob(parts.thumbnail), parts.thumbnail.name);
  if (parts.caption !== undefined) form.append('caption', parts.caption);
  return fetch(t.url(`/api/trades/${tradeId}/screenshots`), {
    method: 'POST',
    headers: { origin: ORIGIN, ...(client.cookie ? { cookie: client.cookie } : {}) },
    body: form,
  });
}

async function signIn(t: TestApp, email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

/** One account with one closed AAPL trade and a later closed MSFT trade; answers the trade ids. */
async function seedTrades(client: TestClient): Promise<{ accountId: string; aapl: string; msft: string }> {
  const account = await client.json<AccountJson>(client.post('/api/accounts', { name: 'Main' }));
  const added = await client.json<AddExecutionsJson>(
    client.post('/api/executions', {
      accountId: account.id,
      executions: [
        { executedAt: '2025-02-03T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '10', price: '100' },
        { executedAt: '2025-02-03T15:10:00Z', symbol: 'AAPL', side: 'sell', quantity: '10', price: '101' },
        { executedAt: '2025-02-04T15:00:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '300' },
        { executedAt: '2025-02-04T15:10:00Z', symbol: 'MSFT', side: 'sell', quantity: '1', price: '301' },
      ],
    }),
  );
  const bySymbol = (symbol: string) => added.trades.find((trade) => trade.symbol === symbol)!.id;
  return { accountId: account.id, aapl: bySymbol('AAPL'), msft: bySymbol('MSFT') };
}

/** Every file under a directory, relative paths. */
function listFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(listFiles(path).map((p) => join(name, p)));
    else out.push(name);
  }
  return out.sort();
}

const PNG = makePng(40, 30);
const JPEG = makeJpegHeader(1920, 1080);
const WEBP = makeWebpHeader(800, 600);

describe('screenshots on local disk', () => {
  let t: TestApp;
  let uploadsDir: string;
  let alice: TestClient;
  let bob: TestClient;
  let trades: { accountId: string; aapl: string; msft: string };

  beforeAll(async () => {
    uploadsDir = mkdtempSync(join(tmpdir(), 'edgebook-uploads-'));
    t = await startTestApp({
      env: { UPLOADS_DIR: uploadsDir, SCREENSHOT_MAX_BYTES: String(MAX_BYTES), LOGIN_RATE_LIMIT: '1000' },
    });
    alice = await signIn(t, 'alice@example.com');
    bob = await signIn(t, 'bob@example.com');
    trades = await seedTrades(alice);
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it.each([
    ['PNG', PNG, 'image/png', { width: 40, height: 30 }],
    ['JPEG', JPEG, 'image/jpeg', { width: 1920, height: 1080 }],
    ['WebP', WEBP, 'image/webp', { width: 800, height: 600 }],
  ] as const)('stores a %s and serves it back byte for byte', async (_name, bytes, mimeType, size) => {
    const res = await upload(t, alice, trades.aapl, {
      file: { bytes, name: 'chart.bin', type: 'application/octet-stream' },
      caption: '  Entry on the 5-minute chart ',
    });
    expect(res.status).toBe(201);
    const shot = (await res.json()) as ScreenshotJson;
    expect(shot).toMatchObject({
      mimeType,
      byteSize: bytes.length,
      ...size,
      caption: 'Entry on the 5-minute chart',
      hasThumbnail: false,
      url: `/api/screenshots/${shot.id}`,
      thumbnailUrl: `/api/screenshots/${shot.id}/thumbnail`,
    });

    const full = await alice.get(shot.url);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer())).toEqual(Buffer.from(bytes));
    expect(full.headers.get('content-type')).toBe(mimeType);
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('cache-control')).toMatch(/^private\b/);
    expect(full.headers.get('content-disposition')).toMatch(
      new RegExp(`^inline; filename="screenshot-${shot.id.slice(0, 8)}\\.(png|jpg|webp)"$`),
    );
    // No thumbnail was sent: the thumbnail URL falls back to the original.
    const thumb = await alice.get(shot.thumbnailUrl);
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(Buffer.from(bytes));
  });

  it('lists the trade’s screenshots oldest first with the size limit', async () => {
    const list = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
    expect(list.maxBytes).toBe(MAX_BYTES);
    expect(list.screenshots.map((s) => s.mimeType)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(await alice.json(alice.get(`/api/trades/${trades.msft}/screenshots`))).toEqual({
      screenshots: [],
      maxBytes: MAX_BYTES,
    });
    // Keys are the server's: the user's file name never reaches the disk.
    const files = listFiles(uploadsDir);
    expect(files).toHaveLength(3);
    expect(files.join()).not.toContain('chart');
    for (const file of files) expect(file).toMatch(/^screenshots\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|webp)$/);
  });

  it('stores the browser-made thumbnail and serves it at the thumbnail URL', async () => {
    const thumbnail = makePng(4, 3, [255, 0, 0]);
    const res = await upload(t, alice, trades.msft, {
      file: { bytes: PNG, name: 'full.png', type: 'image/png' },
      thumbnail: { bytes: thumbnail, name: 'thumb.png', type: 'image/png' },
    });
    expect(res.status).toBe(201);
    const shot = (await res.json()) as ScreenshotJson;
    expect(shot.hasThumbnail).toBe(true);
    const thumb = await alice.get(shot.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(thumb.headers.get('content-disposition')).toContain('-thumbnail.png');
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(thumbnail);
    expect(Buffer.from(await (await alice.get(shot.url)).arrayBuffer())).toEqual(PNG);
  });

  describe('refuses bad uploads clearly and stores nothing', () => {
    const expectNothingStored = async (before: string[], beforeCount: number) => {
      expect(listFiles(uploadsDir)).toEqual(before);
      const list = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
      expect(list.screenshots).toHaveLength(beforeCount);
    };

    it.each([
      ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
      ['an empty-looking text file', Buffer.from('hello')],
    ])('answers 415 for %s renamed to .png and declared image/png', async (_name, bytes) => {
      const before = listFiles(uploadsDir);
      const res = await upload(t, alice, trades.aapl, { file: { bytes, name: 'chart.png', type: 'image/png' } });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This file is not a PNG, JPEG or WebP image. Upload a PNG, JPEG or WebP image.',
      });
      await expectNothingStored(before, 3);
    });

    it('answers 413 for an image over the size limit', async () => {
      const before = listFiles(uploadsDir);
      const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]);
      const res = await upload(t, alice, trades.aapl, { file: { bytes: big, name: 'big.png', type: 'image/png' } });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: 'PAYLOAD_TOO_LARGE',
        message: 'The image is larger than the 0.1 MB limit.',
      });
      await expectNothingStored(before, 3);
    });

    it('answers 415 for a thumbnail that is not an image, keeping the original out too', async () => {
      const before = listFiles(uploadsDir);
      const res = await upload(t, alice, trades.aapl, {
        file: { bytes: PNG, name: 'ok.png', type: 'image/png' },
        thumbnail: { bytes: Buffer.from('<svg/>'), name: 'thumb.webp', type: 'image/webp' },
      });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The thumbnail is not a PNG, JPEG or WebP image. Upload a PNG, JPEG or WebP image.',
      );
      await expectNothingStored(before, 3);
    });

    it('answers 400 without a file, and for two files in one request', async () => {
      const none = await upload(t, alice, trades.aapl, { caption: 'no file' });
      expect(none.status).toBe(400);
      expect(await none.json()).toMatchObject({ message: 'Attach an image in the "file" field.' });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
      form.append('file', new Blob([new Uint8Array(PNG)]), 'b.png');
      const two = await fetch(t.url(`/api/trades/${trades.aapl}/screenshots`), {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: alice.cookie! },
        body: form,
      });
      expect(two.status).toBe(400);
      expect(await two.json()).toMatchObject({ message: expect.stringContaining('one image per request') });
    });

    it('answers 415 for a body that is not multipart', async () => {
      const json = await alice.post(`/api/trades/${trades.aapl}/screenshots`, { file: 'iVBORw0KGgo=' });
      expect(json.status).toBe(415);
      expect(await json.json()).toMatchObject({ message: expect.stringContaining('multipart/form-data') });
      const raw = await fetch(t.url(`/api/trades/${trades.aapl}/screenshots`), {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: alice.cookie!, 'content-type': 'image/png' },
        body: new Uint8Array(PNG),
      });
      expect(raw.status).toBe(415);
      await expectNothingStored(listFiles(uploadsDir), 3);
    });
  });

  it('keeps a trade’s screenshots when new fills regroup it', async () => {
    const before = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
    await alice.post('/api/executions', {
      accountId: trades.accountId,
      executions: [{ executedAt: '2025-02-03T15:05:00Z', symbol: 'AAPL', side: 'buy', quantity: '5', price: '100.5' }],
    });
    const list = await alice.json<TradeListJson>(alice.get('/api/trades?symbol=AAPL'));
    const aapl = list.trades.find((trade) => trade.symbol === 'AAPL')!;
    const after = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${aapl.id}/screenshots`));
    expect(after.screenshots.map((s) => s.id)).toEqual(before.screenshots.map((s) => s.id));
    trades.aapl = aapl.id;
  });

  describe('isolation', () => {
    let hers: ScreenshotJson;
    beforeAll(async () => {
      const list = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
      hers = list.screenshots[0]!;
    });

    it('answers 404 to another user on every endpoint, and Alice’s screenshot stays', async () => {
      const attempts: [string, Promise<Response>][] = [
        ['upload', upload(t, bob, trades.aapl, { file: { bytes: PNG, name: 'x.png', type: 'image/png' } })],
        ['list', bob.get(`/api/trades/${trades.aapl}/screenshots`)],
        ['full', bob.get(hers.url)],
        ['thumbnail', bob.get(hers.thumbnailUrl)],
        ['delete', bob.delete(hers.url)],
      ];
      for (const [name, pending] of attempts) {
        const res = await pending;
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
        expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
      expect((await alice.get(hers.url)).status).toBe(200);
    });

    it('answers 404 for ids that are not ids', async () => {
      for (const path of ['/api/screenshots/not-a-uuid', '/api/screenshots/..%2F..%2Fetc%2Fpasswd/thumbnail'])
        expect((await alice.get(path)).status).toBe(404);
      expect((await alice.get('/api/trades/nope/screenshots')).status).toBe(404);
    });

    it('answers 401 to anyone not signed in', async () => {
      const anonymous = new TestClient(t.url(''));
      expect(
        (await upload(t, anonymous, trades.aapl, { file: { bytes: PNG, name: 'x.png', type: 'image/png' } })).status,
      ).toBe(401);
      for (const path of [`/api/trades/${trades.aapl}/screenshots`, hers.url, hers.thumbnailUrl])
        expect((await anonymous.get(path)).status).toBe(401);
      expect((await anonymous.delete(hers.url, { origin: ORIGIN })).status).toBe(401);
    });
  });

  it('deletes a screenshot’s row and its stored files', async () => {
    const shot = (await (
      await upload(t, alice, trades.msft, {
        file: { bytes: JPEG, name: 'x.jpg', type: 'image/jpeg' },
        thumbnail: { bytes: makePng(2, 2), name: 't.png', type: 'image/png' },
      })
    ).json()) as ScreenshotJson;
    const files = listFiles(uploadsDir);
    expect(files.filter((f) => f.includes(shot.id))).toHaveLength(2);
    const res = await alice.delete(shot.url);
    expect(res.status).toBe(204);
    expect(listFiles(uploadsDir).filter((f) => f.includes(shot.id))).toEqual([]);
    expect((await alice.get(shot.url)).status).toBe(404);
    expect((await alice.get(shot.thumbnailUrl)).status).toBe(404);
    expect((await alice.delete(shot.url)).status).toBe(404);
  });

  it('keeps a deleted trade’s files for a restore, and removes them when the purge deletes it for good', async () => {
    const aaplShots = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
    expect(aaplShots.screenshots.length).toBeGreaterThan(0);
    const before = listFiles(uploadsDir);
    const { undoToken } = await alice.json<{ undoToken: string }>(alice.delete(`/api/trades/${trades.aapl}`));
    expect(listFiles(uploadsDir)).toEqual(before);
    expect((await alice.post('/api/trades/restore', { undoToken })).status).toBe(200);
    const restored = await alice.json<ScreenshotListJson>(alice.get(`/api/trades/${trades.aapl}/screenshots`));
    expect(restored.screenshots.map((shot) => shot.id)).toEqual(aaplShots.screenshots.map((shot) => shot.id));

    const bulk = await alice.post('/api/trades/bulk', { action: 'delete', ids: [trades.aapl, trades.msft] });
    expect(bulk.status).toBe(200);
    expect(listFiles(uploadsDir)).toEqual(before);
    const removeFiles = (keys: readonly string[]) =>
      deleteStoredObjects({ storage: t.app.storage, log: () => {} }, keys);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await purgeDeletedTrades(t.database.db, { now: later, removeFiles })).toBe(2);
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('removes the stored files when the whole account is deleted', async () => {
    const other = await seedTrades(alice);
    const res = await upload(t, alice, other.aapl, { file: { bytes: PNG, name: 'a.png', type: 'image/png' } });
    expect(res.status).toBe(201);
    expect(listFiles(uploadsDir).length).toBeGreaterThan(0);
    expect((await alice.delete(`/api/accounts/${other.accountId}`)).status).toBe(204);
    expect(listFiles(uploadsDir)).toEqual([]);
  });
});

describe('screenshots in an S3-compatible bucket', () => {
  let t: TestApp;
  let s3: S3StandIn;
  let alice: TestClient;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await startTestApp({
      env: {
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.url,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    alice = await signIn(t, 'carol@example.com');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores, serves and deletes through the bucket', async () => {
    const { aapl } = await seedTrades(alice);
    const thumbnail = makePng(2, 2);
    const res = await upload(t, alice, aapl, {
      file: { bytes: WEBP, name: 'a.webp', type: 'image/webp' },
      thumbnail: { bytes: thumbnail, name: 't.png', type: 'image/png' },
    });
    expect(res.status).toBe(201);
    const shot = (await res.json()) as ScreenshotJson;
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(2);
    expect(s3.objects.get(keys.find((k) => k.endsWith('.webp'))!)).toEqual({
      body: Buffer.from(WEBP),
      contentType: 'image/webp',
    });
    expect(Buffer.from(await (await alice.get(shot.url)).arrayBuffer())).toEqual(WEBP);
    expect(Buffer.from(await (await alice.get(shot.thumbnailUrl)).arrayBuffer())).toEqual(thumbnail);
    expect((await alice.delete(shot.url)).status).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.every((r) => r.code === null)).toBe(true);
  });

  it('refuses to start with a bucket but no credentials', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(
      'S3_BUCKET is set, so S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too',
    );
  });
});
