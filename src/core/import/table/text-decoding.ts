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
  return {
    get encoding() {
      return current;
    },
    decode(bytes) {
      if (mode === 'lenient') return decoder.decode(bytes, { stream: true });
      try {
        const text = decoder.decode(bytes, { stream: true });
        if (mode === 'tentative' && hasNonAscii(bytes)) mode = 'confirmed';
        return text;
      } catch {
        if (mode === 'tentative') {
          // Nothing is pending in the decoder: every byte before this chunk was ASCII.
          current = 'windows-1252';
          decoder = new TextDecoderImpl('windows-1252');
        } else {
          decoder = new TextDecoderImpl('utf-8');
        }
        mode = 'lenient';
        return decoder.decode(bytes, { stream: true });
      }
    },
    end() {
      try {
        return decoder.decode();
      } catch {
        // A UTF-8 sequence cut off at the very end of the file.
        return '\uFFFD';
      }
    },
  };
}

function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return true;
  return false;
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
