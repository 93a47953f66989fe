import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCanonicalRequest, buildStringToSign, computeSignature, parseAuthorization, sha256Hex } from './sigv4';

/**
 * A loopback stand-in for the S3 object API (path-style PUT, GET, DELETE on one bucket) that checks
 * every request's Signature V4 the way S3 does: the access key, the credential scope, the clock
 * skew, the body's SHA-256 against `x-amz-content-sha256`, and the signature recomputed from what
 * actually arrived (method, path, query and the signed headers). Failures answer S3's XML errors.
 */

export type StoredObject = { body: Buffer; contentType: string | undefined };
export type RecordedS3Request = { method: string; path: string; status: number; code: string | null };

export type S3StandIn = {
  /** The endpoint, e.g. `http://127.0.0.1:43121`. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  requests: RecordedS3Request[];
  close: () => Promise<void>;
};

const MAX_SKEW_MS = 15 * 60 * 1000;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const fromAmzDate = (text: string) =>
  Date.parse(
    `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`,
  );

export async function startS3StandIn(
  params: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    /** The stand-in's clock (ms since the epoch), for a server whose time differs from the client's. */
    now?: () => number;
  } = {},
): Promise<S3StandIn> {
  const now = params.now ?? Date.now;
  const bucket = params.bucket ?? 'edgebook-test';
  const region = params.region ?? 'us-east-1';
  const accessKeyId = params.accessKeyId ?? 'AKIDSTANDIN';
  const secretAccessKey = params.secretAccessKey ?? 'stand-in-secret/key+value';
  const objects = new Map<string, StoredObject>();
  const requests: RecordedS3Request[] = [];

  /** The S3 error code for a badly signed request, or null when the signature holds. */
  function checkSignature(req: IncomingMessage, url: URL, body: Buffer): { status: number; code: string } | null {
    const auth = parseAuthorization(req.headers.authorization ?? '');
    if (!auth) return { status: 403, code: 'AccessDenied' };
    if (auth.accessKeyId !== accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (auth.region !== region || auth.service !== 's3' || !amzDate.startsWith(auth.date))
      return { status: 400, code: 'AuthorizationHeaderMalformed' };
    if (!(Math.abs(now() - fromAmzDate(amzDate)) <= MAX_SKEW_MS)) return { status: 403, code: 'RequestTimeTooSkewed' };
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256Hex(body)) return { status: 400, code: 'XAmzContentSHA256Mismatch' };
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!auth.signedHeaders.includes(required)) return { status: 403, code: 'AccessDenied' };
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) {
      const value = req.headers[name];
      if (value === undefined) return { status: 403, code: 'SignatureDoesNotMatch' };
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const { canonicalRequest } = buildCanonicalRequest({ method: req.method ?? '', url, headers, payloadHash });
    const scope = `${auth.date}/${region}/s3/aws4_request`;
    const expected = computeSignature({
      secretAccessKey,
      date: auth.date,
      region,
      service: 's3',
      stringToSign: buildStringToSign({ dateTime: amzDate, scope, canonicalRequest }),
    });
    const isMatch = timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature.padEnd(64, '0').slice(0, 64)));
    return isMatch ? null : { status: 403, code: 'SignatureDoesNotMatch' };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    const answer = (status: number, code: string | null, payload?: Buffer, contentType?: string) => {
      requests.push({ method: req.method ?? '', path: url.pathname, status, code });
      // S3 states its time on every answer; SDKs correct their clock by it.
      res.setHeader('date', new Date(now()).toUTCString());
      if (code) {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
        return;
      }
      res.writeHead(status, contentType ? { 'content-type': contentType } : {});
      res.end(payload);
    };
    const failure = checkSignature(req, url, body);
    if (failure) return answer(failure.status, failure.code);
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    if (bucketName !== bucket) return answer(404, 'NoSuchBucket');
    const key = keyParts.map(decodeURIComponent).join('/');
    if (!key) return answer(400, 'InvalidRequest');
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, contentType: req.headers['content-type'] });
        return answer(200, null);
      case 'GET': {
        const found = objects.get(key);
        return found ? answer(200, null, found.body, found.contentType) : answer(404, 'NoSuchKey');
      }
      case 'DELETE':
        objects.delete(key);
        return answer(204, null);
      default:
        return answer(405, 'MethodNotAllowed');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
