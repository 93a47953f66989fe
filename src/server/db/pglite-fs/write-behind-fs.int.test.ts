import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteBehindFs } from './write-behind-fs';

// The writing process's script is outside the project, where the package would not be found.
const PGLITE_URL = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'index.js'),
).href;

/**
 * Runs `body` in a process of its own, after lines that import PGlite and WriteBehindFs and open
 * PGlite as `pg` on `fs`, a WriteBehindFs on `directory`.
 */
function runWriter(directory: string, body: string, stdio: StdioOptions): ChildProcess {
  const scriptFile = join(directory, 'writer.mts');
  writeFileSync(
    scriptFile,
    `import { PGlite } from ${JSON.stringify(PGLITE_URL)};
    import { WriteBehindFs } from ${JSON.stringify(new URL('./write-behind-fs.ts', import.meta.url).href)};
    const fs = new WriteBehindFs(${JSON.stringify(join(directory, 'pglite'))});
    const pg = new PGlite({ fs });
    ${body}`,
  );
  return spawn(process.execPath, ['--import', 'tsx', scriptFile], { stdio });
}

/** Rows in the table and in its index, which a database recovered to a consistent state agree on. */
async function countBothWays(pg: PGlite): Promise<{ table: number; index: number }> {
  await pg.exec('set enable_indexscan = off; set enable_bitmapscan = off');
  const table = await pg.query<{ n: number }>(`select count(*)::int as n from t`);
  await pg.exec('reset enable_indexscan; reset enable_bitmapscan; set enable_seqscan = off');
  const index = await pg.query<{ n: number }>(`select count(*)::int as n from t where id > 0`);
  await pg.exec('reset enable_seqscan');
  return { table: table.rows[0]!.n, index: index.rows[0]!.n };
}

describe('PGlite on WriteBehindFs', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'write-behind-pglite-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps what was written through checkpoints, updates, a dropped table and a restart', async () => {
    let pg = new PGlite({ fs: new WriteBehindFs(directory) });
    await pg.exec('create table t (id int primary key, v text)');
    await pg.exec(`insert into t select g, repeat('x', 200) from generate_series(1, 100000) g`);
    await pg.exec('checkpoint');
    await pg.exec(`update t set v = 'y' where id % 2 = 0`);
    // A temporary table emptied at each commit truncates its file, as the import's staging does.
    await pg.exec('create temporary table staging (id int) on commit delete rows');
    for (let i = 0; i < 20; i++)
      await pg.transaction(async (tx) => tx.exec(`insert into staging select generate_series(1, 5000)`));
    await pg.exec('create table dropped as select * from t; drop table dropped; checkpoint');
    await pg.close();

    pg = new PGlite({ fs: new WriteBehindFs(directory) });
    const { rows } = await pg.query<{ n: number; y: number }>(
      `select count(*)::int as n, count(*) filter (where v = 'y')::int as y from t`,
    );
    expect(rows[0]).toEqual({ n: 100000, y: 50000 });
    expect(await countBothWays(pg)).toEqual({ table: 100000, index: 100000 });
    await pg.close();
  });

  it('finishes the queued operations when the process exits', async () => {
    const child = runWriter(
      directory,
      `await pg.exec('create table t (id int primary key, v text)');
      await pg.exec(\`insert into t select g, repeat('x', 300) from generate_series(1, 50000) g\`);
      // 48 MB queued last, more than the writer does before the process would be gone.
      fs.writeFile('/queued-last', '');
      const fd = fs.open('/queued-last');
      const chunk = new Uint8Array(1024 * 1024).fill(1);
      for (let i = 0; i < 48; i++) fs.write(fd, chunk, 0, chunk.byteLength, i * chunk.byteLength);
      process.exit(0); // without closing the database`,
      'inherit',
    );
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);

    expect(statSync(join(directory, 'pglite', 'queued-last')).size).toBe(48 * 1024 * 1024);
    const pg = new PGlite({ fs: new WriteBehindFs(join(directory, 'pglite')) });
    expect(await countBothWays(pg)).toEqual({ table: 50000, index: 50000 });
    await pg.close();
  });

  it('recovers to a consistent database after the process is killed while writing', async () => {
    // A child process commits rows one transaction at a time until it is killed.
    const child = runWriter(
      directory,
      `await pg.exec('create table t (id int primary key, v text)');
      for (let batch = 0; ; batch++) {
        await pg.exec(\`insert into t select g, repeat('x', 300) from generate_series(\${batch * 2000 + 1}, \${batch * 2000 + 2000}) g\`);
        if (batch % 10 === 9) await pg.exec('checkpoint');
        if (batch === 15) process.stdout.write('writing\\n');
      }`,
      ['ignore', 'pipe', 'inherit'],
    );
    await new Promise<void>((resolve, reject) => {
      // Piped (runWriter's stdio above), so not null.
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('writing') && resolve());
      child.once('exit', (code) => reject(new Error(`the writing process ended first (${code})`)));
    });
    // Long enough for the writer to have done the 16 batches' queued writes, short of the end.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const pg = new PGlite({ fs: new WriteBehindFs(join(directory, 'pglite')) });
    const counts = await countBothWays(pg);
    expect(counts.table).toBe(counts.index);
    expect(counts.table).toBeGreaterThanOrEqual(16 * 2000);
    expect(counts.table % 2000).toBe(0); // whole transactions only
    await pg.close();
  });
});
