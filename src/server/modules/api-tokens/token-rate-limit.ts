/** Tokens counted at most: the least recently used is forgotten first beyond this. */
const MAX_TOKENS = 100_000;

export type RateLimitState = { isAllowed: boolean; limit: number; remaining: number; resetMs: number };

/**
 * Requests per API token in fixed windows (`limit` per `windowMs`), in this process's memory: with
 * several servers each counts its own share.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();
  constructor(private readonly params: { limit: number; windowMs: number }) {}

  /** Counts one request of the token at `nowMs` and answers where it stands. */
  take(tokenId: string, nowMs: number): RateLimitState {
    const { limit, windowMs } = this.params;
    let window = this.windows.get(tokenId);
    if (!window || nowMs - window.startMs >= windowMs) window = { startMs: nowMs, count: 0 };
    this.windows.delete(tokenId); // re-inserted last: a Map iterates in insertion order
    this.windows.set(tokenId, window);
    if (this.windows.size > MAX_TOKENS) this.windows.delete(this.windows.keys().next().value!); // size > 0
    const isAllowed = window.count < limit;
    if (isAllowed) window.count += 1;
    return {
      isAllowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetMs: window.startMs + windowMs - nowMs,
    };
  }
}
