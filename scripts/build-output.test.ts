import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ensureBuild,
  findBuild,
  hashBuildInputs,
  linkBuild,
  pruneBuilds,
  readLinkedBuild,
  toBuildsDir,
  withBuildLock,
} from './build-output.mjs';
import { markBuildInUse } from '../src/server/modules/site';

let base: string;
let distDir: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'build-output-'));
  distDir = join(base, 'dist');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A build stand-in: writes one file, and counts itself. */
function standIn() {
  const made: string[] = [];
  const build = (dir: string) => {
    made.push(dir);
    mkdirSync(join(dir, 'web'));
    writeFileSync(join(dir, 'web', 'index.html'), `build ${made.length}`);
  };
  return { made, build };
}

/** The id of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('hashBuildInputs', () => {
  it('leaves out PORT and PUBLIC_URL, which the server puts into the pages, but not the brand', () => {
    const plain = hashBuildInputs({ BRAND_NAME: 'Edgebook' });
    expect(hashBuildInputs({ BRAND_NAME: 'Edgebook', PORT: '3001', PUBLIC_URL: 'https://journal.example.com' })).toBe(
      plain,
    );
    expect(hashBuildInputs({ BRAND_NAME: 'Other' })).not.toBe(plain);
  });
});

describe('withBuildLock', () => {
  it('runs a second holder only after the first has finished', async () => {
    const buildsDir = toBuildsDir(distDir);
    const events: string[] = [];
    let release!: () => void;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    const first = withBuildLock(buildsDir, async () => {
      events.push('first in');
      await isReleased;
      events.push('first out');
    });
    // The second finds the lock held (it says so) before the first may finish.
    const second = withBuildLock(buildsDir, () => events.push('second in'), { pollMs: 5, onWait: release });
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
    expect(existsSync(join(buildsDir, '.lock'))).toBe(false);
  });

  it('takes over a lock whose process has ended', async () => {
    const buildsDir = toBuildsDir(distDir);
    mkdirSync(join(buildsDir, '.lock'), { recursive: true });
    writeFileSync(join(buildsDir, '.lock', 'pid'), String(endedPid()));
    expect(await withBuildLock(buildsDir, () => 'ran')).toBe('ran');
  });

  it('releases the lock when the holder throws', async () => {
    const buildsDir = toBuildsDir(distDir);
    await expect(
      withBuildLock(buildsDir, () => {
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(await withBuildLock(buildsDir, () => 'next')).toBe('next');
  });
});

describe('ensureBuild', () => {
  it('builds once for two callers at once, and links DIST_DIR to the build', async () => {
    const { made, build } = standIn();
    const [a, b] = await Promise.all([
      ensureBuild({ distDir, digest: 'd1', build }),
      ensureBuild({ distDir, digest: 'd1', build }),
    ]);
    expect(made).toHaveLength(1);
    expect(b).toBe(a);
    expect(lstatSync(distDir).isSymbolicLink()).toBe(true);
    expect(realpathSync(distDir)).toBe(realpathSync(a));
    expect(readFileSync(join(distDir, 'web', 'index.html'), 'utf8')).toBe('build 1');
  });

  it('reuses the build of the same digest, builds another digest beside it, and builds anew when forced', async () => {
    const { made, build } = standIn();
    const first = await ensureBuild({ distDir, digest: 'd1', build });
    const other = await ensureBuild({ distDir, digest: 'd2', build });
    expect(other).not.toBe(first);
    expect(await ensureBuild({ distDir, digest: 'd1', build })).toBe(first);
    expect(readLinkedBuild(distDir)).toBe(first);
    const forced = await ensureBuild({ distDir, digest: 'd1', build, isForced: true });
    expect(forced).not.toBe(first);
    expect(made).toHaveLength(3);
    expect(readLinkedBuild(distDir)).toBe(forced);
  });

  it('leaves neither a build nor a half-written directory when the build fails, and DIST_DIR as it was', async () => {
    const { build } = standIn();
    const good = await ensureBuild({ distDir, digest: 'd1', build });
    const failing = (dir: string) => {
      writeFileSync(join(dir, 'half'), '');
      throw new Error('vite failed');
    };
    await expect(ensureBuild({ distDir, digest: 'd2', build: failing })).rejects.toThrow('vite failed');
    expect(findBuild(toBuildsDir(distDir), 'd2')).toBeNull();
    expect(readdirSync(toBuildsDir(distDir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    expect(readLinkedBuild(distDir)).toBe(good);
  });

  it('replaces a DIST_DIR that is a plain directory (a build from before builds were linked)', async () => {
    mkdirSync(join(distDir, 'web'), { recursive: true });
    writeFileSync(join(distDir, 'web', 'index.html'), 'old');
    const { build } = standIn();
    await ensureBuild({ distDir, digest: 'd1', build });
    expect(readFileSync(join(distDir, 'web', 'index.html'), 'utf8')).toBe('build 1');
  });
});

describe('pruneBuilds', () => {
  it('keeps the linked build, those a live server uses and the two last used; removes the rest and dead temporaries', () => {
    const buildsDir = toBuildsDir(distDir);
    const builds = [1, 2, 3, 4, 5].map((n) => {
      const dir = join(buildsDir, `b${n}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '.build-stamp'), `d${n}`);
      utimesSync(join(dir, '.build-stamp'), n * 1000, n * 1000); // b5 used last
      return dir;
    });
    const [b1, b2, b3, b4, b5] = builds as [string, string, string, string, string];
    linkBuild(distDir, b1);
    markBuildInUse(b2); // as a server does, by this live process
    mkdirSync(join(b3, '.in-use'));
    writeFileSync(join(b3, '.in-use', String(endedPid())), ''); // a server that has ended
    const deadTemp = join(buildsDir, '.tmp-dead');
    const liveTemp = join(buildsDir, '.tmp-live');
    for (const [dir, pid] of [
      [deadTemp, endedPid()],
      [liveTemp, process.pid],
    ] as const) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(pid));
    }
    pruneBuilds(distDir);
    expect([b1, b2, b3, b4, b5, deadTemp, liveTemp].map((dir) => existsSync(dir))).toEqual([
      true, // linked
      true, // in use
      false,
      true, // the two last used
      true,
      false,
      true,
    ]);
  });
});
