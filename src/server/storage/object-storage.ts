/**
 * Where uploaded files live: the local disk by default, an S3-compatible bucket when configured.
 * Keys are made by the server (never from user input) and use only `[a-z0-9/._-]`.
 */
export type ObjectStorage = {
  /** Stores the bytes under the key, replacing what was there. */
  put: (key: string, body: Uint8Array, options: { contentType: string }) => Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Uint8Array | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete: (key: string) => Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Throws on a key that is not one the server makes: a bug, never user input. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`Unsafe storage key: ${key}`);
}
