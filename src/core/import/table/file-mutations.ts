/**
 * Random damage to a file, for fuzz tests: byte flips, truncation, inserted and deleted bytes,
 * as fast-check values. Shared by the in-process fuzz test and the spreadsheet reader's.
 */
import fc from 'fast-check';

export type FileMutation = { kind: 'flip' | 'truncate' | 'insert' | 'delete'; at: number; value: number };

export const fileMutation: fc.Arbitrary<FileMutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(), value: fc.constant(0) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), value: fc.nat({ max: 64 }) }),
);

/** `seed` with the mutations applied in order (positions wrap around the current length). */
export function mutateFile(seed: Uint8Array, mutations: readonly FileMutation[]): Uint8Array {
  let bytes = seed.slice();
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % bytes.length;
    if (m.kind === 'flip') bytes[at] = m.value;
    else if (m.kind === 'truncate') bytes = bytes.slice(0, at);
    else if (m.kind === 'insert') bytes = new Uint8Array([...bytes.subarray(0, at), m.value, ...bytes.subarray(at)]);
    else bytes = new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + m.value)]);
  }
  return bytes;
}
