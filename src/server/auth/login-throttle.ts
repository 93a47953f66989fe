import {
  decideLoginAttempt,
  type LoginThrottleDecision,
  type LoginThrottlePolicy,
} from '../../core/auth/login-throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Keys each count keeps at most: spraying addresses or IPs cannot exhaust memory. */
const MAX_KEYS = 100_000;

/**
 * The sign-in policy from the configured failures per address and IP in 15 minutes (default 5):
 * an IP may fail four times that over all addresses; an address, from anywhere, fails that many
 * times freely, then waits 1 s after a failure, doubling with each further one, at most 15 minutes,
 * for a day after its latest failures.
 */
export function toLoginThrottlePolicy(perAddressAndIp: number): LoginThrottlePolicy {
  return {
    windowMs: 15 * MINUTE,
    maxPerAddressAndIp: perAddressAndIp,
    maxPerIp: 4 * perAddressAndIp,
    addressWindowMs: 24 * 60 * MINUTE,
    freePerAddress: perAddressAndIp,
    baseDelayMs: SECOND,
    maxDelayMs: 15 * MINUTE,
  };
}

/**
 * Failure times per key, kept for `keepMs`. When more than MAX_KEYS keys have failures, the key
 * that failed least recently is forgotten first.
 */
class FailureLog {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly keepMs: number) {}

  list(key: string, nowMs: number): number[] {
    const recent = (this.failures.get(key) ?? []).filter((t) => t > nowMs - this.keepMs);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }

  record(key: string, nowMs: number): void {
    const recent = this.list(key, nowMs);
    recent.push(nowMs);
    this.failures.delete(key); // re-inserted last: a Map iterates in insertion order
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!); // size > 0
  }

  forget(key: string): void {
    this.failures.delete(key);
  }
}

export type LoginAttemptKey = { address: string; ip: string };

/**
 * Failed sign-ins in memory, weighed by the core policy. With several app servers each keeps its
 * own counts, which still bounds guessing per server.
 */
export class LoginThrottle {
  private readonly byAddressAndIp: FailureLog;
  private readonly byIp: FailureLog;
  private readonly byAddress: FailureLog;

  constructor(private readonly policy: LoginThrottlePolicy) {
    this.byAddressAndIp = new FailureLog(policy.windowMs);
    this.byIp = new FailureLog(policy.windowMs);
    this.byAddress = new FailureLog(policy.addressWindowMs);
  }

  decide(params: LoginAttemptKey & { isKnownDevice: boolean; nowMs: number }): LoginThrottleDecision {
    const { address, ip, nowMs } = params;
    const failures = {
      addressAndIp: this.byAddressAndIp.list(pairKey(address, ip), nowMs),
      ip: this.byIp.list(ip, nowMs),
      address: this.byAddress.list(address, nowMs),
    };
    return decideLoginAttempt({ failures, isKnownDevice: params.isKnownDevice, nowMs, policy: this.policy });
  }

  recordFailure(params: LoginAttemptKey & { nowMs: number }): void {
    this.byAddressAndIp.record(pairKey(params.address, params.ip), params.nowMs);
    this.byIp.record(params.ip, params.nowMs);
    this.byAddress.record(params.address, params.nowMs);
  }

  /**
   * A sign-in that got in clears its own IP's failures for the address. The address's count stays:
   * the owner signing in must not reset the wait of someone guessing from elsewhere.
   */
  recordSuccess(params: LoginAttemptKey): void {
    this.byAddressAndIp.forget(pairKey(params.address, params.ip));
  }
}

const pairKey = (address: string, ip: string) => `${address}\n${ip}`;
