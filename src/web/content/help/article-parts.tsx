import type { ReactElement, ReactNode } from 'react';
import { Link } from 'wouter';
import { usePublicConfig } from '../../lib/public-config';

/**
 * What every Help Center article module (`./<id>.tsx`) exports by default, and the pieces their bodies
 * share. Each article is a module of its own so an article page loads only its own text.
 *
 * `status` is honest about the product today: an `available` article describes what the app does now;
 * a `coming-soon` article is about a feature not built yet (its catalogue entry names the feature, and a
 * unit test keeps the two in step with core/site/feature-availability): it has a one-line `notice`,
 * which the article page shows at the top, and a body of at most a short paragraph on what is planned.
 * Formulas follow /work/shared/analytics-definitions.md (the analytics module's reference).
 */
export type HelpArticleStatus = 'available' | 'coming-soon';

export type HelpArticleBody = {
  /** ISO date (YYYY-MM-DD) of the last content change. */
  updated: string;
  body: () => ReactElement;
} & (
  | { status: 'available' }
  | {
      status: 'coming-soon';
      /** One line: the feature is not available yet, and what to use today instead. */
      notice: string;
    }
);

/** The date of the last content change shared by the articles written together; an edited article sets its own. */
export const HELP_ARTICLES_UPDATED = '2026-11-22';

/**
 * A formula block. Plain `pre`: the prose styles would box every line of a nested `code`. Lines wrap on
 * phones (no sideways scrolling) and keep their alignment from the small breakpoint up.
 */
export function Formula({ children }: { children: string }) {
  return <pre className="whitespace-pre-wrap sm:whitespace-pre">{children}</pre>;
}

export function HelpLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link href={`/help/${to}`}>{children}</Link>;
}

/** A table that scrolls sideways on narrow screens; `nowrap` lists columns (by index) kept on one line, such as amounts. */
export function Table({ head, rows, nowrap = [] }: { head: string[]; rows: ReactNode[][]; nowrap?: number[] }) {
  return (
    // Focusable so that keyboard users can scroll it when it is wider than a phone screen.
    <div
      className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-label={`Table: ${head.join(', ')}`}
    >
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className={nowrap.includes(j) ? 'whitespace-nowrap' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Brand() {
  return <>{usePublicConfig().brand}</>;
}

export function SupportEmail() {
  const { supportEmail } = usePublicConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
