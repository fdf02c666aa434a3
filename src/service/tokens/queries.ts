/**
 * The token statements: the candidates for a token's lookup prefix (with their shop), and
 * whether any publishable token allows an origin (CORS preflights). Only hashes are stored.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { TokenKind } from './types.ts';

/** A stored token with its shop, as `verifyToken` compares it. */
export interface TokenRow {
  id: number;
  kind: TokenKind;
  token_hash: string;
  origins: string[];
  shop_id: number;
  tz: string;
  locale: string;
  /** The shop's data version when read (migration 3; 10 bumps it on a change to the shop), 0 before any write. */
  version: number;
}

/**
 * Every token whose hash starts with `lookup` (normally one), with its shop's zone, locale and
 * data version (read in the same statement, so the version is never newer than the zone).
 */
export async function tokenCandidates(db: Queryable, lookup: string): Promise<TokenRow[]> {
  const { rows } = await db.query<TokenRow>(
    `SELECT t.id, t.kind, t.token_hash, t.origins, t.shop_id, s.tz, s.locale, COALESCE(v.version, 0) AS version
       FROM tokens t JOIN shops s ON s.id = t.shop_id LEFT JOIN shop_data_versions v ON v.shop_id = s.id WHERE t.lookup = $1`,
    [lookup],
  );
  return rows;
}

/** True when some publishable token of any shop allows `origin` (answers CORS preflights). */
export async function isKnownOrigin(db: Queryable, origin: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM tokens WHERE kind = 'publishable' AND $1 = ANY(origins) LIMIT 1`, [
    origin,
  ]);
  return rows.length > 0;
}

/** Every origin that some publishable token of any shop allows (the preflight cache's contents). */
export async function allPublishableOrigins(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ origin: string }>(
    `SELECT DISTINCT o AS origin FROM tokens t, unnest(t.origins) o WHERE t.kind = 'publishable'`,
  );
  return rows.map((row) => row.origin);
}
