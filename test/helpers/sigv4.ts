import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 as documented in
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html, written apart from the
 * AWS SDK the server uses, so the S3 stand-in checks the SDK's signatures independently of it.
 */

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string };

export type SignRequestParams = {
  method: string;
  url: URL;
  /** Headers to sign besides `host` and `x-amz-date`, which are added; names any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or `UNSIGNED-PAYLOAD`). */
  payloadHash: string;
  region: string;
  service: string;
  credentials: SigV4Credentials;
  now: Date;
};

export type SignedRequest = {
  /** The headers to send: the given ones, `host`, `x-amz-date` and `authorization`. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const ALGORITHM = 'AWS4-HMAC-SHA256';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - . _ ~ (AWS's UriEncode). */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20150830T123600Z` and `20150830`. */
export function toAmzDate(now: Date): { dateTime: string; date: string } {
  const dateTime = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { dateTime, date: dateTime.slice(0, 8) };
}

/** S3's canonical URI: each path segment encoded once (S3 does not double-encode). */
function toCanonicalUri(pathname: string): string {
  return (
    pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/') || '/'
  );
}

function toCanonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The canonical request over the given headers (lower-cased, values trimmed, runs of spaces folded). */
export function buildCanonicalRequest(params: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
}): { canonicalRequest: string; signedHeaders: string } {
  const entries = Object.entries(params.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = entries.map(([name]) => name).join(';');
  const canonicalRequest = [
    params.method.toUpperCase(),
    toCanonicalUri(params.url.pathname),
    toCanonicalQuery(params.url.searchParams),
    entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    params.payloadHash,
  ].join('\n');
  return { canonicalRequest, signedHeaders };
}

/** The hex signature of a string to sign, with the key derived from the secret and the scope. */
export function computeSignature(params: {
  secretAccessKey: string;
  date: string;
  region: string;
  service: string;
  stringToSign: string;
}): string {
  const kDate = hmac(`AWS4${params.secretAccessKey}`, params.date);
  const kRegion = hmac(kDate, params.region);
  const kService = hmac(kRegion, params.service);
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(params.stringToSign, 'utf8').digest('hex');
}

export function buildStringToSign(params: { dateTime: string; scope: string; canonicalRequest: string }): string {
  return [ALGORITHM, params.dateTime, params.scope, sha256Hex(params.canonicalRequest)].join('\n');
}

/** Signs a request: answers the headers to send, with the intermediate strings for tests and debugging. */
export function signRequest(params: SignRequestParams): SignedRequest {
  const { dateTime, date } = toAmzDate(params.now);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(params.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: params.url.host,
    'x-amz-date': dateTime,
  };
  const { canonicalRequest, signedHeaders } = buildCanonicalRequest({ ...params, headers });
  const scope = `${date}/${params.region}/${params.service}/aws4_request`;
  const stringToSign = buildStringToSign({ dateTime, scope, canonicalRequest });
  const signature = computeSignature({
    secretAccessKey: params.credentials.secretAccessKey,
    date,
    region: params.region,
    service: params.service,
    stringToSign,
  });
  headers.authorization = `${ALGORITHM} Credential=${params.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}

export type ParsedAuthorization = {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
};

/** Reads an `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` header; null if malformed. */
export function parseAuthorization(header: string): ParsedAuthorization | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/([^/\s]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return null;
  const [, accessKeyId = '', date = '', region = '', service = '', signedHeaders = '', signature = ''] = match;
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
}
