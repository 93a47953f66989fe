/** True for PostgreSQL's unique_violation (23505), from either driver (drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true; // pg and PGlite errors carry the SQLSTATE
  }
  return false;
}
