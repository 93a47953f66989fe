import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Uploaded import files wait on local disk between preview and commit (they can be hundreds of
 * megabytes: never held in memory). Names come from the import's id, never from the user.
 */
export type UploadStore = {
  /** Streams the upload to disk; answers its size and SHA-256. Throws what the source throws. */
  save: (id: string, source: Readable) => Promise<{ size: number; sha256: string }>;
  open: (id: string) => AsyncIterable<Uint8Array>;
  /** Where the file is on disk (a worker thread reads it from there). */
  path: (id: string) => string;
  exists: (id: string) => Promise<boolean>;
  /** When the file was last written; null when there is none. */
  modifiedAt: (id: string) => Promise<Date | null>;
  remove: (id: string) => Promise<void>;
  /** The ids of the files on disk (none when the folder is not there yet). */
  listIds: () => Promise<string[]>;
};

const FILE_NAME = /^([0-9a-f-]{36})\.upload$/;

export function createUploadStore(dir: string): UploadStore {
  const pathOf = (id: string) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`upload-store: not an import id: ${id}`);
    return join(dir, `${id}.upload`);
  };
  return {
    async save(id, source) {
      await mkdir(dir, { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(pathOf(id)));
      } catch (err) {
        await rm(pathOf(id), { force: true });
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },
    open: (id) => createReadStream(pathOf(id), { highWaterMark: 256 * 1024 }),
    path: pathOf,
    exists: async (id) => (await stat(pathOf(id)).catch(() => null)) !== null,
    modifiedAt: async (id) => (await stat(pathOf(id)).catch(() => null))?.mtime ?? null,
    remove: (id) => rm(pathOf(id), { force: true }),
    listIds: async () =>
      (await readdir(dir).catch(() => [])).flatMap((name) => FILE_NAME.exec(name)?.slice(1, 2) ?? []),
  };
}
