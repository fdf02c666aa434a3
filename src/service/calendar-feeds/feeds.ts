/**
 * The rules of calendar feeds: a feed's secret (random, shown once, stored as a SHA-256 hash)
 * and the targets a body may name (the shop's own location or variant).
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
  body: { scope: FeedScope; location_id?: number; variant_id?: number },
): Promise<{ record: FeedRecord; token: string }> {
  const problems: Record<string, string[]> = {};
  const locationId = body.scope === 'location' ? (body.location_id ?? null) : null;
  const variantId = body.scope === 'variant' ? (body.variant_id ?? null) : null;
  if (body.scope !== 'location' && body.location_id !== undefined)
    problems.location_id = ['is only for scope location'];
  if (body.scope !== 'variant' && body.variant_id !== undefined) problems.variant_id = ['is only for scope variant'];
  if (body.scope === 'location') {
    if (locationId === null) problems.location_id = ['is required with scope location'];
    else if (!(await shopHas(db, shopId, 'locations', locationId)))
      problems.location_id = ['names no location of the shop'];
  }
  if (body.scope === 'variant') {
    if (variantId === null) problems.variant_id = ['is required with scope variant'];
    else if (!(await shopHas(db, shopId, 'variants', variantId)))
      problems.variant_id = ['names no variant of the shop'];
  }
  if (Object.keys(problems).length > 0) throw new InvalidError(problems);
  const token = `cal_${randomBytes(24).toString('base64url')}`;
  const row = await insertFeed(db, shopId, {
    scope: body.scope,
    location_id: locationId,
    variant_id: variantId,
    tokenHash: feedTokenHash(token),
    hint: token.slice(0, 8),
  });
  return { record: feedRecord(row), token };
}
