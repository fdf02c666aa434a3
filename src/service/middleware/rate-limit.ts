/**
 * Per-token rate limits (API.md §7): a token bucket per token, refilled continuously; a request
 * that finds it empty gets 429 with `Retry-After` in whole seconds. Buckets live in the process:
 * with several service processes each enforces the limit on its own share of traffic.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';

/** How fast a token may call. */
export interface RateLimitOptions {
  /** Sustained requests per second. @default 20 */
  perSecond: number;
  /** Requests allowed at once after a quiet spell. @default 100 */
  burst: number;
  /** A monotonic clock in milliseconds (injected by tests). @default performance.now */
  now?: () => number;
}

/** The defaults of API.md §7. */
export const RATE_LIMIT_DEFAULTS: RateLimitOptions = { perSecond: 20, burst: 100 };

interface Bucket {
  tokens: number;
  at: number;
}

/** Limits each authenticated token; must run after `authenticate`. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<number, Bucket>();
  let lastSweep = now();
  return async (c, next) => {
    const t = now();
    // Drop buckets that have been full for a while so memory stays bounded by active tokens.
    if (t - lastSweep > 60_000) {
      for (const [id, b] of buckets) if (b.tokens + ((t - b.at) / 1000) * options.perSecond >= options.burst) buckets.delete(id);
      lastSweep = t;
    }
    const id = c.get('auth').tokenId;
    const bucket = buckets.get(id) ?? { tokens: options.burst, at: t };
    bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
    bucket.at = t;
    buckets.set(id, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
      throw new HttpError('rate_limited', `Too many requests with this token; retry after ${retryAfter} s.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    bucket.tokens -= 1;
    await next();
  };
}
