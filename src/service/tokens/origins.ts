/**
 * The origins CORS preflights are answered for, kept in memory: a preflight carries no token,
 * so asking the database for each one would let anyone make it work for free. The set of every
 * origin any publishable token allows is read at most once per `ttlMs` (however many origins
 * are asked about, known or not); its size is the database's, never the callers'.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { allPublishableOrigins, isKnownOrigin } from './queries.ts';

/** Whether a preflight from an origin is answered. */
export type OriginCheck = (db: Queryable, origin: string) => Promise<boolean>;

/**
 * An `OriginCheck` over a copy of the allowed origins at most `ttlMs` old (ms of `now`, a
 * monotonic clock). An origin added to a token is answered within `ttlMs`, one removed is
 * answered for up to that long (as the token cache does for a token's own origins). `ttlMs` 0
 * asks the database every time.
 */
export function cachedOrigins(ttlMs: number, now: () => number = () => performance.now()): OriginCheck {
  if (ttlMs <= 0) return isKnownOrigin;
  let loaded: { at: number; origins: Promise<Set<string>> } | undefined;
  return async (db, origin) => {
    const t = now();
    if (!loaded || t - loaded.at >= ttlMs) {
      const origins = allPublishableOrigins(db).then((list) => new Set(list));
      loaded = { at: t, origins };
      // A failed read is not kept: the next preflight asks again.
      origins.catch(() => {
        if (loaded?.origins === origins) loaded = undefined;
      });
    }
    return (await loaded.origins).has(origin);
  };
}
