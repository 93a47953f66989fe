import pg from 'pg';
import { isPglite, type Db } from './client';
import { toDriverClient } from './queue-sql';

/** Held while a process works on something; gone when it lets go or the process dies. */
export type Lease = { release: () => Promise<void> };

export type Leases = {
  /** The lease on `key`, or null while another holder (this process or another) has it. */
  tryHold: (key: string) => Promise<Lease | null>;
};

/**
 * Who is working on what (a running import), so that work a killed process left half done is
 * told apart from work another live server is still doing, without waiting for a timeout.
 *
 * PostgreSQL: a session advisory lock on a connection of its own, which the server lets go the
 * moment the holder's connection ends, by `release` or by the process dying (kill -9 included).
 * PGlite: the data directory serves one process, so this process's own memory is the whole truth.
 */
export function createLeases(db: Db): Leases {
  if (isPglite(db)) {
    const held = new Set<string>();
    return {
      async tryHold(key) {
        if (held.has(key)) return null;
        held.add(key);
        return { release: async () => void held.delete(key) };
      },
    };
  }
  const pool = toDriverClient(db) as pg.Pool; // isPglite said it is pg's
  return {
    async tryHold(key) {
      const client = new pg.Client(pool.options);
      // A connection PostgreSQL drops (a restart) ends the lease; the work's own statements fail then too.
      client.on('error', () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ isHeld: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as "isHeld"',
          [`edgebook-lease:${key}`],
        );
        if (rows[0]?.isHeld) return { release: () => client.end() };
      } catch (err) {
        await client.end();
        throw err;
      }
      await client.end();
      return null;
    },
  };
}
