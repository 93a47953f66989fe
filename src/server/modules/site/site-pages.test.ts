import { describe, expect, it } from 'vitest';
import {
  PUBLIC_URL_PLACEHOLDER,
  isProtectedPath,
  toPageBaseUrl,
  toPageFile,
  toRequestPath,
  toServedPage,
} from './site-pages';

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

describe('toServedPage', () => {
  const page = `<link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/about" /><script type="application/json">{"baseUrl":"${PUBLIC_URL_PLACEHOLDER}"}</script>`;

  it.each([
    ['http://localhost:3001', 'http://localhost:3001'],
    ['https://journal.example.com/', 'https://journal.example.com'],
    ['https://example.com/edge/', 'https://example.com/edge'],
  ])('puts %s in every place the placeholder held', (baseUrl, expected) => {
    expect(toServedPage(page, baseUrl)).toBe(
      `<link rel="canonical" href="${expected}/about" /><script type="application/json">{"baseUrl":"${expected}"}</script>`,
    );
  });

  it('percent-encodes what would mean something in an attribute or a JSON string', () => {
    expect(toPageBaseUrl(`https://example.com/a&b'c"d<e>\\f`)).toBe('https://example.com/a%26b%27c%22d%3Ce%3E%5Cf');
  });

  it('refuses a page that names the placeholder host in another form', () => {
    expect(() => toServedPage('<a href="//public-url.edgebook.invalid/x">', 'https://example.com')).toThrow(
      /in a form other than/,
    );
  });
});
