// Where builds of the web app live, and how one is made and put in place (`npm run build`, `npm start`).
//
// DIST_DIR (default ./dist) is a symbolic link to one complete build in `<DIST_DIR>.builds/`. A build
// is written to a temporary directory there, stamped with the digest of its inputs, renamed into
// place and only then linked, so nothing ever reads a half-written build; the server resolves the
// link once at start-up, so a later build never changes the files under a running server. One build
// at a time (a lock): a second `npm start` waits for the first one's build and uses it.
//
// The digest leaves out PORT and PUBLIC_URL: the server puts the public URL into the prerendered
// pages as it loads them (src/server/modules/site/site-pages.ts), so servers on other ports or
// public URLs share one build. The other public settings are in the pages' text and the digest:
// a server with another brand gets a build of its own beside the first, and neither replaces the other.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** What a build is made from: a change to any of them makes `npm start` build again. */
const INPUTS = [
  'src/web',
  'src/core',
  'src/server/config.ts',
  'src/server/modules/site',
  'public',
  'scripts/prerender.ts',
  'scripts/build.mjs',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
/** The operator's settings written into the prerendered pages' text (not PORT or PUBLIC_URL: see above). */
const PUBLIC_ENV = [
  'BRAND_NAME',
  'SUPPORT_EMAIL',
  'COMPANY_LEGAL_NAME',
  'GOVERNING_LAW_STATE',
  'FOUNDER_NAME',
  'FOUNDER_BIO',
  'AD_CONVERSION_ID',
  'WALKTHROUGH_VIDEO_URL',
  'TRIAL_DATA_RETENTION_DAYS',
];
/** Tests beside the sources: no part of a build. */
const TEST_FILE = /\.test\.tsx?$/;
const STAMP_FILE = '.build-stamp';
const LOCK_NAME = '.lock';
const TEMP_PREFIX = '.tmp-';
const IN_USE_DIR = '.in-use';
/** A lock without its owner's process id this long after it was taken was left by a crash in between. */
const OWNERLESS_LOCK_MS = 60_000;

/** The directory DIST_DIR names (default ./dist), absolute. */
export function toDistDir(env = process.env) {
  return resolve(root, env.DIST_DIR ?? 'dist');
}

/** Where the builds behind DIST_DIR are kept: beside it, so a build is renamed, not copied, into place. */
export function toBuildsDir(distDir) {
  return `${distDir}.builds`;
}

/** The digest of the build's inputs and the public settings in `env`: equal digests, equal builds. */
export function hashBuildInputs(env = process.env) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
    } else if (!TEST_FILE.test(path)) {
      hash.update(path).update(readFileSync(full));
    }
  };
  INPUTS.forEach(visit);
  for (const name of PUBLIC_ENV) hash.update(`${name}=${env[name] ?? ''}`);
  return hash.digest('hex');
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM'; // alive, but another user's
  }
}

/** The process id a lock or temporary directory was made by, or null when it has none (yet). */
function readOwner(path) {
  try {
    const pid = Number(readFileSync(join(path, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isStale(lock) {
  const owner = readOwner(lock);
  if (owner !== null) return !isAlive(owner);
  try {
    return Date.now() - statSync(lock).mtimeMs > OWNERLESS_LOCK_MS;
  } catch {
    return false; // gone: the next attempt takes it
  }
}

/**
 * Runs `fn` holding the builds directory's lock (a directory: mkdir either makes it or fails), and
 * releases it after. A lock whose process has ended is taken over; a live one is waited for.
 */
export async function withBuildLock(buildsDir, fn, { pollMs = 100, onWait } = {}) {
  mkdirSync(buildsDir, { recursive: true });
  const lock = join(buildsDir, LOCK_NAME);
  for (let hasWaited = false; ;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (isStale(lock)) {
      // Renamed away before removal, so a waiter that finds it stale too cannot remove a newer lock.
      const stale = join(buildsDir, `${LOCK_NAME}-stale-${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        renameSync(lock, stale);
        rmSync(stale, { recursive: true, force: true });
      } catch {
        // Another waiter moved it first.
      }
      continue;
    }
    if (!hasWaited) onWait?.();
    hasWaited = true;
    await sleep(pollMs);
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readStamp(buildDir) {
  try {
    return readFileSync(join(buildDir, STAMP_FILE), 'utf8');
  } catch {
    return null;
  }
}

/** When a build was last made or chosen: its stamp's time (the directory's changes as servers mark it in use). */
function readUsedAt(buildDir) {
  return statSync(join(buildDir, STAMP_FILE), { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** The complete builds (never a temporary one), the last used first. */
function listBuilds(buildsDir) {
  if (!existsSync(buildsDir)) return [];
  return readdirSync(buildsDir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => ({ dir: join(buildsDir, name), usedAt: readUsedAt(join(buildsDir, name)) }))
    .sort((a, b) => b.usedAt - a.usedAt);
}

/** A complete build of `digest` in the builds directory, or null. */
export function findBuild(buildsDir, digest) {
  return listBuilds(buildsDir).find((build) => readStamp(build.dir) === digest)?.dir ?? null;
}

/** The build DIST_DIR links to, or null when it links nowhere (or is an old plain directory). */
export function readLinkedBuild(distDir) {
  try {
    return resolve(dirname(distDir), readlinkSync(distDir));
  } catch {
    return null;
  }
}

/** Points DIST_DIR at `buildDir` in one rename, so a reader finds the old build or the new, never neither. */
export function linkBuild(distDir, buildDir) {
  const buildsDir = toBuildsDir(distDir);
  const stat = lstatSync(distDir, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    // A build from before builds were linked: moved aside and removed (a rename cannot replace a directory).
    const old = join(buildsDir, `${TEMP_PREFIX}old-${randomBytes(4).toString('hex')}`);
    renameSync(distDir, old);
    rmSync(old, { recursive: true, force: true });
  }
  const link = join(buildsDir, `${TEMP_PREFIX}link-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Relative, so the checkout can move.
  symlinkSync(join(basename(buildsDir), basename(buildDir)), link);
  renameSync(link, distDir);
}

/**
 * Makes a new build: `build(dir)` writes it into a temporary directory, which is stamped with
 * `digest` and renamed into the builds directory. Call it holding the lock. Answers the build's directory.
 */
export async function makeBuild({ buildsDir, digest, build }) {
  const temp = join(buildsDir, `${TEMP_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, 'pid'), String(process.pid));
  try {
    await build(temp);
    rmSync(join(temp, 'pid'));
    writeFileSync(join(temp, STAMP_FILE), digest);
    const final = join(buildsDir, `${digest.slice(0, 16)}-${Date.now().toString(36)}`);
    renameSync(temp, final);
    return final;
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

/** Whether a live process serves from the build: the server marks it `.in-use/<pid>` (site-pages.ts markBuildInUse). */
function isInUse(buildDir) {
  const dir = join(buildDir, IN_USE_DIR);
  return existsSync(dir) && readdirSync(dir).some((name) => isAlive(Number(name)));
}

/**
 * Removes builds no one needs: not the linked one, not one a live server uses, not the `keep` most
 * recently used; and temporary directories whose process has ended. Call it holding the lock.
 */
export function pruneBuilds(distDir, { keep = 2 } = {}) {
  const buildsDir = toBuildsDir(distDir);
  const linked = readLinkedBuild(distDir);
  listBuilds(buildsDir).forEach((build, index) => {
    if (index < keep || build.dir === linked || isInUse(build.dir)) return;
    rmSync(build.dir, { recursive: true, force: true });
  });
  for (const name of readdirSync(buildsDir)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const owner = readOwner(join(buildsDir, name));
    if (owner !== null && !isAlive(owner)) rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}

/**
 * The build for `digest`: the one already made, or a new one `build(dir)` writes (see makeBuild).
 * Either way DIST_DIR links to it afterwards and it counts as just used. Answers its directory.
 * With `isForced` a new build is made even when one of the digest exists (`npm run build`).
 */
export async function ensureBuild({ distDir, digest, build, isForced = false, log = () => {} }) {
  const buildsDir = toBuildsDir(distDir);
  return withBuildLock(
    buildsDir,
    async () => {
      let buildDir = isForced ? null : findBuild(buildsDir, digest);
      if (buildDir) {
        const now = new Date();
        utimesSync(join(buildDir, STAMP_FILE), now, now);
      } else {
        log('Building the web app…');
        buildDir = await makeBuild({ buildsDir, digest, build });
      }
      if (readLinkedBuild(distDir) !== buildDir) linkBuild(distDir, buildDir);
      pruneBuilds(distDir);
      return buildDir;
    },
    { onWait: () => log('Waiting for another build of the web app to finish…') },
  );
}
