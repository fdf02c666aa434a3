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
import { asObject, onlyFields, text } from '../shared/body.ts';
import { InUseError, NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import { deleteToken, insertToken, lockTokensOfKind, tokenKind, type TokenRecord } from './manage-queries.ts';
import { hashToken, hintOf } from './tokens.ts';
import type { AuthContext, TokenKind } from './types.ts';

/** The most origins one publishable token may list. */
export const MAX_ORIGINS = 20;

const TOKEN_FIELDS: ReadonlySet<string> = new Set(['kind', 'label', 'origins']);

/** A token as created: its record and, this once, the token itself. */
export interface NewToken extends TokenRecord {
  token: string;
}

/** A checked POST /v1/tokens body. */
export interface TokenInput {
  kind: TokenKind;
  label: string | null;
  origins: string[];
}

/** An origin as a browser sends it, or undefined when `value` is not one. */
export function normalOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  // Only an origin: a path, query or fragment means the caller pasted a page's address.
  if (value.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return undefined;
  return url.origin;
}

/** Checks a POST /v1/tokens body; throws `InvalidError` (422) naming every bad field. */
export function readTokenInput(body: unknown): TokenInput {
  const errors = new FieldErrors();
  const o = asObject(body);
  if (!o) errors.add('body', 'must be a JSON object');
  const fields = o ?? {};
  onlyFields(errors, '', fields, TOKEN_FIELDS, 'token');
  const kind = fields.kind;
  if (kind !== 'secret' && kind !== 'publishable') errors.add('kind', 'must be "secret" or "publishable"');
  const label =
    fields.label === undefined || fields.label === null ? null : (text(errors, 'label', fields.label, 100) ?? null);
  const origins: string[] = [];
  if (fields.origins !== undefined) {
    if (kind === 'secret')
      errors.add('origins', 'is only for publishable tokens: a secret token is never used from a page');
    else if (!Array.isArray(fields.origins) || fields.origins.length > MAX_ORIGINS)
      errors.add('origins', `must be a list of at most ${MAX_ORIGINS} origins`);
    else {
      fields.origins.forEach((value, i) => {
        const origin = typeof value === 'string' ? normalOrigin(value) : undefined;
        if (origin === undefined)
          errors.add(`origins[${i}]`, 'must be an origin like https://www.example.com (scheme, host and port only)');
        else if (!origins.includes(origin)) origins.push(origin);
      });
    }
  }
  errors.throwIfAny();
  return { kind: kind as TokenKind, label, origins };
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
