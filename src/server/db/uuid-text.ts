const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of a uuid's 16 bytes goes in its text (8-4-4-4-12 digits). */
const PLACES = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const TEXT = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/**
 * 16 bytes (from `offset`) as a uuid's text, as PostgreSQL prints it: written as bytes and read out
 * as one string. Built from hex pieces instead (toString('hex'), slices, a template), it was a
 * dozen or more strings joined for every key, and a large import makes a few million keys.
 */
export function toUuidText(bytes: Uint8Array, offset = 0): string {
  for (let i = 0; i < 16; i += 1) {
    const byte = bytes[offset + i]!;
    const at = PLACES[i]!;
    TEXT[at] = HEX[byte >> 4]!;
    TEXT[at + 1] = HEX[byte & 15]!;
  }
  return TEXT.toString('latin1', 0, 36);
}

const HEX_VALUES = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit += 1) {
  HEX_VALUES[HEX[digit]!] = digit;
  HEX_VALUES['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

const hexValue = (code: number) => (code < 128 ? HEX_VALUES[code]! : -1);

/**
 * toUuidText's reverse: a uuid's text as its 16 bytes at `offset`, read by PostgreSQL's rule
 * (string_to_uuid): in braces or not, 32 hex digits in either case, a hyphen allowed after any
 * group of four but the last. False for any other text (some bytes may be written).
 */
export function writeUuidBytes(text: string, bytes: Uint8Array, offset = 0): boolean {
  const hasBraces = text.charCodeAt(0) === 123; // '{'
  let i = hasBraces ? 1 : 0;
  for (let byte = 0; byte < 16; byte += 1) {
    const high = hexValue(text.charCodeAt(i));
    const low = hexValue(text.charCodeAt(i + 1));
    if (high < 0 || low < 0) return false;
    bytes[offset + byte] = (high << 4) | low;
    i += 2;
    if (byte % 2 === 1 && byte < 15 && text.charCodeAt(i) === 45) i += 1; // '-'
  }
  if (hasBraces && text.charCodeAt(i++) !== 125) return false; // '}'
  return i === text.length;
}

/** Milliseconds in [0, 2^48) as 6 bytes, big-endian, at the start of `bytes`: a v7 id's or a content key's time. */
export function writeUuidTime(bytes: Uint8Array, ms: number): void {
  const high = Math.floor(ms / 0x1000000);
  const low = ms % 0x1000000;
  bytes[0] = (high >>> 16) & 0xff;
  bytes[1] = (high >>> 8) & 0xff;
  bytes[2] = high & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
}
