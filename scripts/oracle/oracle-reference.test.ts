/**
 * Runs the Python reference (scripts/oracle/oracle.py on Debian's numpy/scipy/pandas) on freshly
 * generated trade data and checks that the TypeScript engine gives the same statistics. Locally it
 * is skipped, with a message, when /usr/bin/python3 cannot import numpy, scipy and pandas; in CI
 * (CI=true) a missing interpreter fails the run, since .ci/run installs them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { computeDailyStats, computeTradeStats, createRandom, toDailySeries } from '../../src/core/analytics';
import {
  compareSection,
  normaliseOracleInstants,
  parseOracleCsv,
  readOracleCsv,
  readOracleExpected,
  toInstantLabel,
  type OracleResult,
} from '../../test/fixtures/oracle/oracle-fixtures';

const PYTHON = '/usr/bin/python3';
const HERE = dirname(fileURLToPath(import.meta.url));
const isCi = process.env.CI === 'true' || process.env.CI === '1';

function probePython(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import numpy, scipy, pandas'], { encoding: 'utf8' });
  if (probe.error) return `${PYTHON} is not available (${probe.error.message})`;
  if (probe.status !== 0) return `${PYTHON} cannot import numpy/scipy/pandas: ${probe.stderr.trim()}`;
  return null;
}

const missing = probePython();
if (missing && !isCi) {
  console.warn(
    `[oracle] SKIPPED: ${missing}. Install them with: apt-get install -y python3-numpy python3-scipy python3-pandas`,
  );
}

const work = mkdtempSync(join(tmpdir(), 'edgebook-oracle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runOracle(csvPath: string, startingEquity: number): OracleResult {
  const out = spawnSync(PYTHON, [join(HERE, 'oracle.py'), csvPath, '--starting-equity', String(startingEquity)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`oracle.py failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as OracleResult; // the oracle's JSON
}

/**
 * A random journal: 1–3,000 trades over a few months, with breakevens, equal timestamps, offsets
 * that cross UTC midnight, naive stamps and blank R-multiples, in shuffled file order.
 */
function makeCsv(seed: number): { text: string; startingEquity: number } {
  const random = createRandom(seed);
  const count = 1 + random.nextInt(3_000);
  const startingEquity = [10_000, 25_000, 100_000][random.nextInt(3)]!;
  const rows: string[] = [];
  let t = Date.UTC(2023, 0, 2, 14, 30);
  for (let i = 0; i < count; i++) {
    if (random.nextInt(4) !== 0) t += random.nextInt(6 * 3_600) * 1_000 + (random.nextInt(10) === 0 ? 86_400_000 : 0);
    const risk = 100 + random.nextInt(400);
    const roll = random.nextFloat();
    const r = roll < 0.04 ? 0 : roll < 0.5 ? -(0.2 + random.nextFloat() * 1.3) : random.nextFloat() * 4;
    const pnl = Math.round(r * risk * 100) / 100;
    const stamp = new Date(t).toISOString().replace('.000Z', 'Z');
    const style = random.nextInt(5);
    const closedAt =
      style === 0
        ? stamp.replace('Z', '') // naive = UTC
        : style === 1
          ? new Date(t - 5 * 3_600_000).toISOString().replace('.000Z', '-05:00') // same instant, New York offset
          : stamp;
    const rText = random.nextInt(8) === 0 ? '' : (pnl / risk).toFixed(4);
    rows.push(`${closedAt},${pnl.toFixed(2)},${rText}`);
  }
  for (let i = rows.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return { text: `closed_at,net_pnl,r_multiple\n${rows.join('\n')}\n`, startingEquity };
}

function expectEngineToMatch(csvText: string, startingEquity: number, expected: OracleResult) {
  const trades = parseOracleCsv(csvText);
  const tradeCheck = compareSection(
    computeTradeStats(trades, { startingEquity }),
    normaliseOracleInstants(expected.trades),
    {
      labels: toInstantLabel,
    },
  );
  const series = toDailySeries(trades, { startingEquity, timeZone: 'UTC' });
  const dailyCheck = compareSection(computeDailyStats(series, { startingEquity }), expected.daily, {
    labels: (value) => (typeof value === 'string' ? value : null),
  });
  expect(tradeCheck.mismatches).toEqual([]);
  expect(dailyCheck.mismatches).toEqual([]);
  expect(tradeCheck.compared.length).toBeGreaterThanOrEqual(30);
  expect(dailyCheck.compared.length).toBeGreaterThanOrEqual(30);
  expect(series.map((d) => d.date)).toEqual(expected.daily.series.map((d) => d.date));
}

describe.skipIf(missing !== null && !isCi)('the Python reference on fresh data', () => {
  it('is installed (CI installs python3-numpy, python3-scipy and python3-pandas)', () => {
    expect(missing, missing ?? '').toBeNull();
  });

  it('agrees with the engine on random journals', { timeout: 120_000 }, () => {
    const base = Date.now() % 1_000_000_007;
    for (let k = 0; k < 4; k++) {
      const seed = base + k;
      const { text, startingEquity } = makeCsv(seed);
      const path = join(work, `random-${seed}.csv`);
      writeFileSync(path, text);
      // The seed is in the message so that a failure can be reproduced.
      const expected = runOracle(path, startingEquity);
      expect(() => expectEngineToMatch(text, startingEquity, expected), `seed ${seed}`).not.toThrow();
    }
  });

  it('regenerates the shipped data sets and their expected values exactly', { timeout: 120_000 }, () => {
    const dir = join(work, 'regen');
    mkdirSync(join(dir, 'data'), { recursive: true });
    for (const file of ['make_datasets.py', 'oracle.py']) copyFileSync(join(HERE, file), join(dir, file));
    const made = spawnSync(PYTHON, [join(dir, 'make_datasets.py')], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    for (const [name, startingEquity] of [
      ['small50', 25_000],
      ['fat2000', 100_000],
      ['edge', 50_000],
    ] as const) {
      const fresh = readOracleCsv(name, join(dir, 'data'));
      expect(fresh).toEqual(readOracleCsv(name));
      const expected = runOracle(join(dir, 'data', `${name}.csv`), startingEquity);
      const shipped = readOracleExpected(name);
      expect(expected.trades).toEqual(shipped.trades);
      expect(expected.daily).toEqual(shipped.daily);
    }
  });
});
