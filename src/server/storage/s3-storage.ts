import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertSafeKey, type ObjectStorage } from './object-storage';

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

/** What tests vary besides the bucket's settings. */
export type S3ClientOptions = Pick<S3ClientConfig, 'systemClockOffset' | 'maxAttempts'>;

let sdk: Promise<typeof S3Sdk> | undefined;
/** The SDK loads on first use: it takes a second or more to load, and most installs keep files on disk. */
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/**
 * The AWS SDK's client for the configured bucket. The credentials are the configured ones only: the
 * SDK's chain of environment variables, profiles and instance roles is not consulted.
 */
export async function createS3Client(config: S3StorageConfig, options: S3ClientOptions = {}): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // CRC32 checksums on every upload and download are a newer default that several S3-compatible
    // stores do not implement; the signed SHA-256 of the body already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...options,
  });
}

/** `403 SignatureDoesNotMatch`: the status and S3's error code, never the message or credentials. */
function describeFailure({ S3ServiceException }: typeof S3Sdk, err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.$metadata.httpStatusCode ?? '?'} ${err.name}`;
  return err instanceof Error ? err.message : String(err);
}

const statusOf = ({ S3ServiceException }: typeof S3Sdk, err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK, which signs, retries and
 * corrects for clock skew. Errors name the operation and S3's error code, never the credentials.
 */
export function createS3Storage(config: S3StorageConfig, options: S3ClientOptions = {}): ObjectStorage {
  let connection: Promise<{ s3: typeof S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connection ??= Promise.all([loadSdk(), createS3Client(config, options)]).then(([s3, client]) => ({ s3, client })));
  const Bucket = config.bucket;

  return {
    async put(key, body, { contentType }) {
      assertSafeKey(key);
      const { s3, client } = await connect();
      try {
        await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
      } catch (err) {
        throw new Error(`S3 PUT ${key} failed: ${describeFailure(s3, err)}`, { cause: err });
      }
    },
    async get(key) {
      assertSafeKey(key);
      const { s3, client } = await connect();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
      } catch (err) {
        if (statusOf(s3, err) === 404) return null;
        throw new Error(`S3 GET ${key} failed: ${describeFailure(s3, err)}`, { cause: err });
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { s3, client } = await connect();
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        // S3 answers 204 for a missing key too; some compatible stores answer 404.
        if (statusOf(s3, err) === 404) return;
        throw new Error(`S3 DELETE ${key} failed: ${describeFailure(s3, err)}`, { cause: err });
      }
    },
  };
}
