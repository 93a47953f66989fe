/**
 * When a sign-in attempt may go ahead, from the failed attempts before it. Three counts, so that
 * guessing is slow without handing anyone a way to lock the owner out:
 * - one address from one IP: a hard limit per window (the guesser's own address and IP);
 * - one IP, any address: a hard limit per window (one machine trying many accounts);
 * - one address, any IP: no lock, but a wait after each failure that doubles with every further
 *   failure (many machines on one account). A browser the account signed in from before (a
 *   known device) skips this wait and the per-IP limit, so the owner still gets in while the
 *   address is attacked from elsewhere; only the first limit, its own failures, applies to it.
 */
export type LoginThrottlePolicy = {
  /** How long a failure counts against an address from one IP, and against the IP, in ms. */
  windowMs: number;
  /** Failures allowed per window for one address from one IP. */
  maxPerAddressAndIp: number;
  /** Failures allowed per window from one IP, over all addresses. */
  maxPerIp: number;
  /** How long a failure counts towards the address's wait, in ms. */
  addressWindowMs: number;
  /** Failures of one address, from anywhere, before attempts start to wait. */
  freePerAddress: number;
  /** The first wait in ms; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** Failed sign-ins as epoch milliseconds, in any order. */
export type LoginFailures = {
  addressAndIp: readonly number[];
  ip: readonly number[];
  address: readonly number[];
};

export type LoginThrottleDecision = { isAllowed: true } | { isAllowed: false; retryAfterMs: number };

/** Milliseconds until fewer than `max` of the failures are younger than `windowMs`; 0 when already so. */
function computeWindowWait(failures: readonly number[], params: { max: number; windowMs: number; nowMs: number }) {
  const recent = failures.filter((t) => t > params.nowMs - params.windowMs).sort((a, b) => a - b);
  if (recent.length < params.max) return 0;
  // The failure whose expiry brings the count below max.
  return recent[recent.length - params.max]! + params.windowMs - params.nowMs; // length ≥ max ≥ 1
}

/** The wait after an address's latest failure: none for the first `freePerAddress`, then doubling. */
export function computeAddressDelayMs(failureCount: number, policy: LoginThrottlePolicy): number {
  if (failureCount < policy.freePerAddress) return 0;
  const doublings = failureCount - policy.freePerAddress;
  // 2 ** 40 ms is 35 years: past any cap, and far from Infinity.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(doublings, 40));
}

function computeAddressWait(failures: readonly number[], policy: LoginThrottlePolicy, nowMs: number): number {
  const recent = failures.filter((t) => t > nowMs - policy.addressWindowMs);
  if (recent.length === 0) return 0;
  const latest = Math.max(...recent);
  return Math.max(0, latest + computeAddressDelayMs(recent.length, policy) - nowMs);
}

/**
 * Whether an attempt at `nowMs` may have its password checked; when not, how long until it may
 * (the longest of the waits that apply). `isKnownDevice` means the browser proved an earlier
 * sign-in to this address's account.
 */
export function decideLoginAttempt(params: {
  failures: LoginFailures;
  isKnownDevice: boolean;
  nowMs: number;
  policy: LoginThrottlePolicy;
}): LoginThrottleDecision {
  const { failures, nowMs, policy } = params;
  const waits = [
    computeWindowWait(failures.addressAndIp, { max: policy.maxPerAddressAndIp, windowMs: policy.windowMs, nowMs }),
  ];
  if (!params.isKnownDevice) {
    waits.push(computeWindowWait(failures.ip, { max: policy.maxPerIp, windowMs: policy.windowMs, nowMs }));
    waits.push(computeAddressWait(failures.address, policy, nowMs));
  }
  const retryAfterMs = Math.max(...waits);
  return retryAfterMs > 0 ? { isAllowed: false, retryAfterMs } : { isAllowed: true };
}
