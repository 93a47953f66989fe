import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One AES-256 key and the id stored beside everything sealed with it, so keys can rotate. */
export type SecretKey = { id: string; key: Buffer };

/**
 * Seals small secrets (TOTP seeds, webhook signing secrets) for storage: AES-256-GCM with a random
 * 96-bit IV, the key id and a context string (e.g. `totp:<user id>`) bound in as associated data, so
 * a sealed value copied to another row or purpose does not open. Format:
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The first key seals; every key opens, so an
 * operator rotates by putting a new key first and keeping the old ones until re-sealed.
 */
export type SecretBox = {
  seal: (plaintext: string, context: string) => string;
  /** Throws when the value was not sealed by one of our keys for this context. */
  open: (sealed: string, context: string) => string;
  currentKeyId: string;
};

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const current = keys[0];
  if (!current) throw new Error('createSecretBox needs at least one key');
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const aad = (keyId: string, context: string) => Buffer.from(`${VERSION}.${keyId}.${context}`);
  return {
    currentKeyId: current.id,
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(aad(current.id, context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
      return [VERSION, current.id, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !keyId || iv === undefined || tag === undefined || ciphertext === undefined)
        throw new Error('Not a sealed secret');
      const key = byId.get(keyId);
      if (!key) throw new Error(`No encryption key with id "${keyId}" is configured (ENCRYPTION_KEYS)`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(keyId, context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * `ENCRYPTION_KEYS`: comma-separated `id:base64key` pairs, each key 32 bytes, the first one sealing.
 * Throws with the variable's name on a malformed list.
 */
export function parseSecretKeys(raw: string): SecretKey[] {
  const keys = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [id, encoded] = part.split(':');
      const key = Buffer.from(encoded ?? '', 'base64');
      if (!id || !KEY_ID.test(id) || key.length !== 32)
        throw new Error(
          'Invalid configuration: ENCRYPTION_KEYS must be id:base64 pairs of 32-byte keys, e.g. k1:$(openssl rand -base64 32)',
        );
      return { id, key };
    });
  if (keys.length === 0) throw new Error('Invalid configuration: ENCRYPTION_KEYS is empty');
  return keys;
}

/**
 * The embedded default without ENCRYPTION_KEYS: one key in `<DATA_DIR>/secret.key` (owner-only),
 * made on first start. It must travel with the database's backups and, with several servers on
 * one PostgreSQL, be the same on each: set ENCRYPTION_KEYS there.
 */
export function loadOrCreateKeyFile(path: string): SecretKey[] {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(path, `local:${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process made it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  chmodSync(path, 0o600);
  return parseSecretKeys(readFileSync(path, 'utf8'));
}
