/**
 * Counts attempts per key in a sliding window, e.g. failed sign-ins per account. In memory: with
 * several app servers each keeps its own count, which still bounds guessing per server.
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly params: { max: number; windowMs: number }) {}

  /** Milliseconds until another attempt is allowed; 0 when allowed now. */
  retryAfterMs(key: string, nowMs: number): number {
    const recent = this.prune(key, nowMs);
    if (recent.length < this.params.max) return 0;
    return recent[0]! + this.params.windowMs - nowMs; // length ≥ max ≥ 1
  }

  record(key: string, nowMs: number): void {
    const recent = this.prune(key, nowMs);
    recent.push(nowMs);
    this.hits.set(key, recent);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string, nowMs: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > nowMs - this.params.windowMs);
    if (recent.length) this.hits.set(key, recent);
    else this.hits.delete(key);
    return recent;
  }
}
