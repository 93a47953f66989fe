import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSecretBox, parseSecretKeys } from './secret-box';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('createSecretBox', () => {
  it('opens what it sealed, for any text, and never stores it in clear', () => {
    const box = createSecretBox([key('k1')]);
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (secret, context) => {
        const sealed = box.seal(secret, context);
        expect(sealed.startsWith('v1.k1.')).toBe(true);
        expect(box.open(sealed, context)).toBe(secret);
      }),
    );
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:u1')).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses a sealed value moved to another context, or tampered with', () => {
    const box = createSecretBox([key('k1')]);
    const sealed = box.seal('secret', 'totp:alice');
    expect(() => box.open(sealed, 'totp:mallory')).toThrow();
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[4]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[4] = ct.toString('base64url');
    expect(() => box.open(parts.join('.'), 'totp:alice')).toThrow();
  });

  it('seals with the first key and opens with any: rotation keeps old values readable', () => {
    const old = key('old');
    const sealedBefore = createSecretBox([old]).seal('secret', 'c');
    const rotated = createSecretBox([key('new'), old]);
    expect(rotated.open(sealedBefore, 'c')).toBe('secret');
    expect(rotated.seal('secret', 'c').startsWith('v1.new.')).toBe(true);
    expect(() => createSecretBox([key('new')]).open(sealedBefore, 'c')).toThrow(/"old"/);
  });
});

describe('parseSecretKeys', () => {
  it('reads id:base64 pairs of 32-byte keys, first one first', () => {
    const a = randomBytes(32).toString('base64');
    const b = randomBytes(32).toString('base64');
    expect(parseSecretKeys(`k2:${a}, k1:${b}`).map((k) => k.id)).toEqual(['k2', 'k1']);
  });

  it.each([['k1:short'], ['no-colon'], [`bad id:${randomBytes(32).toString('base64')}`], [' , ']])(
    'refuses %s naming the variable',
    (raw) => {
      expect(() => parseSecretKeys(raw)).toThrow(/ENCRYPTION_KEYS/);
    },
  );
});
