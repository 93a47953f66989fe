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
