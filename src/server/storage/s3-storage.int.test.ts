import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../test/helpers/s3-stand-in';
import { signRequest, sha256Hex } from '../../../test/helpers/sigv4';
import { createS3Client, createS3Storage, type S3StorageConfig } from './s3-storage';

let s3: S3StandIn;
let config: S3StorageConfig;

beforeAll(async () => {
  s3 = await startS3StandIn();
  config = {
    bucket: s3.bucket,
    endpoint: s3.url,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  };
});
afterAll(() => s3.close());

describe('createS3Storage', () => {
  it('puts, gets and deletes an object with a signature the stand-in accepts', async () => {
    const storage = createS3Storage(config);
    const body = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('screenshots/u1/a.png', body, { contentType: 'image/png' });
    expect(s3.objects.get('screenshots/u1/a.png')).toEqual({ body: Buffer.from(body), contentType: 'image/png' });
    expect(await storage.get('screenshots/u1/a.png')).toEqual(body);
    await storage.delete('screenshots/u1/a.png');
    expect(s3.objects.has('screenshots/u1/a.png')).toBe(false);
    expect(await storage.get('screenshots/u1/a.png')).toBeNull();
    await expect(storage.delete('screenshots/u1/a.png')).resolves.toBeUndefined();
  });

  it('fails with S3’s error code, and stores nothing, when the secret is wrong', async () => {
    const storage = createS3Storage({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(
      storage.put('screenshots/u1/b.png', new Uint8Array([1]), { contentType: 'image/png' }),
    ).rejects.toThrow('S3 PUT screenshots/u1/b.png failed: 403 SignatureDoesNotMatch');
    expect(s3.objects.has('screenshots/u1/b.png')).toBe(false);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('fails when the access key is unknown or the clock is off by more than 15 minutes', async () => {
    await expect(createS3Storage({ ...config, accessKeyId: 'AKIDOTHER' }).get('screenshots/x.png')).rejects.toThrow(
      '403 InvalidAccessKeyId',
    );
    const skewed = createS3Storage(config, { systemClockOffset: -60 * 60 * 1000, maxAttempts: 1 });
    await expect(skewed.get('screenshots/x.png')).rejects.toThrow('403 RequestTimeTooSkewed');
  });

  it('corrects its clock by S3’s answer and retries when the two differ by an hour', async () => {
    const ahead = await startS3StandIn({ now: () => Date.now() + 60 * 60 * 1000 });
    try {
      const storage = createS3Storage({ ...config, endpoint: ahead.url });
      await storage.put('screenshots/u1/d.png', new Uint8Array([4]), { contentType: 'image/png' });
      expect(ahead.requests.map((r) => r.code)).toEqual(['RequestTimeTooSkewed', null]);
      expect(ahead.objects.get('screenshots/u1/d.png')?.body).toEqual(Buffer.from([4]));
    } finally {
      await ahead.close();
    }
  });

  it('(the stand-in) refuses a body that is not the one that was signed', async () => {
    const url = new URL(`${s3.url}/${s3.bucket}/screenshots/u1/c.png`);
    const signed = signRequest({
      method: 'PUT',
      url,
      headers: { 'x-amz-content-sha256': sha256Hex('the signed body') },
      payloadHash: sha256Hex('the signed body'),
      region: config.region,
      service: 's3',
      credentials: config,
      now: new Date(),
    });
    delete signed.headers.host;
    const res = await fetch(url, { method: 'PUT', headers: signed.headers, body: 'another body' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    // Same body, but a signed header changed on the way: the recomputed signature differs.
    const amzDate = signed.headers['x-amz-date'] ?? '';
    const otherSecond = amzDate.endsWith('00Z') ? '01Z' : '00Z';
    const res2 = await fetch(url, {
      method: 'PUT',
      headers: { ...signed.headers, 'x-amz-date': amzDate.replace(/..Z$/, otherSecond) },
      body: 'the signed body',
    });
    expect(res2.status).toBe(403);
    expect(await res2.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(s3.objects.has('screenshots/u1/c.png')).toBe(false);
  });

  it('refuses a key the server would never make', async () => {
    const storage = createS3Storage(config);
    await expect(storage.get('../etc/passwd')).rejects.toThrow('Unsafe storage key');
    await expect(storage.get('Screenshots/A B.png')).rejects.toThrow('Unsafe storage key');
  });
});

describe('createS3Client', () => {
  /** The URL the client would call for a key, caught before anything is sent. */
  async function toRequestUrl(forcePathStyle: boolean): Promise<string> {
    const client = await createS3Client({
      ...config,
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'journal',
      forcePathStyle,
    });
    let url = '';
    client.middlewareStack.add(
      () => (args) => {
        const request = args.request as { protocol: string; hostname: string; path: string }; // an HttpRequest at this step
        url = `${request.protocol}//${request.hostname}${request.path}`;
        return Promise.reject(new Error('caught'));
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await expect(client.send(new GetObjectCommand({ Bucket: 'journal', Key: 'screenshots/u/a.png' }))).rejects.toThrow(
      'caught',
    );
    return url;
  }

  it('addresses the bucket path-style or virtual-hosted-style', async () => {
    expect(await toRequestUrl(false)).toBe('https://journal.s3.eu-west-1.amazonaws.com/screenshots/u/a.png');
    expect(await toRequestUrl(true)).toBe('https://s3.eu-west-1.amazonaws.com/journal/screenshots/u/a.png');
  });
});
