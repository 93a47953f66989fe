import { randomFillSync } from 'node:crypto';
import { toUuidText, writeUuidTime } from './uuid-text';

/** The id's 16 bytes: 6 of time, then the version, the variant and 74 random bits. */
const ID = new Uint8Array(16);
// Random bytes are drawn for 512 ids at a time.
const RANDOM = new Uint8Array(10 * 512);
let randomAt = RANDOM.length;
// A batch's rows share their time: its bytes are written once.
let idNow = Number.NaN;

/**
 * A new row id: a UUID of version 7 (RFC 9562), whose first 48 bits are the time in milliseconds
 * and the remaining 74 random. Rows written together get neighbouring ids, so a bulk write appends
 * to the primary key's index (and to the indexes of the foreign keys that point at it) instead of
 * touching a random page per row: a large import writes its trades about a third faster with them
 * (docs/import-bench.md). The random part keeps ids unguessable; every read checks the owner anyway.
 * (randomUUID's text sliced and joined to the time cost about 1 µs and 1 KB of garbage more an id,
 * and a large import makes 1,500,000.)
 */
export function newRowId(now: number = Date.now()): string {
  if (now !== idNow) {
    idNow = now;
    writeUuidTime(ID, now);
  }
  if (randomAt === RANDOM.length) {
    randomFillSync(RANDOM);
    randomAt = 0;
  }
  for (let i = 0; i < 10; i += 1) ID[6 + i] = RANDOM[randomAt + i]!;
  randomAt += 10;
  ID[6] = 0x70 | (ID[6]! & 0x0f); // version 7
  ID[8] = 0x80 | (ID[8]! & 0x3f); // variant 10
  return toUuidText(ID);
}
