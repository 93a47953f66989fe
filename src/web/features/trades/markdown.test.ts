import { describe, expect, it } from 'vitest';
import { toMarkdownHtml } from './markdown';

describe('toMarkdownHtml', () => {
  it.each([
    ['Hello', '<p>Hello</p>'],
    ['**bold** and *it*', '<p><strong>bold</strong> and <em>it</em></p>'],
    ['run `npm test`', '<p>run <code>npm test</code></p>'],
    ['a\nb\n\nc', '<p>a<br>b</p><p>c</p>'],
    ['- one\n- two', '<ul><li>one</li><li>two</li></ul>'],
    ['1. one\n2. two', '<ol><li>one</li><li>two</li></ol>'],
    [
      '[site](https://example.com/a?b=1&c=2)',
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    ],
  ])('renders %j', (source, html) => {
    expect(toMarkdownHtml(source)).toBe(html);
  });

  it('escapes script tags', () => {
    expect(toMarkdownHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('escapes an img with an onerror handler', () => {
    const html = toMarkdownHtml('<img src=x onerror="alert(1)">');
    expect(html).not.toContain('<img');
    expect(html).toBe('<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>');
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.com'])(
    'keeps a %s link as plain text',
    (url) => {
      const html = toMarkdownHtml(`[click](${url})`);
      expect(html).not.toContain('<a');
      expect(html).not.toContain('<b>');
    },
  );

  it('cannot break out of the href attribute', () => {
    const html = toMarkdownHtml('[x](https://a.com/"onmouseover="alert(1))');
    expect(html).not.toMatch(/href="[^"]*"\s*onmouseover/);
  });

  it('escapes HTML inside code, bold and link text', () => {
    expect(toMarkdownHtml('`<b>` **<i>x</i>** [<svg onload=1>](https://a.com)')).toBe(
      '<p><code>&lt;b&gt;</code> <strong>&lt;i&gt;x&lt;/i&gt;</strong> <a href="https://a.com" target="_blank" rel="noopener noreferrer nofollow">&lt;svg onload=1&gt;</a></p>',
    );
  });
});
