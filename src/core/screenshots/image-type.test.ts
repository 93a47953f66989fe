import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeJpegHeader, makePng, makeWebpHeader } from '../../../test/helpers/images';
import { readImageSize, sniffImageType } from './image-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('sniffImageType', () => {
  it.each([
    ['a PNG', makePng(2, 2), 'image/png'],
    ['a JPEG', makeJpegHeader(640, 480), 'image/jpeg'],
    ['an Exif JPEG', bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10), 'image/jpeg'],
    ['a lossless WebP', makeWebpHeader(10, 20), 'image/webp'],
    ['a lossy WebP', text('RIFF\x10\x00\x00\x00WEBPVP8 '), 'image/webp'],
  ])('recognises %s by its magic bytes', (_name, content, expected) => {
    expect(sniffImageType(content)).toBe(expected);
  });

  it.each([
    ['an empty file', bytes()],
    ['a GIF', text('GIF89a\x01\x00\x01\x00')],
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['a PDF', text('%PDF-1.7\n')],
    ['a WAV (RIFF but not WebP)', text('RIFF\x10\x00\x00\x00WAVEfmt ')],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a lone JPEG SOI', bytes(0xff, 0xd8)],
  ])('refuses %s', (_name, content) => {
    expect(sniffImageType(content)).toBeNull();
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (content) => {
        const type = sniffImageType(content);
        if (type) expect(() => readImageSize(content, type)).not.toThrow();
      }),
    );
  });
});

describe('readImageSize', () => {
  it('reads the size of a PNG, a JPEG and a WebP from their headers', () => {
    expect(readImageSize(makePng(3, 5), 'image/png')).toEqual({ width: 3, height: 5 });
    expect(readImageSize(makeJpegHeader(1920, 1080), 'image/jpeg')).toEqual({ width: 1920, height: 1080 });
    expect(readImageSize(makeWebpHeader(800, 600), 'image/webp')).toEqual({ width: 800, height: 600 });
  });

  it('reads an extended (VP8X) WebP', () => {
    const header = Buffer.alloc(30);
    header.write('RIFF', 0, 'latin1');
    header.write('WEBPVP8X', 8, 'latin1');
    header.writeUIntLE(1279, 24, 3);
    header.writeUIntLE(719, 27, 3);
    expect(readImageSize(header, 'image/webp')).toEqual({ width: 1280, height: 720 });
  });

  it('answers null for a header it cannot read', () => {
    expect(readImageSize(bytes(0xff, 0xd8, 0xff, 0xd9), 'image/jpeg')).toBeNull();
    expect(readImageSize(text('RIFF\x00\x00\x00\x00WEBPVP8 '), 'image/webp')).toBeNull();
  });
});
