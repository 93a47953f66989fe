import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTradeFacts, encodeTradeFacts, packTradeFacts, unpackTradeFacts } from './trade-facts-encoding';
import type { TradeFacts } from './trade-facts';

/** Any facts: doubles of every kind (−0, NaN, huge), indexes, flags and per-trade tag runs. */
const factsArbitrary: fc.Arbitrary<TradeFacts> = fc
  .nat({ max: 40 })
  .chain((count) => {
    const doubles = fc.float64Array({ minLength: count, maxLength: count });
    const ints = fc.int32Array({ minLength: count, maxLength: count });
    const bytes = fc.uint8Array({ min: 0, max: 1, minLength: count, maxLength: count });
    const ids = fc.array(fc.string(), { maxLength: 5 });
    return fc.record({
      count: fc.constant(count),
      closedAt: doubles,
      openedAt: doubles,
      netPnl: doubles,
      rMultiple: doubles,
      hasR: bytes,
      holdingSeconds: doubles,
      hasHolding: bytes,
      isShort: bytes,
      hasNote: bytes,
      isOpenTimeUnknown: bytes,
      account: ints,
      accountIds: ids,
      symbol: ints,
      symbols: ids,
      assetClass: ints,
      assetClasses: ids,
      strategy: ints,
      strategyIds: ids,
      tagRuns: fc.array(fc.array(fc.integer({ min: -1, max: 1_000_000 }), { maxLength: 3 }), {
        minLength: count,
        maxLength: count,
      }),
      tagIds: ids,
      grossPnl: fc.record({ whole: doubles, frac: doubles }),
      fees: fc.record({ whole: doubles, frac: doubles }),
      accountNetPnl: doubles,
      accountGrossPnl: fc.record({ whole: doubles, frac: doubles }),
      accountFees: fc.record({ whole: doubles, frac: doubles }),
      unconvertedCurrency: ints,
      currencies: ids,
    });
  })
  .map(({ tagRuns, ...rest }) => {
    const tagStart = new Int32Array(rest.count + 1);
    tagRuns.forEach((run, i) => (tagStart[i + 1] = tagStart[i]! + run.length));
    return { ...rest, tagStart, tagIndex: Int32Array.from(tagRuns.flat()) };
  });

describe('the stored snapshot of the facts', () => {
  it('decodes to exactly the facts encoded', () => {
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        expect(decodeTradeFacts(encodeTradeFacts(facts))).toEqual(facts);
      }),
    );
  });

  it('decodes from bytes at any offset of a larger buffer (as a database driver hands them)', () => {
    fc.assert(
      fc.property(factsArbitrary, fc.nat({ max: 7 }), (facts, shift) => {
        const encoded = encodeTradeFacts(facts);
        const larger = new Uint8Array(encoded.byteLength + shift);
        larger.set(encoded, shift);
        expect(decodeTradeFacts(larger.subarray(shift))).toEqual(facts);
        // Bytes given away: read in place when they are a whole buffer, copied first otherwise.
        expect(decodeTradeFacts(larger.slice().subarray(shift), { isOwned: true })).toEqual(facts);
      }),
    );
  });

  it('writes only the used part of a tag list with spare room', () => {
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        const spare = { ...facts, tagIndex: Int32Array.from([...facts.tagIndex, 7, 7, 7]) };
        expect(decodeTradeFacts(encodeTradeFacts(spare))).toEqual(facts);
      }),
    );
  });

  it('refuses bytes of another layout, cut short, lengthened or with a damaged header', () => {
    fc.assert(
      fc.property(factsArbitrary, fc.nat(), (facts, cut) => {
        const encoded = encodeTradeFacts(facts);
        expect(decodeTradeFacts(encoded.subarray(0, cut % encoded.byteLength))).toBeNull();
        expect(decodeTradeFacts(Uint8Array.from([...encoded, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
        const otherLayout = encoded.slice();
        otherLayout[3] = '1'.charCodeAt(0); // EBF1: the layout before the account-currency columns
        expect(decodeTradeFacts(otherLayout)).toBeNull();
        const damaged = encoded.slice();
        damaged[8] = '!'.charCodeAt(0);
        expect(decodeTradeFacts(damaged)).toBeNull();
      }),
    );
    expect(decodeTradeFacts(new Uint8Array(0))).toBeNull();
  });

  it('refuses bytes that do not say they are in this machine’s byte order', () => {
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        const encoded = encodeTradeFacts(facts);
        const text = new TextDecoder('latin1').decode(encoded);
        const at = text.indexOf('"isLittleEndian":true');
        expect(at).toBeGreaterThan(0);
        // Same length, so only the field differs.
        const other = encoded.slice();
        other.set(new TextEncoder().encode('"isLittleEndian":null'), at);
        expect(decodeTradeFacts(other)).toBeNull();
      }),
      { numRuns: 20 },
    );
  });

  it('packs (deflated) and unpacks to exactly the facts', async () => {
    await fc.assert(
      fc.asyncProperty(factsArbitrary, async (facts) => {
        expect(await unpackTradeFacts(await packTradeFacts(facts))).toEqual(facts);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses packed bytes cut short, lengthened, of the unpacked layout, and never unpacks a changed byte to other facts', async () => {
    await fc.assert(
      fc.asyncProperty(factsArbitrary, fc.nat(), fc.integer({ min: 1, max: 255 }), async (facts, at, flip) => {
        const packed = await packTradeFacts(facts);
        expect(await unpackTradeFacts(packed.subarray(0, at % packed.byteLength))).toBeNull();
        expect(await unpackTradeFacts(Uint8Array.from([...packed, 0]))).toBeNull();
        expect(await unpackTradeFacts(encodeTradeFacts(facts))).toBeNull();
        // A changed byte past the magic and length: the zlib checksum (or the layout) refuses it,
        // unless only bits the stream never reads changed (the padding to a byte boundary after
        // its last block, or after a stored block's header): then the facts come out as packed.
        const damaged = packed.slice();
        const index = 8 + (at % (packed.byteLength - 8));
        damaged[index] = damaged[index]! ^ flip;
        const unpacked = await unpackTradeFacts(damaged);
        if (unpacked !== null) expect(unpacked).toEqual(facts);
        // The checksum itself is always read.
        const badSum = packed.slice();
        const sumIndex = packed.byteLength - 1 - (at % 4);
        badSum[sumIndex] = badSum[sumIndex]! ^ flip;
        expect(await unpackTradeFacts(badSum)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });
});
