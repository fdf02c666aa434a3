/**
 * Rate limits (API.md §7), so that no one client can lock a shop out:
 * - a secret token has its own bucket (`perSecond`, `burst`);
 * - a publishable token is shared by every shopper, so each client (its address) gets that
 *   bucket instead, a POST /v1/reservations also one per cart (`cart`), and the token as a whole
 *   only a high ceiling (`ceiling`, sized for a sale day) that a client's refused requests do
 *   not spend: one client at full speed is refused alone;
 * - before authentication, every request spends from its address's bucket (`unauthenticated`,
 *   in memory), so floods of bad tokens or preflights are refused before any database work.
 * Over a limit: 429 with `Retry-After` in whole seconds, at least 1.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { type Buckets, memoryBuckets, type Rate } from '../limits/buckets.ts';

/** How fast callers may call. */
export interface RateLimitOptions {
  /** A secret token's, or one client's of a publishable token, sustained requests per second. @default 20 */
  perSecond: number;
  /** Requests allowed at once after a quiet spell, same callers. @default 100 */
  burst: number;
  /** Each cart's holds (POST /v1/reservations with a publishable token). @default 2/s, burst 10 */
  cart?: Rate;
  /** All clients of one publishable token together. @default 2,500/s, burst 5,000 */
  ceiling?: Rate;
  /** Each address before authentication (memory of one process). @default 50/s, burst 200 */
  unauthenticated?: Rate;
  /**
   * This process's clock in ms (injected by tests, which then also stand for the database's
   * clock in the shared buckets). No process clock needs to agree with another's: only
   * durations measured on it leave the process (limits/buckets.ts). @default `monotonicNow`
   */
  now?: () => number;
}

/** The defaults: see README, "API notes", for why these numbers. */
export const RATE_LIMIT_DEFAULTS = {
  perSecond: 20,
  burst: 100,
  cart: { perSecond: 2, burst: 10 },
  ceiling: { perSecond: 2_500, burst: 5_000 },
  unauthenticated: { perSecond: 50, burst: 200 },
} as const satisfies RateLimitOptions;

/**
 * This process's monotonic clock (ms): a rate limit measures durations only, and a step of the
 * wall clock (NTP correcting a drift) must neither refill a bucket at once nor freeze it.
 */
export const monotonicNow = (): number => performance.now();

/** The 429 of a wait of `ms`, naming what was over its limit. */
function limited(ms: number, what: string): HttpError {
  const retryAfter = Math.max(1, Math.ceil(ms / 1000));
  return new HttpError('rate_limited', `Too many requests ${what}; retry after ${retryAfter} s.`, {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/** The client's key: its address, or "-" when none is known (in-process calls). */
function clientKey(address: string | undefined): string {
  return address ?? '-';
}

/**
 * Limits each authenticated caller; must run after `authenticate`. `buckets` are the shared
 * ones in the app (`sharedBuckets`); memory ones by default (one process).
 */
export function rateLimit(options: RateLimitOptions, buckets: Buckets = memoryBuckets()): MiddlewareHandler<AppEnv> {
  const now = options.now ?? monotonicNow;
  const own: Rate = { perSecond: options.perSecond, burst: options.burst };
  const ceiling = options.ceiling ?? RATE_LIMIT_DEFAULTS.ceiling;
  return async (c, next) => {
    const t = now();
    const auth = c.get('auth');
    if (auth.kind === 'secret') {
      const wait = await buckets.take(`t:${auth.tokenId}`, own, t);
      if (wait > 0) throw limited(wait, 'with this token');
    } else {
      // The client first: a refused client spends nothing of the token's ceiling.
      const wait = await buckets.take(`c:${auth.tokenId}:${clientKey(c.get('client'))}`, own, t);
      if (wait > 0) throw limited(wait, 'from this client');
      const over = await buckets.take(`p:${auth.tokenId}`, ceiling, t);
      if (over > 0) throw limited(over, 'with this publishable token from all clients together');
    }
    await next();
  };
}

/**
 * Limits each cart's holds (POST /v1/reservations with a publishable token); runs after the
 * body is read, which names the cart.
 */
export function cartLimit(options: RateLimitOptions, buckets: Buckets): MiddlewareHandler<AppEnv> {
  const now = options.now ?? monotonicNow;
  const rate = options.cart ?? RATE_LIMIT_DEFAULTS.cart;
  return async (c, next) => {
    const auth = c.get('auth');
    const cart = (c.get('body') as { cart_token?: unknown } | undefined)?.cart_token;
    if (c.req.method === 'POST' && auth.kind === 'publishable' && typeof cart === 'string') {
      const wait = await buckets.take(`k:${auth.tokenId}:${cart}`, rate, now());
      if (wait > 0) throw limited(wait, 'for this cart');
    }
    await next();
  };
}

/** Limits each address before authentication, in this process's memory: no database work. */
export function addressLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const now = options.now ?? monotonicNow;
  const rate = options.unauthenticated ?? RATE_LIMIT_DEFAULTS.unauthenticated;
  const buckets = memoryBuckets();
  return async (c, next) => {
    const wait = await buckets.take(clientKey(c.get('client')), rate, now());
    if (wait > 0) throw limited(wait, 'from this address');
    await next();
  };
}
