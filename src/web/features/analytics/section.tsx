import { useId, type ReactNode } from 'react';
import { toApiError } from '../../lib/api';

/** One titled block of the analytics page: a card with an h2, a line of context and optional controls. */
export function AnalyticsSection({
  title,
  intro,
  controls,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="min-w-0 rounded-2xl border border-line bg-elevated p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            {title}
          </h2>
          {intro && <p className="mt-1 max-w-3xl text-sm text-muted">{intro}</p>}
        </div>
        {controls && <div className="flex flex-wrap items-end gap-2">{controls}</div>}
      </div>
      {children}
    </section>
  );
}

/** A query's loading or failure line inside a section; nothing once it has data. */
export function QueryState({ isPending, error, label }: { isPending: boolean; error: unknown; label: string }) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-loss">
        {toApiError(error).message}
      </p>
    );
  }
  if (isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Loading {label}…
      </p>
    );
  }
  return null;
}

/** A small segmented switch (radio buttons styled as a button group). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      <div className="inline-flex flex-wrap rounded-lg border border-line bg-sunken p-0.5">
        {options.map(([key, text]) => (
          <label
            key={key}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${
              value === key ? 'bg-elevated text-fg shadow-sm' : 'text-muted hover:text-fg'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
              className="sr-only"
            />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A chart with its accessible summary: the canvas is an image named by the summary. */
export function ChartBox({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={summary} className="min-w-0">
      {children}
    </div>
  );
}
