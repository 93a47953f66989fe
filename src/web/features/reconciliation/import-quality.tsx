import type { ImportQualityJson } from '../../../contracts/reconciliation';

/** The import's data-quality score as a small badge ("—" when the file has nothing to check against). */
export function QualityScore({ quality }: { quality: ImportQualityJson | undefined }) {
  if (!quality) return <span className="text-muted">—</span>;
  if (quality.score === null)
    return (
      <span className="text-muted" title="The file carries no broker figures to check against">
        Not checked
      </span>
    );
  const tone = quality.unexplained > 0 || quality.problemRows > 0 ? 'text-loss' : 'text-accent';
  return (
    <span
      className={`font-semibold tabular-nums ${tone}`}
      title={`${quality.agreeing} agree to the cent, ${quality.explained} explained, ${quality.unexplained} unexplained`}
    >
      {quality.score}%
    </span>
  );
}

/** The score's parts: rows read and set aside (and why), and how the broker's figures compare. */
export function ImportQualityPanel({ quality }: { quality: ImportQualityJson }) {
  const items: [string, string][] = [
    ['Rows read', quality.rowsRead.toLocaleString('en-US')],
    ['Rows set aside', quality.rowsSkipped.toLocaleString('en-US')],
    ['Rows that could not be read', quality.problemRows.toLocaleString('en-US')],
    ['Fills with a broker figure', quality.fillsWithBrokerFigure.toLocaleString('en-US')],
    ['Agree to the cent', quality.agreeing.toLocaleString('en-US')],
    ['Differences explained', quality.explained.toLocaleString('en-US')],
    ['Unexplained', quality.unexplained.toLocaleString('en-US')],
  ];
  return (
    <div data-testid="import-quality">
      <p className="text-sm text-fg">
        Data quality:{' '}
        <span className="text-lg">
          <QualityScore quality={quality} />
        </span>
        {quality.score !== null && (
          <span className="text-muted">
            {' '}
            of the fills with a broker figure and unreadable rows agree or are explained
          </span>
        )}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-medium tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {quality.skippedReasons.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-fg">Why rows were set aside</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-muted">
            {quality.skippedReasons.map((r) => (
              <li key={r.reason}>
                {r.count.toLocaleString('en-US')} × {r.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
