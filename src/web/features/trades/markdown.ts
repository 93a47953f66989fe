/**
 * A deliberately tiny Markdown subset for trade notes: paragraphs, **bold**, *italic*, `code`,
 * "-"/"*" and "1." lists, and [links](https://…) with http(s) targets only. Everything else is
 * escaped, so the result is safe to hand to `dangerouslySetInnerHTML`.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s][^*]*)\*/g;
const SAFE_URL = /^https?:\/\/[^\s<>"']+$/i;

function toInlineHtml(raw: string): string {
  let html = '';
  let last = 0;
  for (const match of raw.matchAll(INLINE)) {
    const index = match.index;
    html += escapeHtml(raw.slice(last, index));
    last = index + match[0].length;
    const [whole, code, linkText, url, bold, italic] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (linkText !== undefined && url !== undefined) {
      html += SAFE_URL.test(url)
        ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer nofollow">${toInlineHtml(linkText)}</a>`
        : escapeHtml(whole);
    } else if (bold !== undefined) html += `<strong>${toInlineHtml(bold)}</strong>`;
    else if (italic !== undefined) html += `<em>${toInlineHtml(italic)}</em>`;
    else html += escapeHtml(whole);
  }
  return html + escapeHtml(raw.slice(last));
}

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

function toBlockHtml(lines: string[]): string {
  if (lines.every((l) => BULLET.test(l))) {
    return `<ul>${lines.map((l) => `<li>${toInlineHtml(BULLET.exec(l)?.[1] ?? '')}</li>`).join('')}</ul>`;
  }
  if (lines.every((l) => NUMBERED.test(l))) {
    return `<ol>${lines.map((l) => `<li>${toInlineHtml(NUMBERED.exec(l)?.[1] ?? '')}</li>`).join('')}</ol>`;
  }
  return `<p>${lines.map((l) => toInlineHtml(l.trim())).join('<br>')}</p>`;
}

/** Markdown notes → escaped HTML (see the module comment for the subset). */
export function toMarkdownHtml(source: string): string {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      if (current.length) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current);
  return blocks.map(toBlockHtml).join('');
}
