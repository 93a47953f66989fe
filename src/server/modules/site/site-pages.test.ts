import { describe, expect, it } from 'vitest';
import { isProtectedPath, toPageFile, toRequestPath } from './site-pages';

describe('toRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/about?ref=x', '/about'],
    ['/help/r-multiple///', '/help/r-multiple'],
    ['/%E2%82%AC', '/€'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('%s → %s', (url, path) => {
    expect(toRequestPath(url)).toBe(path);
  });
});

describe('isProtectedPath', () => {
  it('matches the protected routes and their sub-paths only', () => {
    expect(isProtectedPath('/dashboard')).toBe(true);
    expect(isProtectedPath('/trades/123')).toBe(true);
    expect(isProtectedPath('/tradesx')).toBe(false);
    expect(isProtectedPath('/about')).toBe(false);
  });
});

describe('toPageFile', () => {
  it('maps paths to prerendered files', () => {
    expect(toPageFile('/')).toBe('index.html');
    expect(toPageFile('/help/monte-carlo')).toBe('help/monte-carlo.html');
  });
});
