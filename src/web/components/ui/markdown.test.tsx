import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

/** The rendered HTML inside the wrapper div. */
function toHtml(source: string): string {
  const html = renderToStaticMarkup(<Markdown source={source} />);
  return html.replace(/^<div[^>]*>/, '').replace(/<\/div>$/, '');
}

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('Markdown', () => {
  it.each([
    ['Hello', '<p>Hello</p>'],
    ['**bold** and *it*', '<p><strong>bold</strong> and <em>it</em></p>'],
    ['run `npm test`', '<p>run <code>npm test</code></p>'],
    ['a\nb\n\nc', '<p>a\nb</p>\n<p>c</p>'],
    ['a  \nb', '<p>a<br/>\nb</p>'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['1. one\n2. two', '<ol>\n<li>one</li>\n<li>two</li>\n</ol>'],
    ['~~gone~~', '<p><del>gone</del></p>'],
    // #43 item 10: a note's headings are headings, not text with hashes.
    ['## Plan\n### Entry', '<h2>Plan</h2>\n<h3>Entry</h3>'],
    [
      '[site](https://example.com/a?b=1&c=2)',
      `<p><a href="https://example.com/a?b=1&amp;c=2" ${LINK_ATTRIBUTES}>site</a></p>`,
    ],
    ['https://example.com', `<p><a href="https://example.com" ${LINK_ATTRIBUTES}>https://example.com</a></p>`],
  ])('renders %j', (source, html) => {
    expect(toHtml(source)).toBe(html);
  });

  it('renders a GFM table with its alignment', () => {
    const html = toHtml('| Setup | R |\n|:--|--:|\n| Breakout | 2.5 |\n| Pullback | -1 |');
    expect(html).toContain('<table>');
    expect(html).toContain('<th style="text-align:left">Setup</th>');
    expect(html).toContain('<td style="text-align:right">2.5</td>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it('renders a task list with disabled boxes, checked where ticked', () => {
    const html = toHtml('- [x] Wait for the open\n- [ ] Size by the stop');
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> Wait for the open</li>',
    );
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled=""/> Size by the stop</li>');
  });

  it('shows a script tag as text', () => {
    expect(toHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toHtml('Clean **breakout** <script>alert(1)</script>')).toBe(
      '<p>Clean <strong>breakout</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('shows an img with an onerror handler as text', () => {
    const html = toHtml('<img src=x onerror="alert(1)">');
    expect(html).not.toContain('<img');
    expect(html).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.com'])(
    'keeps a %s link as plain text',
    (url) => {
      const html = toHtml(`[click](${url})`);
      expect(html).not.toContain('<a');
      expect(html).not.toContain('<b>');
      expect(html).toContain('click');
    },
  );

  it('drops an image whose source is a javascript: URL', () => {
    expect(toHtml('![x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('cannot break out of the href attribute', () => {
    const html = toHtml('[x](https://a.com/"onmouseover="alert(1))');
    expect(html).not.toMatch(/href="[^"]*"\s*onmouseover/);
  });

  it('escapes HTML inside code, bold and link text', () => {
    expect(toHtml('`<b>` **<i>x</i>** [<svg onload=1>](https://a.com)')).toBe(
      `<p><code>&lt;b&gt;</code> <strong>&lt;i&gt;x&lt;/i&gt;</strong> <a href="https://a.com" ${LINK_ATTRIBUTES}>&lt;svg onload=1&gt;</a></p>`,
    );
  });

  it('shows the empty text for a blank source', () => {
    expect(renderToStaticMarkup(<Markdown source={'  \n'} empty="Nothing to preview." />)).toContain(
      '<p>Nothing to preview.</p>',
    );
  });
});
