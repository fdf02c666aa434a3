/**
 * The statements of the token endpoints (an extension): a shop's tokens as records (never the
 * token: only its hint), a new one stored by hash, and a revoke.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { TokenKind } from './types.ts';
import type { TokenRecord } from '../../shared/merchant-records.ts';

export type { TokenRecord };

// created_at as every timestamp in an answer: ISO 8601 UTC with milliseconds (API.md §1).
const COLUMNS = `id, kind, hint, label, origins, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

function record(row: TokenRecord): TokenRecord {
  return { ...row, id: Number(row.id) };
}

/** Every token of the shop, oldest first. */
export async function shopTokens(db: Queryable, shopId: number): Promise<TokenRecord[]> {
  const { rows } = await db.query<TokenRecord>(`SELECT ${COLUMNS} FROM tokens WHERE shop_id = $1 ORDER BY id`, [
    shopId,
  ]);
  return rows.map(record);
}

/** Stores a new token's hash; its record. */
export async function insertToken(
  tx: Queryable,
  shopId: number,
  t: { kind: TokenKind; lookup: string; hash: string; hint: string; label: string | null; origins: string[] },
): Promise<TokenRecord> {
  const { rows } = await tx.query<TokenRecord>(
    `INSERT INTO tokens (shop_id, kind, lookup, token_hash, hint, label, origins) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [shopId, t.kind, t.lookup, t.hash, t.hint, t.label, t.origins],
  );
  return record(rows[0]!);
}

/** Locks the shop's tokens of `kind` (a revoke waits for another) and counts them. */
export async function lockTokensOfKind(tx: Queryable, shopId: number, kind: TokenKind): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id FROM tokens WHERE shop_id = $1 AND kind = $2 ORDER BY id FOR UPDATE',
    [shopId, kind],
  );
  return rows.map((r) => Number(r.id));
}

/** The kind of the shop's token `id`, if there is one. */
export async function tokenKind(tx: Queryable, shopId: number, id: number): Promise<TokenKind | undefined> {
  const { rows } = await tx.query<{ kind: TokenKind }>('SELECT kind FROM tokens WHERE shop_id = $1 AND id = $2', [
    shopId,
    id,
  ]);
  return rows[0]?.kind;
}

/** Deletes the shop's token `id`. */
export async function deleteToken(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query('DELETE FROM tokens WHERE shop_id = $1 AND id = $2', [shopId, id]);
}
