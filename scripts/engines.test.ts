import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
// semver comes with npm's tooling (no types installed): the two functions of its documented API used here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

type Lockfile = { packages: Record<string, { engines?: { node?: string } | string[] }> };

const readJson = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));
// package.json and package-lock.json (lockfileVersion 3) are npm's: the fields read here are theirs.
const { engines } = readJson('package.json') as { engines: { node: string } };
const lockfile = readJson('package-lock.json') as Lockfile;

describe('the Node version package.json names', () => {
  const oldest = semver.minVersion(engines.node)?.version ?? '';

  it('is the one the README asks for', () => {
    expect(oldest).toBe('20.19.0');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Needs Node.js 20.19+');
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe('20.19');
  });

  it('runs every installed package: each one’s engines.node accepts the oldest Node allowed', () => {
    const refusing = Object.entries(lockfile.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range === undefined || semver.satisfies(oldest, range) ? [] : [`${path} needs Node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
