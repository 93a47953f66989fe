import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutionInput } from '../../../contracts/trades';
import { createHash } from 'node:crypto';
import { prepareExecutions, toContentFingerprint, toExportedFingerprint, toFingerprintKey } from './execution-input';
import { IdenticalFills } from './identical-fills';

// Few distinct values, so that identical fills (twins) are common.
const fill = fc.record({
  executedAt: fc.constantFrom('2025-03-03T15:00:00.000Z', '2025-03-03T15:00:01.000Z'),
  symbol: fc.constantFrom('AAPL', 'MSFT'),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  quantity: fc.constantFrom('1', '2'),
  price: fc.constantFrom('10.00', '10.5'),
  brokerExecId: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
});

describe('prepareExecutions: where a fingerprint comes from', () => {
  it('marks content fingerprints, unique and naming the instrument across batches that share occurrences', () => {
    fc.assert(
      fc.property(fc.array(fill, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (fills, batchSize) => {
        const occurrences = new IdenticalFills();
        const prepared = [];
        for (let start = 0; start < fills.length; start += batchSize) {
          const batch = fills.slice(start, start + batchSize) as ExecutionInput[];
          prepared.push(...prepareExecutions(batch, { accountCurrency: 'USD', occurrences }));
        }
        const fromContent = prepared.filter((item) => item.fingerprintFromContent);
        // Every fill without a broker id gets one, and no two the same, however the batches fall.
        expect(fromContent).toHaveLength(fills.filter((f) => f.brokerExecId === undefined).length);
        expect(new Set(fromContent.map((item) => item.fingerprint)).size).toBe(fromContent.length);
        for (const item of prepared) {
          expect(item.fingerprintFromContent).toBe(item.brokerExecId === null);
          if (!item.fingerprintFromContent)
            expect(item.fingerprint).toBe(toFingerprintKey(`id:${item.brokerExecId}`, item.executedAt));
        }
      }),
    );
  });

  it('does not mark a fingerprint the caller supplies (one an Edgebook CSV carries)', () => {
    const [item] = prepareExecutions(
      [{ executedAt: '2025-03-03T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' }],
      { accountCurrency: 'USD', fingerprintOf: () => 'v1:carried' },
    );
    expect(item).toMatchObject({
      fingerprint: toFingerprintKey('v1:carried', item!.executedAt),
      fingerprintFromContent: false,
    });
  });
});

/** Any time: only a content fingerprint's key depends on it. */
const AT = '2025-03-03T15:00:00.000Z';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('prepareExecutions: the time of a fill', () => {
  const prepareAt = (executedAt: string) =>
    prepareExecutions([{ executedAt, symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' }], {
      accountCurrency: 'USD',
    })[0]!.executedAt;

  it('is the instant as ISO-8601 UTC with milliseconds, whatever form it came in', () => {
    // Written canonically, with another offset, without milliseconds, and with fields a calendar
    // rolls over (30 February): each reads as Date reads it, as it was before the fast path.
    const day = fc.tuple(
      fc.integer({ min: 1970, max: 2100 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    );
    const time = fc.tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 59 }),
    );
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        day,
        time,
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('.sssZ', 'Z', '+02:00'),
        ([y, mo, d], [h, mi, se], ms, form) => {
          const base = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(se)}`;
          const text =
            form === '.sssZ' ? `${base}.${pad(ms, 3)}Z` : form === 'Z' ? `${base}Z` : `${base}.${pad(ms, 3)}+02:00`;
          expect(prepareAt(text)).toBe(new Date(text).toISOString());
        },
      ),
    );
    expect(prepareAt('2025-02-30T10:00:00.000Z')).toBe('2025-03-02T10:00:00.000Z');
    expect(prepareAt('2024-02-29T10:00:00.000Z')).toBe('2024-02-29T10:00:00.000Z');
  });
});

describe('toFingerprintKey: the 16-byte key a fill is stored under', () => {
  it("keeps a content fingerprint as the fill's time in milliseconds, then the start of its SHA-256", () => {
    const content = { executedAt: '2025-03-03T15:00:00.123Z', instrumentKey: 'stock:AAPL', side: 'buy' as const };
    const key = toContentFingerprint({ ...content, quantity: '100', price: '10.5', occurrence: 2 });
    const text = ['v1', content.executedAt, content.instrumentKey, 'buy', '100', '10.5', '2'].join('|');
    const sha256 = createHash('sha256').update(text).digest('hex');
    expect(key).toMatch(UUID);
    const ms = Date.parse(content.executedAt).toString(16).padStart(12, '0');
    expect(key.replaceAll('-', '')).toBe(ms + sha256.slice(0, 20));
    // The same fill as an older Edgebook CSV carries it (`v1:` and the SHA-256): the same key.
    expect(toFingerprintKey(`v1:${sha256}`, content.executedAt)).toBe(key);
    expect(toFingerprintKey(`v1:${sha256}`, '2025-03-03T16:00:00.123+01:00')).toBe(key);
  });

  it('orders the keys of content fingerprints by time, and tells any two fills apart', () => {
    const content = fc.record({
      executedAt: fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
      instrumentKey: fc.constantFrom('stock:AAPL', 'stock:MSFT'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.constantFrom('1', '2.5'),
      price: fc.constantFrom('10', '10.5'),
      occurrence: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(content, content, (a, b) => {
        const keyOf = (c: typeof a) => toContentFingerprint({ ...c, executedAt: c.executedAt.toISOString() });
        const [keyA, keyB] = [keyOf(a), keyOf(b)];
        if (a.executedAt.getTime() < b.executedAt.getTime()) expect(keyA < keyB).toBe(true);
        const isSame = JSON.stringify(a) === JSON.stringify(b);
        expect(keyA === keyB).toBe(isSame);
      }),
    );
  });

  it('turns any other text into its MD5 and reads back the key an Edgebook CSV wrote', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const key = toFingerprintKey(text, AT);
        expect(key).toMatch(UUID);
        expect(toFingerprintKey(toExportedFingerprint(key), AT)).toBe(key);
        if (!/^(v1|fp):/i.test(text))
          expect(key.replaceAll('-', '')).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      }),
    );
    expect(toFingerprintKey('id:A', AT)).not.toBe(toFingerprintKey('id:B', AT));
    expect(toFingerprintKey('id:A', AT)).toBe(toFingerprintKey('id:A', '2031-01-01T00:00:00.000Z'));
    expect(toFingerprintKey('FP:0A1B2C3D-0000-4000-8000-00000000000F', AT)).toBe(
      '0a1b2c3d-0000-4000-8000-00000000000f',
    );
    // Not a whole lower-case SHA-256 or a uuid as written: an ordinary text.
    const hash = createHash('sha256').update('x').digest('hex');
    for (const text of [
      'v1:abc',
      `V1:${hash}`,
      `v1:${hash.toUpperCase()}`,
      `v1:${hash} `,
      'fp:0a1b2c3d00004000800000000000000f',
    ])
      expect(toFingerprintKey(text, AT).replaceAll('-', '')).toBe(createHash('md5').update(text).digest('hex'));
  });
});

describe('prepareExecutions: reading symbols', () => {
  it('reads each fill’s symbol with its own hints, however the fills of one symbol vary in a batch', () => {
    // One symbol's fills with a class, a multiplier and a year each from small pools: a fill read
    // with another's hints (a futures code in the wrong decade, a stock as a future) would show.
    const hinted = fc.record(
      {
        executedAt: fc.constantFrom('2019-06-03T15:00:00.000Z', '2026-06-03T15:00:00.000Z', '2026-09-01T15:00:00.000Z'),
        symbol: fc.constantFrom('ESZ5', 'AAPL', 'BTC-USD'),
        side: fc.constant('buy' as const),
        quantity: fc.constant('1'),
        price: fc.constant('10'),
        assetClass: fc.constantFrom('future' as const, 'stock' as const, 'crypto' as const),
        multiplier: fc.constantFrom('50', '1', '1.5x'),
      },
      { requiredKeys: ['executedAt', 'symbol', 'side', 'quantity', 'price'] },
    );
    const readAlone = (item: ExecutionInput) => {
      const problems: Record<string, string>[] = [];
      const [prepared] = prepareExecutions([item], {
        accountCurrency: 'USD',
        fieldName: (_index, field) => field,
        onInvalid: (_index, fields) => problems.push(fields),
      });
      return prepared ? toRead(prepared) : problems[0];
    };
    const toRead = (item: ReturnType<typeof prepareExecutions>[number]) => ({
      symbol: item.symbol,
      instrumentKey: item.instrumentKey,
      assetClass: item.assetClass,
      multiplier: item.multiplier,
      currency: item.currency,
    });
    fc.assert(
      fc.property(fc.array(hinted, { minLength: 1, maxLength: 30 }), (items) => {
        const inputs: ExecutionInput[] = items;
        const together: unknown[] = [];
        const kept = prepareExecutions(inputs, {
          accountCurrency: 'USD',
          fieldName: (_index, field) => field,
          onInvalid: (index, fields) => (together[index] = fields),
        });
        let next = 0;
        inputs.forEach((_, index) => {
          if (together[index] === undefined) together[index] = toRead(kept[next++]!);
        });
        expect(together).toEqual(inputs.map(readAlone));
      }),
    );
  });
});
