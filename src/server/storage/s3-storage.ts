import { assertSafeKey, type ObjectStorage } from './object-storage';
import { sha256Hex, signRequest, uriEncode } from './sigv4';

export type S3StorageConfig = {
  bucket: string;
  /** `https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000` (MinIO), … */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most stand-ins). */
  forcePathStyle: boolean;
};

/** The object's URL, path-style or virtual-hosted-style. */
export function toObjectUrl(config: S3StorageConfig, key: string): URL {
  const endpoint = new URL(config.endpoint);
  const path = key.split('/').map(uriEncode).join('/');
  const base = endpoint.pathname.replace(/\/+$/, '');
  if (config.forcePathStyle) return new URL(`${endpoint.origin}${base}/${uriEncode(config.bucket)}/${path}`);
  return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${base}/${path}`);
}

async function describeFailure(res: Response): Promise<string> {
  const text = await res.text();
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  return `${res.status}${code ? ` ${code}` : ''}`;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) over fetch with hand-written Signature V4. Errors
 * name the operation and S3's error code, never the credentials.
 */
export function createS3Storage(
  config: S3StorageConfig,
  options: { now?: () => Date; fetch?: typeof fetch } = {},
): ObjectStorage {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };

  const request = async (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    assertSafeKey(key);
    const url = toObjectUrl(config, key);
    const payloadHash = sha256Hex(body ?? new Uint8Array());
    const { headers } = signRequest({
      method,
      url,
      headers: {
        'x-amz-content-sha256': payloadHash,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payloadHash,
      region: config.region,
      service: 's3',
      credentials,
      now: now(),
    });
    delete headers.host; // fetch sets it from the URL; it was signed with the same value
    // A copy over a plain ArrayBuffer: fetch's BodyInit type refuses a view over ArrayBufferLike.
    return send(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  };

  return {
    async put(key, body, { contentType }) {
      const res = await request('PUT', key, body, contentType);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${await describeFailure(res)}`);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await request('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${await describeFailure(res)}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await request('DELETE', key);
      // S3 answers 204 for a missing key too; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${await describeFailure(res)}`);
      await res.body?.cancel();
    },
  };
}
