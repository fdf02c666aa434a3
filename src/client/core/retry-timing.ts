import type { RetryOptions } from './types.ts';

/** Retry defaults; each one is documented on `RetryOptions`. */
export const RETRY_DEFAULTS: RetryOptions = {
  limit: 2,
  delayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  jitter: true,
};

/** The full retry options from the shorthand a caller may give. */
export function resolveRetryOptions(retry: Partial<RetryOptions> | number | false | undefined): RetryOptions {
  if (retry === false) return { ...RETRY_DEFAULTS, limit: 0 };
  if (typeof retry === 'number') return { ...RETRY_DEFAULTS, limit: retry };
  return { ...RETRY_DEFAULTS, ...retry };
}

/**
 * Milliseconds to wait from a `Retry-After` header: delay-seconds or an HTTP-date (RFC 9110
 * §10.2.3). An HTTP-date is measured against the response's own `Date` when there is one, so a
 * client whose clock is off does not wait too long or not at all. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, dateHeader: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  const serverNow = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
  return Math.max(0, at - (Number.isNaN(serverNow) ? now : serverNow));
}

/**
 * The wait before retry number `retry` (0 for the first): exponential from `delayMs`, capped at
 * `maxDelayMs`, then with jitter a random 50-100 % of that (as Stripe's clients do, so a
 * jittered wait is never below half the planned one).
 */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const planned = Math.min(options.maxDelayMs, options.delayMs * 2 ** retry);
  return options.jitter ? planned * (0.5 + random() / 2) : planned;
}
