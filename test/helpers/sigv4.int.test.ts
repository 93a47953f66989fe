// Checks the S3 stand-in's own Signature V4 against AWS's published examples. A plain unit test, kept under
// test/ with the stand-in, where only *.int.test.ts files are collected.
import { describe, expect, it } from 'vitest';
import { parseAuthorization, sha256Hex, signRequest, uriEncode } from './sigv4';

const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signRequest', () => {
  // The "get-vanilla" case of AWS's Signature Version 4 test suite.
  it('reproduces the AWS test suite’s get-vanilla signature', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      payloadHash: EMPTY_HASH,
      region: 'us-east-1',
      service: 'service',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      now: new Date('2015-08-30T12:36:00Z'),
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_HASH,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  // "Example: GET Object" in the Amazon S3 API reference (Authenticating Requests: Authorization header).
  it('reproduces the S3 documentation’s GET Object example', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_HASH },
      payloadHash: EMPTY_HASH,
      region: 'us-east-1',
      service: 's3',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(parseAuthorization(signed.headers.authorization ?? '')).toEqual({
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      date: '20130524',
      region: 'us-east-1',
      service: 's3',
      signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      signature: signed.signature,
    });
  });

  // "Example: PUT Object" in the same reference: a key that needs encoding and a signed body hash.
  it('reproduces the S3 documentation’s PUT Object example', () => {
    const body = 'Welcome to Amazon S3.';
    const signed = signRequest({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': sha256Hex(body),
      },
      payloadHash: sha256Hex(body),
      region: 'us-east-1',
      service: 's3',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });
});

describe('uriEncode', () => {
  it.each([
    ['a b', 'a%20b'],
    ["it's (1)*", 'it%27s%20%281%29%2A'],
    ['~-._', '~-._'],
    ['$', '%24'],
  ])('encodes %s as %s', (raw, encoded) => {
    expect(uriEncode(raw)).toBe(encoded);
  });
});

describe('parseAuthorization', () => {
  it('answers null for a header that is not SigV4', () => {
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(parseAuthorization('AWS4-HMAC-SHA256 Credential=x, SignedHeaders=host, Signature=zz')).toBeNull();
  });
});
