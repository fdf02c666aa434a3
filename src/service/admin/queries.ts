/**
 * The statements of the admin's sign-in: sessions and one-time codes, stored by hash, each
 * tied to the secret token that opened it. "Now" is the database's clock (or a test's).
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { TokenRow } from '../tokens/queries.ts';

/** Stores a session for `tokenId`, valid for `ttlMs`. */
export async function insertSession(
  db: Queryable,
  idHash: string,
  tokenId: number,
  ttlMs: number,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO admin_sessions (id_hash, token_id, created_at, expires_at)
     VALUES ($1, $2, ${nowSql('$3')}, ${nowSql('$3')} + $4 * interval '1 millisecond')`,
    [idHash, tokenId, nowParam(sqlNow), ttlMs],
  );
}

/** The token (with its shop) of an unexpired session, if there is one. */
export async function sessionToken(
  db: Queryable,
  idHash: string,
  sqlNow: number | null,
): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(
    `SELECT t.id, t.kind, t.token_hash, t.origins, t.shop_id, s.tz, s.locale
       FROM admin_sessions a JOIN tokens t ON t.id = a.token_id JOIN shops s ON s.id = t.shop_id
      WHERE a.id_hash = $1 AND a.expires_at > ${nowSql('$2')} AND t.kind = 'secret'`,
    [idHash, nowParam(sqlNow)],
  );
  return rows[0];
}

/** Ends a session; and every expired one with it. */
export async function deleteSession(db: Queryable, idHash: string, sqlNow: number | null): Promise<void> {
  await db.query(`DELETE FROM admin_sessions WHERE id_hash = $1 OR expires_at <= ${nowSql('$2')}`, [
    idHash,
    nowParam(sqlNow),
  ]);
}

/** Stores a one-time sign-in code for `tokenId`, valid for `ttlMs`. */
export async function insertSignInCode(
  db: Queryable,
  codeHash: string,
  tokenId: number,
  ttlMs: number,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO admin_sign_in_codes (code_hash, token_id, expires_at) VALUES ($1, $2, ${nowSql('$3')} + $4 * interval '1 millisecond')`,
    [codeHash, tokenId, nowParam(sqlNow), ttlMs],
  );
}

/** Uses up a code: deletes it and resolves to its token id if it was unexpired (once only). */
export async function consumeSignInCode(
  db: Queryable,
  codeHash: string,
  sqlNow: number | null,
): Promise<number | undefined> {
  const { rows } = await db.query<{ token_id: number; live: boolean }>(
    `DELETE FROM admin_sign_in_codes WHERE code_hash = $1 RETURNING token_id, expires_at > ${nowSql('$2')} AS live`,
    [codeHash, nowParam(sqlNow)],
  );
  const row = rows[0];
  return row?.live ? Number(row.token_id) : undefined;
}

/** The id of a secret token of the shop named `shopName` (the oldest), for the demo's link. */
export async function secretTokenOfShop(db: Queryable, shopName: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT t.id FROM tokens t JOIN shops s ON s.id = t.shop_id WHERE s.name = $1 AND t.kind = 'secret' ORDER BY t.id LIMIT 1`,
    [shopName],
  );
  return rows[0] && Number(rows[0].id);
}

/** The shop's name. */
export async function shopName(db: Queryable, shopId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM shops WHERE id = $1', [shopId]);
  return rows[0]?.name;
}
