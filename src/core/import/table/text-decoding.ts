import { concatBytes } from '../../bytes';
import type { TextEncoding } from './types';

/** The slice of the WHATWG TextDecoder this layer uses. */
type WebTextDecoder = { decode(input?: Uint8Array, options?: { stream?: boolean }): string };
type WebTextDecoderConstructor = new (label: string, options?: { fatal?: boolean }) => WebTextDecoder;

// TextDecoder exists in every runtime this code runs in (Node ≥ 20, browsers) but core's ES2023
// lib does not declare it, so it is looked up on globalThis with the minimal type above.
const TextDecoderImpl = (globalThis as unknown as { TextDecoder: WebTextDecoderConstructor }).TextDecoder;

export type StreamDecoder = {
  /** Decodes one chunk; a character split across chunks comes out with the next chunk. */
  decode(bytes: Uint8Array): string;
  end(): string;
  /** The encoding in use; a UTF-8 guess can turn into windows-1252 (see createStreamDecoder). */
  readonly encoding: TextEncoding;
};

/**
 * Streaming decoder. A leading BOM is dropped. With `isUtf8Tentative` (the sniffed head was
 * plain ASCII, so UTF-8 was only a guess) the first invalid UTF-8 sequence switches the rest of
 * the file to windows-1252; what was decoded so far was ASCII, identical in both.
 */
export function createStreamDecoder(encoding: TextEncoding, isUtf8Tentative = false): StreamDecoder {
  let current = encoding;
  // 'tentative': only ASCII seen so far; 'confirmed': valid UTF-8 with non-ASCII seen, still
  // fatal so that a later bad byte is noticed; 'lenient': plain decoding with U+FFFD.
  let mode: 'tentative' | 'confirmed' | 'lenient' = encoding === 'utf-8' && isUtf8Tentative ? 'tentative' : 'lenient';
  let decoder = new TextDecoderImpl(encoding, { fatal: mode === 'tentative' });
  // Tentative: the bytes the decoder holds back, the start of a character the next bytes may
  // finish. Only ASCII came out so far, so they are the input's only non-ASCII bytes yet, at its end.
  let held: Uint8Array = new Uint8Array(0);
  const switchToWindows1252 = (bytes: Uint8Array): string => {
    current = 'windows-1252';
    decoder = new TextDecoderImpl('windows-1252');
    mode = 'lenient';
    return decoder.decode(concatBytes([held, bytes], held.length + bytes.length), { stream: true });
  };
  return {
    get encoding() {
      return current;
    },
    decode(bytes) {
      if (mode === 'lenient') return decoder.decode(bytes, { stream: true });
      try {
        const text = decoder.decode(bytes, { stream: true });
        // Confirmed by a character decoded, not by its first byte: a windows-1252 letter at the
        // end of a chunk is held back as the start of a UTF-8 character, and fails only with the next.
        if (mode === 'tentative') {
          if (NON_ASCII.test(text)) mode = 'confirmed';
          else held = toHeld(held, bytes);
        }
        return text;
      } catch {
        if (mode === 'tentative') return switchToWindows1252(bytes);
        decoder = new TextDecoderImpl('utf-8');
        mode = 'lenient';
        return decoder.decode(bytes, { stream: true });
      }
    },
    end() {
      try {
        return decoder.decode();
      } catch {
        // All ASCII but for a character never finished: a windows-1252 letter at the very end.
        if (mode === 'tentative') return switchToWindows1252(new Uint8Array(0));
        // A UTF-8 sequence cut off at the very end of the file.
        return '\uFFFD';
      }
    },
  };
}

const NON_ASCII = /[\u0080-\uffff]/;

/** What the decoder holds after `bytes` decoded to ASCII only: their trailing non-ASCII bytes. */
function toHeld(held: Uint8Array, bytes: Uint8Array): Uint8Array {
  let start = bytes.length;
  while (start > 0 && (bytes[start - 1] ?? 0) >= 0x80) start -= 1;
  // Bytes all non-ASCII (a tiny chunk) continue what was held; otherwise they end it.
  return start === 0 ? concatBytes([held, bytes], held.length + bytes.length) : bytes.slice(start);
}

/** Decodes a complete buffer (a head sample) without throwing; a cut-off final character is dropped. */
export function decodeSample(bytes: Uint8Array, encoding: TextEncoding): string {
  return new TextDecoderImpl(encoding).decode(bytes, { stream: true });
}

/**
 * True when `bytes` is valid UTF-8, allowing a multi-byte character cut off at the end
 * (the sample may stop mid-character).
 */
export function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoderImpl('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
