import { useId, useState, type ReactNode } from 'react';

export type DataColumn = { label: string; isNumeric?: boolean };

/**
 * A chart with its text equivalents: a title, a one-paragraph summary that screen readers read
 * in place of the canvas, and a data table behind a "Show data table" toggle (rendered only when
 * opened, so a long table costs nothing until asked for).
 */
export function ChartFigure({
  title,
  summary,
  columns,
  rows,
  tableNote,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  /** Plain-language description of what the chart shows (the accessible name of the canvas). */
  summary: string;
  columns: DataColumn[];
  /** Cell texts per row; called only when the table is opened. */
  rows: () => string[][];
  /** A line under the table, e.g. "Last 500 of 1,021 days." */
  tableNote?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  const [isTableOpen, setIsTableOpen] = useState(false);
  const tableRows = isTableOpen ? rows() : [];
  return (
    <figure aria-labelledby={titleId} className="min-w-0" data-testid={testId}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <figcaption id={titleId} className="text-base font-semibold text-fg">
          {title}
        </figcaption>
        {actions}
      </div>
      <div role="img" aria-label={summary}>
        {children}
      </div>
      <details className="mt-2" onToggle={(e) => setIsTableOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer select-none rounded text-sm font-medium text-accent hover:underline">
          {isTableOpen ? 'Hide data table' : 'Show data table'}
        </summary>
        {isTableOpen && (
          <div
            className="mt-2 max-h-80 overflow-auto rounded-lg border border-line"
            tabIndex={0}
            role="region"
            aria-label="Data table"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{summary}</caption>
              <thead className="sticky top-0 bg-sunken text-xs text-muted">
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.label}
                      scope="col"
                      className={`px-3 py-2 font-medium ${c.isNumeric ? 'text-right' : 'text-left'}`}
                    >
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tableRows.map((cells, r) => (
                  <tr key={r} className="border-t border-line">
                    {cells.map((cell, c) => (
                      <td
                        key={c}
                        className={`px-3 py-1.5 text-fg ${columns[c]?.isNumeric ? 'text-right tabular-nums' : ''}`}
                      >
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {isTableOpen && tableNote && <p className="mt-1 text-xs text-muted">{tableNote}</p>}
      </details>
    </figure>
  );
}
