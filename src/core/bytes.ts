/**
 * The chunks as one array of their bytes, in order (`length`: their total, when the caller has
 * it); a single chunk as it is, not copied.
 */
export function concatBytes(
  chunks: readonly Uint8Array[],
  length = chunks.reduce((sum, chunk) => sum + chunk.length, 0),
): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1 && chunks[0]) return chunks[0] as Uint8Array<ArrayBuffer>;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
