import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export type VirtualTableProps = {
  /** Rows known so far (loaded); only the visible ones (plus overscan) are rendered. */
  rowCount: number;
  /** Fixed height of every row in CSS pixels. */
  rowHeight: number;
  /** Extra rows rendered above and below the viewport, so fast scrolling shows no gaps. */
  overscan?: number;
  /** Renders one row's cells; the returned element is placed absolutely by the table. */
  renderRow: (index: number) => ReactNode;
  /** A stable key for a row. */
  getRowKey: (index: number) => string;
  /** Sticky header content (inside the scroll container, so it scrolls sideways with the rows). */
  header?: ReactNode;
  /** Called when the last rendered row is within `nearEndRows` of the end. */
  onNearEnd?: () => void;
  nearEndRows?: number;
  /** Total row count for assistive technology (including rows not loaded yet). */
  ariaRowCount?: number;
  /** Minimum width of the rows (enables horizontal scrolling on narrow screens). */
  minWidth?: number;
  label: string;
  className?: string;
  footer?: ReactNode;
};

/** Which rows to render for a scroll position: [start, end) clamped to the data. */
export function toVisibleRange(params: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  overscan: number;
}): { start: number; end: number } {
  const { scrollTop, viewportHeight, rowHeight, rowCount, overscan } = params;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.min(rowCount, Math.max(0, first - overscan));
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * A windowed table: one scroll container, a spacer as tall as all rows, and only the rows in view
 * (plus overscan) rendered with absolute positioning. Fixed row height keeps the maths O(1), so
 * 100,000 rows scroll as smoothly as 100.
 */
export function VirtualTable({
  rowCount,
  rowHeight,
  overscan = 8,
  renderRow,
  getRowKey,
  header,
  onNearEnd,
  nearEndRows = 40,
  ariaRowCount,
  minWidth,
  label,
  className,
  footer,
}: VirtualTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(600);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewportHeight(el.clientHeight || 600);
    const observer = new ResizeObserver(() => setViewportHeight(el.clientHeight || 600));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // NOTE: one state update per animation frame at most, however many scroll events arrive.
  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(scrollRef.current?.scrollTop ?? 0);
    });
  }, []);

  const { start, end } = toVisibleRange({ scrollTop, viewportHeight, rowHeight, rowCount, overscan });

  useEffect(() => {
    if (onNearEnd && rowCount > 0 && end >= rowCount - nearEndRows) onNearEnd();
  }, [end, rowCount, nearEndRows, onNearEnd]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    rows.push(
      <div
        key={getRowKey(index)}
        role="row"
        aria-rowindex={index + 2 /* 1-based, after the header row */}
        className="absolute inset-x-0"
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {renderRow(index)}
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="table"
      aria-label={label}
      aria-rowcount={(ariaRowCount ?? rowCount) + 1}
      data-testid="virtual-table"
      className={`relative overflow-auto overscroll-contain ${className ?? ''}`}
      tabIndex={0}
    >
      <div style={{ minWidth }}>
        {header && (
          <div role="rowgroup" className="sticky top-0 z-10">
            {header}
          </div>
        )}
        <div role="rowgroup" className="relative" style={{ height: rowCount * rowHeight }}>
          {rows}
        </div>
        {footer}
      </div>
    </div>
  );
}
