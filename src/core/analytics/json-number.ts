/**
 * A statistic on the wire: a finite number; "Infinity" / "-Infinity" for a non-zero number divided
 * by zero; null when undefined (0/0, an empty subset, too few observations). −0 becomes 0.
 */
export type JsonNumber = number | 'Infinity' | '-Infinity' | null;

export function toJsonNumber(value: number | null | undefined): JsonNumber {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return value === 0 ? 0 : value;
}

/** The number a {@link JsonNumber} stands for (null stays null). */
export function fromJsonNumber(value: JsonNumber): number | null {
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  return value;
}

/** Every number-valued field of a flat record as a {@link JsonNumber}; other fields unchanged. */
export function toJsonNumbers<T extends Record<string, unknown>>(
  record: T,
): { [K in keyof T]: T[K] extends number | null ? JsonNumber : T[K] } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] = typeof value === 'number' || value === null ? toJsonNumber(value as number | null) : value;
  }
  return out as { [K in keyof T]: T[K] extends number | null ? JsonNumber : T[K] }; // same keys, numbers mapped
}
