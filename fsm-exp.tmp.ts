import { PGlite } from '@electric-sql/pglite';
import { existsSync, writeFileSync, rmSync } from 'node:fs';
const mode = process.argv[2]; // 'plain' | 'vacuum' | 'touch'
const dir = `/tmp/fsmexp/db-${mode}`;
rmSync(dir, { recursive: true, force: true });
const pg = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'] });
await pg.exec(`set wal_init_zero = off; create table t (id uuid primary key, a uuid not null, k uuid not null, s text not null, at timestamptz not null, q numeric not null, p numeric not null);
create unique index t_ak on t (a, k); create index t_as on t (a, s, at);`);
const rels = (await pg.query<{ p: string }>(`select pg_relation_filepath(c.oid) as p from pg_class c where relname in ('t','t_pkey','t_ak','t_as')`)).rows.map((r) => r.p);
if (mode === 'vacuum') {
  await pg.exec(`insert into t select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), md5(i::text), now(), i, i from generate_series(1, 20000) i; delete from t;`);
  await pg.exec('vacuum t');
}
if (mode === 'touch') for (const p of rels) { const f = `${dir}/${p}_fsm`; if (!existsSync(f)) writeFileSync(f, Buffer.alloc(8192 * 3)); }
console.log(mode, rels.map((p) => `${p}_fsm:${existsSync(`${dir}/${p}_fsm`)}`).join(' '));
const a = crypto.randomUUID();
let text = '';
const t0 = performance.now();
for (let b = 0; b < 700; b++) {
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) lines.push(`${crypto.randomUUID()}\t${a}\t${crypto.randomUUID()}\tAAPL${i % 16}\t2020-01-01 00:00:${String(i % 60).padStart(2, '0')}+00\t100\t123.45`);
  text = lines.join('\n') + '\n';
  await pg.exec('begin');
  await pg.query(`copy t from '/dev/blob'`, [], { blob: new Blob([text]) });
  await pg.exec('commit');
}
console.log(mode, 'ms', (performance.now() - t0).toFixed(0));
console.log(rels.map((p) => `${p}_fsm:${existsSync(`${dir}/${p}_fsm`)}`).join(' '));
await pg.close();
