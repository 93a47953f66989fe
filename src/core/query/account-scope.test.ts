import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShowingSample, toAllAccountsScope, type ScopedAccount } from './account-scope';

const own = (id: string): ScopedAccount => ({ id, isSample: false });
const sample: ScopedAccount = { id: 'sample', isSample: true };

describe('toAllAccountsScope', () => {
  it('leaves the sample account out of "All accounts" once the trader has an account of their own', () => {
    expect(toAllAccountsScope([own('a'), sample, own('b')])).toEqual(['a', 'b']);
    expect(isShowingSample([own('a'), sample], undefined)).toBe(false);
  });

  it('stands for every account when there is no sample, or only the sample', () => {
    expect(toAllAccountsScope([own('a'), own('b')])).toBeUndefined();
    expect(toAllAccountsScope([sample])).toBeUndefined();
    expect(toAllAccountsScope([])).toBeUndefined();
    expect(isShowingSample([sample], undefined)).toBe(true);
    expect(isShowingSample([own('a')], undefined)).toBe(false);
  });

  it('shows the sample exactly when it is picked or is all there is', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 6 }), fc.boolean(), (ids, hasSample) => {
        const accounts = [...ids.map((id) => own(`own-${id}`)), ...(hasSample ? [sample] : [])];
        const scope = toAllAccountsScope(accounts);
        const shown = scope ?? accounts.map((a) => a.id);
        expect(shown.includes('sample')).toBe(isShowingSample(accounts, undefined));
        expect(shown.includes('sample')).toBe(hasSample && ids.length === 0);
        expect(isShowingSample(accounts, ['sample'])).toBe(hasSample);
      }),
    );
  });
});
