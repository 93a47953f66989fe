import { resolve } from 'node:path';
import type { ServerConfig } from '../config';
import { createLocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** The configured storage: the S3-compatible bucket when `S3_BUCKET` is set, the local disk otherwise. */
export function createStorage(config: ServerConfig): ObjectStorage {
  const { storage } = config;
  if (storage.kind === 's3') return createS3Storage(storage);
  return createLocalDiskStorage(resolve(storage.dir));
}
