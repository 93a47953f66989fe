/**
 * Marks a feature the app does not have yet, next to its name (core/site/feature-availability lists
 * them). Inline, so a heading or list item that names the feature says in the same line that it is coming.
 */
export function ComingSoonBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`ml-2 inline-flex whitespace-nowrap rounded-full border border-highlight/50 bg-elevated px-2 py-0.5 align-middle text-[0.7rem] font-semibold uppercase tracking-wider text-highlight ${className}`}
    >
      Coming soon
    </span>
  );
}
