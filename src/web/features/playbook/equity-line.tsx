/** An equity curve as an SVG line (a card's sparkline, or larger with its zero line). */
export function EquityLine({
  points,
  color,
  height,
  label,
  hasZeroLine = false,
}: {
  points: readonly { at: number; value: number }[];
  color: string;
  height: number;
  label: string;
  hasZeroLine?: boolean;
}) {
  const width = 300;
  if (points.length === 0)
    return (
      <div style={{ height }} className="grid place-items-center text-xs text-muted">
        No closed trades yet
      </div>
    );
  const values = [0, ...points.map((p) => p.value)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const y = (value: number) => height - 2 - ((value - min) / span) * (height - 4);
  // The curve starts at 0 before the first trade: trade i ends at (i + 1) / n of the width.
  const x = (i: number) => ((i + 1) / points.length) * width;
  const path = [`0,${y(0)}`, ...points.map((p, i) => `${x(i)},${y(p.value)}`)].join(' ');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="block w-full"
      style={{ height }}
    >
      {hasZeroLine && (
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.25} strokeDasharray="4 4" />
      )}
      <polyline points={path} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
