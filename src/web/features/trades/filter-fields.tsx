import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SELECT_CLASS } from './dialog-frame';

/** The trade filters' controls, which the filter bar (features/filters) picks by each field's type. */

export function FilterField({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1 sm:w-36">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled quick filter with an "Any" choice that clears it. */
export function SelectFilter(props: {
  label: string;
  id: string;
  value: string;
  /** The empty choice's text ("Any" unless given). */
  anyLabel?: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <FilterField label={props.label} id={props.id}>
      <select
        id={props.id}
        className={SELECT_CLASS}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.anyLabel ?? 'Any'}</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * A text filter that applies on Enter or when the field loses focus, not on every keystroke;
 * `isSymbol` reads it upper-cased, as symbols are stored.
 */
export function CommitInput({
  id,
  value,
  onCommit,
  placeholder,
  isSymbol = false,
}: {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  placeholder: string;
  isSymbol?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    const text = draft.trim();
    if ((isSymbol ? text.toUpperCase() : text) !== value) onCommit(text);
  };
  return (
    <input
      id={id}
      type={isSymbol ? 'search' : 'text'}
      className={SELECT_CLASS}
      value={draft}
      placeholder={placeholder}
      autoCapitalize={isSymbol ? 'characters' : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

/** Filters by symbol (several comma-separated) on Enter or when the field loses focus. */
export function SymbolInput({ id, value, onCommit }: { id: string; value: string; onCommit: (value: string) => void }) {
  return <CommitInput id={id} value={value} onCommit={onCommit} placeholder="AAPL" isSymbol />;
}

/** How long typing pauses before a search applies. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searches as the trader types: the text applies once typing pauses (or at once on Enter), so the
 * list follows without a request per keystroke.
 */
export function SearchInput({
  id,
  value,
  onSearch,
  placeholder,
  title,
}: {
  id: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  title?: string;
}) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Cleared or changed elsewhere ("Clear filters", a link): show what applies.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    if (draft.trim() !== value) setDraft(value);
  }
  const apply = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim() !== value) onSearch(text.trim());
  };
  return (
    <input
      id={id}
      type="search"
      className={SELECT_CLASS}
      value={draft}
      placeholder={placeholder}
      title={title}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply(draft);
        }
      }}
    />
  );
}
