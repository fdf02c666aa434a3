/**
 * The rules of calendar feeds: a feed's secret (random, shown once, stored as a SHA-256 hash)
 * and the targets a body may name (the shop's own location, variant or resource).
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { type FeedRow, type FeedScope, insertFeed, shopHas } from './queries.ts';
import type { FeedRecord } from './schemas.ts';

/** The hash a feed's token is stored and looked up by. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The API's record of a feed row. */
export function feedRecord(row: FeedRow): FeedRecord {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** Makes a feed of the shop; resolves to its record and its secret token. */
export async function createFeed(
  db: Queryable,
  shopId: number,
  body: { scope: FeedScope; location_id?: number; variant_id?: number; resource_id?: number },
): Promise<{ record: FeedRecord; token: string }> {
  const problems: Record<string, string[]> = {};
  const target = async (scope: 'location' | 'variant' | 'resource'): Promise<number | null> => {
    const key = `${scope}_id` as const;
    const id = body.scope === scope ? (body[key] ?? null) : null;
    if (body.scope !== scope && body[key] !== undefined) problems[key] = [`is only for scope ${scope}`];
    if (body.scope !== scope) return null;
    if (id === null) problems[key] = [`is required with scope ${scope}`];
    else if (!(await shopHas(db, shopId, `${scope}s`, id))) problems[key] = [`names no ${scope} of the shop`];
    return id;
  };
  const locationId = await target('location');
  const variantId = await target('variant');
  const resourceId = await target('resource');
  if (Object.keys(problems).length > 0) throw new InvalidError(problems);
  const token = `cal_${randomBytes(24).toString('base64url')}`;
  const row = await insertFeed(db, shopId, {
    scope: body.scope,
    location_id: locationId,
    variant_id: variantId,
    resource_id: resourceId,
    tokenHash: feedTokenHash(token),
    hint: token.slice(0, 8),
  });
  return { record: feedRecord(row), token };
}
