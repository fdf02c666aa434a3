/**
 * Making and revoking tokens (an extension, secret tokens only). A new token is random (32
 * bytes of `crypto.randomBytes`, base64url), shown in the answer once, and stored as a hash
 * with a hint (`sk_…ab12`). Origins are whole origins (`https://shop.example`, a port allowed,
 * no path), lower-cased as browsers send them. The shop's last secret token cannot be revoked:
 * the merchant would lock themselves out (409 `in_use`).
 *
 * A revoked token stops working at once on every process: revoking moves its shop's data
 * version (migration 12), which every cached token is checked against (tokens.ts,
 * `cachedTokens`). A new publishable token's origins are answered in preflights within
 * `tokenCacheMs` (10 s by default, origins.ts).
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import { InUseError, NotFoundError } from '../shared/errors.ts';
import type { TokenInput } from './schemas.ts';
import { deleteToken, insertToken, lockTokensOfKind, tokenKind, type TokenRecord } from './manage-queries.ts';
import { hashToken, hintOf } from './tokens.ts';
import type { AuthContext } from './types.ts';

/** A token as created: its record and, this once, the token itself. */
export interface NewToken extends TokenRecord {
  token: string;
}

/** Makes a token for the caller's shop; the answer holds the token, once. `db` may be a transaction. */
export async function createToken(
  db: Queryable,
  auth: Pick<AuthContext, 'shopId'>,
  input: TokenInput,
): Promise<NewToken> {
  const token = `${input.kind === 'secret' ? 'sk' : 'pk'}_live_${randomBytes(32).toString('base64url')}`;
  const { hash, lookup } = hashToken(token);
  const record = await insertToken(db, auth.shopId, {
    kind: input.kind,
    lookup,
    hash,
    hint: hintOf(token),
    label: input.label,
    origins: input.origins,
  });
  return { ...record, token };
}

/** Revokes the shop's token `id`; 404, or 409 for its last secret token. */
export async function revokeToken(db: Database, auth: Pick<AuthContext, 'shopId'>, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const kind = await tokenKind(tx, auth.shopId, id);
    if (!kind) throw new NotFoundError('token', id);
    const ofKind = await lockTokensOfKind(tx, auth.shopId, kind);
    if (!ofKind.includes(id)) throw new NotFoundError('token', id);
    if (kind === 'secret' && ofKind.length === 1) {
      throw new InUseError(`The token ${id} is the shop's last secret token: create another before revoking it.`, {
        secret_tokens: 1,
      });
    }
    await deleteToken(tx, auth.shopId, id);
  });
}
