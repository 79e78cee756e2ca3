/**
 * When a failed delivery is tried again: base × 4^(attempt − 1), at most `maxSeconds`, with
 * ±20 % jitter so that an endpoint that comes back is not hit by every retry at once. With the
 * defaults (60 s, cap 6 h, 8 attempts) the retries come after ~1 min, 4 min, 16 min, 1 h,
 * 4.3 h, 6 h and 6 h: about 18 hours from the first attempt to the last.
 */
export function retryDelaySeconds(attempt: number, policy: { baseSeconds: number; maxSeconds: number }, random = Math.random): number {
  const delay = Math.min(policy.maxSeconds, policy.baseSeconds * 4 ** Math.max(0, attempt - 1));
  return delay * (0.8 + 0.4 * random());
}
