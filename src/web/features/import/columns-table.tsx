import { AlertTriangle, ChevronDown, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import type { ImportColumnJson, ImportPreviewExecutionJson } from '../../../contracts/imports';
import { REQUIRED_ROLES, type ColumnRole } from '../../../core/import/detect/roles';
import { SELECT_BASE } from '../trades/dialog-frame';
import {
  ROLE_LABELS,
  ROLE_OPTIONS,
  formatConfidence,
  isRequiredRole,
  toRoleList,
  toSampleValues,
} from './import-format';

/** A column that matters: it holds something the import reads, or the detector is unsure of it. */
export const isKeyColumn = (column: ImportColumnJson) => column.needsUserChoice || column.role !== 'ignore';

/** The roles that make a fill: among the key columns, these come first. */
const FILL_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>([
  ...REQUIRED_ROLES,
  'time',
  'side',
  'commission',
  'fees',
]);

/** Fewer columns than this left over are shown as they are, not folded behind a disclosure. */
const MIN_FOLDED = 3;

/**
 * Columns the detector is unsure about first, then the key columns that make a fill (date, symbol,
 * side, quantity, price, costs), the other key columns, then the rest, each in the file's own order. Which columns are key is decided once per file (`keyIndexes`), so a
 * column the user gives a role does not jump away from under the pointer.
 */
function toDisplayOrder(columns: readonly ImportColumnJson[], keyIndexes: ReadonlySet<number>): ImportColumnJson[] {
  const rank = (c: ImportColumnJson) => {
    if (c.needsUserChoice) return 0;
    if (!keyIndexes.has(c.index)) return 3;
    return FILL_ROLES.has(c.role) ? 1 : 2;
  };
  return [...columns].sort((a, b) => rank(a) - rank(b) || a.index - b.index);
}

function ConfidenceBar({ value, isUnsure }: { value: number; isUnsure: boolean }) {
  const percent = formatConfidence(value);
  return (
    <span className="flex items-center gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-line" aria-hidden="true">
        <span className={`block h-full ${isUnsure ? 'bg-highlight' : 'bg-accent'}`} style={{ width: percent }} />
      </span>
      <span className="tabular-nums text-xs text-muted">{percent}</span>
    </span>
  );
}

/** Marks a role the language model suggested for a column the detector was unsure of. */
function AiSuggestedNote() {
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-fg"
      data-testid="ai-suggested"
    >
      <Sparkles className="h-3 w-3 shrink-0 text-accent" aria-hidden="true" />
      AI suggested
      <span className="sr-only">: a language model chose this role, please check it</span>
    </span>
  );
}

/**
 * What each column of the file holds: its header, sample values, the detected role (a select the
 * user may change) and how sure the detector is. Unsure columns are listed first and highlighted,
 * then the columns the import reads; the others of a wide file fold away behind "N more columns"
 * (open from the start while a required column is missing: it may be among them). Mount it anew
 * (a `key`) for each file or sheet: the key columns are those of the first detection.
 */
export function ColumnsTable({
  columns,
  executions,
  missingRoles,
  roleOf,
  onRoleChange,
  isUpdating,
}: {
  columns: readonly ImportColumnJson[];
  executions: readonly ImportPreviewExecutionJson[];
  missingRoles: readonly ColumnRole[];
  /** The role shown for a column: the user's pending choice or the detected one. */
  roleOf: (column: ImportColumnJson) => ColumnRole;
  onRoleChange: (column: ImportColumnJson, role: ColumnRole) => void;
  isUpdating: boolean;
}) {
  const unsure = columns.filter((c) => c.needsUserChoice);
  const [keyIndexes] = useState(() => new Set(columns.filter(isKeyColumn).map((c) => c.index)));
  const [isExpanded, setIsExpanded] = useState(() => missingRoles.length > 0);
  const bodyId = useId();
  const ordered = toDisplayOrder(columns, keyIndexes);
  // A folded column the user gave a role stays in view.
  const isFoldable = (c: ImportColumnJson) => !keyIndexes.has(c.index) && !c.needsUserChoice && roleOf(c) === 'ignore';
  const foldable = columns.filter(isFoldable).length;
  const canFold = foldable >= MIN_FOLDED;
  const isHidden = (c: ImportColumnJson) => canFold && !isExpanded && isFoldable(c);
  return (
    <div className="grid gap-3">
      {unsure.length > 0 && (
        <div
          className="flex gap-3 rounded-xl border border-highlight/50 bg-highlight/10 px-4 py-3 text-sm"
          data-testid="unsure-callout"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-highlight" aria-hidden="true" />
          <div>
            <p className="font-semibold text-fg">
              We’re not sure about {unsure.length} {unsure.length === 1 ? 'column' : 'columns'}
            </p>
            <p className="mt-0.5 text-muted">
              Check {unsure.map((c) => `“${c.header || `Column ${c.index + 1}`}”`).join(', ')} and choose what{' '}
              {unsure.length === 1 ? 'it holds' : 'they hold'}.
            </p>
          </div>
        </div>
      )}
      {missingRoles.length > 0 && (
        <p
          role="alert"
          className="rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-loss"
          data-testid="missing-roles"
        >
          No column holds the {missingRoles.length === 1 ? 'required field' : 'required fields'}{' '}
          <strong>{toRoleList(missingRoles)}</strong>. Choose {missingRoles.length === 1 ? 'it' : 'them'} below to
          import.
        </p>
      )}
      <div
        className="overflow-x-auto rounded-xl border border-line"
        data-testid="columns-table"
        aria-busy={isUpdating || undefined}
      >
        <table className="w-full text-left text-sm sm:min-w-[640px]">
          <caption className="sr-only">Columns of the file and what each one holds</caption>
          <thead className="bg-sunken text-xs font-medium text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Sample values
              </th>
              <th scope="col" className="px-3 py-2">
                Holds
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Confidence
              </th>
            </tr>
          </thead>
          <tbody id={bodyId}>
            {ordered.map((column) => {
              const role = roleOf(column);
              const samples = toSampleValues(role, executions);
              const header = column.header || `Column ${column.index + 1}`;
              const selectId = `import-role-${column.index}`;
              // Until the user picks another role for it.
              const isAiSuggested = column.source === 'language-model' && role === column.role;
              return (
                <tr
                  key={column.index}
                  hidden={isHidden(column)}
                  data-testid="column-row"
                  data-column-index={column.index}
                  className={`border-t border-line ${column.needsUserChoice ? 'bg-highlight/10' : ''}`}
                >
                  <th scope="row" className="px-3 py-2 align-middle font-medium text-fg">
                    <span className="flex items-center gap-2">
                      {column.needsUserChoice && (
                        <AlertTriangle className="h-4 w-4 shrink-0 text-highlight" aria-label="Please check" />
                      )}
                      <span className="[overflow-wrap:anywhere]">{header}</span>
                    </span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-muted sm:hidden">
                      {formatConfidence(column.confidence)} sure
                      {isAiSuggested && <AiSuggestedNote />}
                    </span>
                  </th>
                  <td className="hidden max-w-56 px-3 py-2 align-middle text-muted sm:table-cell">
                    {samples.length > 0 ? (
                      <span className="line-clamp-2">{samples.join(' · ')}</span>
                    ) : (
                      <span aria-label="Not shown in the preview">—</span>
                    )}
                  </td>
                  <td className="px-3 py-2 align-middle">
                    <label htmlFor={selectId} className="sr-only">
                      What “{header}” holds
                    </label>
                    <select
                      id={selectId}
                      className={`${SELECT_BASE} w-40 py-1.5 sm:w-56 ${column.needsUserChoice ? 'border-highlight' : ''}`}
                      value={role}
                      onChange={(e) => {
                        const next = ROLE_OPTIONS.find((r) => r === e.target.value);
                        if (next) onRoleChange(column, next);
                      }}
                    >
                      <optgroup label="Required">
                        {ROLE_OPTIONS.filter(isRequiredRole).map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </optgroup>
                      <optgroup label="Optional">
                        {ROLE_OPTIONS.filter((r) => !isRequiredRole(r)).map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </optgroup>
                    </select>
                  </td>
                  <td className="hidden px-3 py-2 align-middle sm:table-cell">
                    <span className="flex flex-wrap items-center gap-2">
                      <ConfidenceBar value={column.confidence} isUnsure={column.needsUserChoice} />
                      {isAiSuggested && <AiSuggestedNote />}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {canFold && (
          <button
            type="button"
            className="flex w-full items-center justify-center gap-2 border-t border-line bg-sunken/60 px-3 py-2.5 text-sm font-semibold text-fg hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
            aria-expanded={isExpanded}
            aria-controls={bodyId}
            onClick={() => setIsExpanded((open) => !open)}
            data-testid="more-columns"
          >
            <ChevronDown
              className={`h-4 w-4 shrink-0 transition-transform ${isExpanded ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
            {isExpanded
              ? `Hide ${foldable} ${foldable === 1 ? 'column' : 'columns'} the import does not read`
              : `Show ${foldable} more ${foldable === 1 ? 'column' : 'columns'}`}
          </button>
        )}
      </div>
    </div>
  );
}
