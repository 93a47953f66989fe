import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * HTML typed into a note shows as the text it is. react-markdown would do the same, but only after
 * the sanitiser, which drops raw nodes along with what they say.
 */
function rehypeRawAsText() {
  const walk = (node: HastNode) => {
    node.children?.forEach((child, index, children) => {
      if (child.type === 'raw') children[index] = { type: 'text', value: child.value ?? '' };
      else walk(child);
    });
  };
  return walk;
}

/** The part of a hast node the step above reads (hast's own types are not a dependency of ours). */
type HastNode = { type: string; value?: string; children?: HastNode[] };

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** Only absolute http(s) links and mailto: a note has no page of its own for relative ones to mean. */
function toSafeUrl(url: string): string {
  return SAFE_URL.test(url.trim()) ? url.trim() : '';
}

const COMPONENTS: Components = {
  // A link whose target was refused keeps its words and loses the link.
  a: ({ node: _node, href, children, ...rest }) =>
    href ? (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeRawAsText, rehypeSanitize];

/** Element styles for rendered Markdown, on the wrapper so the library's plain elements stay plain. */
const PROSE =
  '[&_a]:text-accent [&_a]:underline [&_code]:rounded [&_code]:bg-elevated [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 ' +
  '[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1 [&_.task-list-item_input]:mr-1.5 ' +
  '[&_h1]:text-base [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-medium [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted ' +
  '[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-elevated [&_pre]:p-2 [&_pre_code]:p-0 ' +
  '[&_table]:my-1 [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-0.5 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-0.5 [&_th]:text-left';

export type MarkdownProps = {
  /** The Markdown source: CommonMark with GitHub's tables, task lists, strikethrough and autolinks. */
  source: string;
  className?: string;
  /** Shown when the source is blank. */
  empty?: string;
  'data-testid'?: string;
};

/**
 * Notes, plans and playbooks as Markdown, through a sanitiser (GitHub's rules): no scripts, no event
 * handlers, no `javascript:` links; task-list boxes are shown, disabled.
 */
export function Markdown({ source, className, empty, 'data-testid': testId }: MarkdownProps) {
  return (
    <div data-testid={testId} className={`prose-notes ${PROSE}${className ? ` ${className}` : ''}`}>
      {source.trim() === '' ? (
        empty !== undefined && <p>{empty}</p>
      ) : (
        <ReactMarkdown
          remarkPlugins={REMARK_PLUGINS}
          rehypePlugins={REHYPE_PLUGINS}
          urlTransform={toSafeUrl}
          components={COMPONENTS}
        >
          {source}
        </ReactMarkdown>
      )}
    </div>
  );
}
