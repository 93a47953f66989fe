import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the import batch size', () => {
  it('is 300 rows on PGlite, where other requests wait for the one connection while a batch is written', () => {
    expect(loadConfig({}).importBatchRows).toBe(300);
    expect(loadConfig({ DATABASE_URL: '' }).importBatchRows).toBe(300);
  });

  it('is 3,000 rows on PostgreSQL, where other requests have connections of their own', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/edgebook' }).importBatchRows).toBe(3_000);
  });

  it('is what IMPORT_BATCH_ROWS says on either, and refuses a size that is not a positive whole number', () => {
    expect(loadConfig({ IMPORT_BATCH_ROWS: '250' }).importBatchRows).toBe(250);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/edgebook', IMPORT_BATCH_ROWS: '500' }).importBatchRows,
    ).toBe(500);
    expect(() => loadConfig({ IMPORT_BATCH_ROWS: '0' })).toThrow('IMPORT_BATCH_ROWS');
  });
});

describe('the time a background import aims each transaction at (PGlite)', () => {
  it('is 25 ms unless IMPORT_BATCH_TARGET_MS says otherwise (0: fixed batches), and refuses a negative time', () => {
    expect(loadConfig({}).importBatchTargetMs).toBe(25);
    expect(loadConfig({ IMPORT_BATCH_TARGET_MS: '40' }).importBatchTargetMs).toBe(40);
    expect(loadConfig({ IMPORT_BATCH_TARGET_MS: '0' }).importBatchTargetMs).toBe(0);
    expect(() => loadConfig({ IMPORT_BATCH_TARGET_MS: '-1' })).toThrow('IMPORT_BATCH_TARGET_MS');
  });
});

describe('the write-ahead log a background import writes between two checkpoints (PGlite)', () => {
  it('is 16 MB unless IMPORT_CHECKPOINT_WAL_BYTES says otherwise, and refuses a size that is not positive', () => {
    expect(loadConfig({}).importCheckpointWalBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ IMPORT_CHECKPOINT_WAL_BYTES: '1000' }).importCheckpointWalBytes).toBe(1000);
    expect(() => loadConfig({ IMPORT_CHECKPOINT_WAL_BYTES: '0' })).toThrow('IMPORT_CHECKPOINT_WAL_BYTES');
  });
});
