/**
 * Tokens (API.md §6): only a SHA-256 hash is stored; a request's token is found by the hash's
 * first 16 hex digits and then compared in full in constant time.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

/** What a token may do. */
export type TokenKind = 'secret' | 'publishable';

/** A verified token and its shop. */
export interface AuthContext {
  tokenId: number;
  kind: TokenKind;
  shopId: number;
  /** The shop's IANA zone: every day and "today" is computed in it. */
  tz: string;
  locale: string;
  /** Browser origins a publishable token may be used from. */
  origins: string[];
}

/** The stored form of a token: its hash and lookup prefix. */
export function hashToken(token: string): { hash: string; lookup: string } {
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  return { hash, lookup: hash.slice(0, 16) };
}

/** The kind a token's prefix says it is (`sk_` secret, `pk_` publishable), if any. */
export function kindOfToken(token: string): TokenKind | undefined {
  return token.startsWith('sk_') ? 'secret' : token.startsWith('pk_') ? 'publishable' : undefined;
}

/** Finds the token, or undefined when no shop has it. */
export async function verifyToken(db: Queryable, token: string): Promise<AuthContext | undefined> {
  const { hash, lookup } = hashToken(token);
  const { rows } = await db.query<{
    id: number;
    kind: TokenKind;
    token_hash: string;
    origins: string[];
    shop_id: number;
    tz: string;
    locale: string;
  }>(
    `SELECT t.id, t.kind, t.token_hash, t.origins, t.shop_id, s.tz, s.locale
       FROM tokens t JOIN shops s ON s.id = t.shop_id WHERE t.lookup = $1`,
    [lookup],
  );
  const wanted = Buffer.from(hash, 'hex');
  let found: AuthContext | undefined;
  // Compare against every candidate (normally one) without stopping early.
  for (const row of rows) {
    if (timingSafeEqual(Buffer.from(row.token_hash, 'hex'), wanted)) {
      found = { tokenId: row.id, kind: row.kind, shopId: row.shop_id, tz: row.tz, locale: row.locale, origins: row.origins };
    }
  }
  return found;
}

/** True when some publishable token of any shop allows `origin` (answers CORS preflights). */
export async function isKnownOrigin(db: Queryable, origin: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM tokens WHERE kind = 'publishable' AND $1 = ANY(origins) LIMIT 1`, [origin]);
  return rows.length > 0;
}
