/**
 * Tokens (API.md §6): only a SHA-256 hash is stored; a request's token is found by the hash's
 * first 16 hex digits and then compared in full in constant time.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { currentShopVersion } from '../shops/data-version.ts';
import { tokenCandidates } from './queries.ts';
import type { AuthContext, TokenKind } from './types.ts';

/** The stored form of a token: its hash and lookup prefix. */
export function hashToken(token: string): { hash: string; lookup: string } {
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  return { hash, lookup: hash.slice(0, 16) };
}

/** What a merchant sees of a stored token: its kind's prefix and its last four characters. */
export function hintOf(token: string): string {
  return `${token.slice(0, 3)}…${token.slice(-4)}`;
}

/** The kind a token's prefix says it is (`sk_` secret, `pk_` publishable), if any. */
export function kindOfToken(token: string): TokenKind | undefined {
  return token.startsWith('sk_') ? 'secret' : token.startsWith('pk_') ? 'publishable' : undefined;
}

/**
 * A verified token's context with its shop's data version, read after the verification was
 * asked for (what the token cache compares, and what the blackout list cache may use).
 */
export interface VerifiedToken {
  auth: AuthContext;
  version: number;
}

/** Finds the token with its shop's data version (read in the same statement), or undefined. */
export async function verifyTokenWithVersion(db: Queryable, token: string): Promise<VerifiedToken | undefined> {
  const { hash, lookup } = hashToken(token);
  const rows = await tokenCandidates(db, lookup);
  const wanted = Buffer.from(hash, 'hex');
  let found: VerifiedToken | undefined;
  // Compare against every candidate (normally one) without stopping early.
  for (const row of rows) {
    if (timingSafeEqual(Buffer.from(row.token_hash, 'hex'), wanted)) {
      const auth = {
        tokenId: row.id,
        kind: row.kind,
        shopId: row.shop_id,
        tz: row.tz,
        locale: row.locale,
        origins: row.origins,
      };
      found = { auth, version: row.version };
    }
  }
  return found;
}

/** Finds the token, or undefined when no shop has it. */
export async function verifyToken(db: Queryable, token: string): Promise<AuthContext | undefined> {
  return (await verifyTokenWithVersion(db, token))?.auth;
}

/** How long a verified token is trusted without asking the database again, by default. */
export const TOKEN_CACHE_MS = 10_000;

/** `verifyTokenWithVersion`, perhaps with a memory of recent answers; see `cachedTokens`. */
export type TokenVerifier = (db: Queryable, token: string) => Promise<VerifiedToken | undefined>;

/** How long a token that did not verify is refused without asking again, by default (the app's). */
export const UNKNOWN_TOKEN_CACHE_MS = 2_000;

/**
 * A per-app cache of verified tokens (SHA-256 hash → AuthContext) for `ttlMs` of real time, so
 * most requests skip the token query. Concurrent requests with one token share one query, also
 * when they find together that its shop's version moved. At most `maxEntries` are kept, the
 * oldest dropped first. Each answer carries the shop's data version read for this request (the
 * blackout list uses it rather than reading it again).
 *
 * A token that did not verify is remembered only with `negativeMs` (the app passes
 * `UNKNOWN_TOKEN_CACHE_MS`), in a map of its own of at most `maxEntries` (a flood of unknown
 * tokens cannot push out good ones): a client repeating a wrong token costs one query per
 * `negativeMs`, and a token created meanwhile is refused for up to that long. Without it, a
 * token that did not verify is asked again every time.
 *
 * A change to the token's shop (its zone or locale, PUT /v1/shop) is seen at once by every
 * process: a remembered token is served only while its shop's data version (one primary-key
 * read shared by concurrent requests, shops/data-version.ts) is the one read with it; else it
 * is verified again. Triggers move that version with every change to the shop (migration 10),
 * to its tokens (revoked, or their origins changed: migration 12, so a revoked token is refused
 * at once everywhere) and with every write to its blackouts, products, variants and locations
 * (migration 3), so each of those writes, too, costs the shop's tokens one query each at their
 * next use. `ttlMs` bounds the memory all the same (a token row changed behind the triggers'
 * back, which no code does); 0 turns the cache off.
 * `now` is a monotonic clock in ms (tests may pass their own).
 */
export function cachedTokens(
  ttlMs: number,
  options: { maxEntries?: number; negativeMs?: number; now?: () => number } = {},
): TokenVerifier {
  if (ttlMs <= 0) return verifyTokenWithVersion;
  const maxEntries = options.maxEntries ?? 10_000;
  const negativeMs = options.negativeMs ?? 0;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { at: number; answer: Promise<VerifiedToken | undefined> }>();
  const unknown = new Map<string, number>();
  return async (db, token) => {
    const { hash } = hashToken(token);
    const t = now();
    const hit = entries.get(hash);
    if (hit && t - hit.at < ttlMs) {
      const found = await hit.answer;
      if (!found) return undefined;
      // Shared with concurrent requests of the shop (and the blackout list), read after this one arrived.
      if ((await currentShopVersion(db, found.auth.shopId)) === found.version) return found;
      // Another request saw the same change first and verifies again: its query was asked after
      // this request arrived (the entry was still `hit` then), so its answer serves this one too.
      const again = entries.get(hash);
      if (again && again !== hit) return again.answer;
    }
    if (hit && entries.get(hash) === hit) entries.delete(hash);
    const refusedAt = unknown.get(hash);
    if (refusedAt !== undefined && t - refusedAt < negativeMs) return undefined;
    if (refusedAt !== undefined) unknown.delete(hash);
    const answer = verifyTokenWithVersion(db, token).then((found) =>
      found ? Object.freeze({ auth: freeze(found.auth), version: found.version }) : undefined,
    );
    entries.set(hash, { at: t, answer });
    const forget = () => {
      if (entries.get(hash)?.answer === answer) entries.delete(hash);
    };
    // A token that did not verify goes to the map of unknown ones (when kept); a failed query
    // is not remembered at all.
    answer.then((found) => {
      if (found) return;
      forget();
      if (negativeMs <= 0) return;
      unknown.set(hash, t);
      while (unknown.size > maxEntries) unknown.delete(unknown.keys().next().value!);
    }, forget);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return answer;
  };
}

/** One context is shared by the requests that hit the cache: none may change it. */
function freeze(auth: AuthContext): AuthContext {
  Object.freeze(auth.origins);
  return Object.freeze(auth);
}
