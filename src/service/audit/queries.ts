/**
 * The audit log's statements, each scoped by shop: a change written with the database's clock,
 * and the shop's entries, newest first.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { Page } from '../shared/page.ts';

/** Who made a change. */
export type ActorKind = 'staff' | 'token' | 'shopify' | 'cart' | 'customer' | 'visitor';

/** One change to record. */
export interface Change {
  shopId: number;
  actorKind: ActorKind;
  staffId: number | null;
  /** The actor's words; for a token, left empty: the token's hint is read with the insert. */
  actor: string;
  tokenId: number | null;
  action: string;
  targetId: string | null;
  method: string;
  path: string;
}

/** Records a change, dated by the database's clock. */
export async function recordChange(db: Queryable, change: Change, sqlNow: number | null): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (shop_id, at, actor_kind, staff_id, actor, action, target_id, method, path)
     VALUES ($1, ${nowSql('$2')}, $3, $4,
             coalesce((SELECT 'API token ' || coalesce(hint, 'sk_…') FROM tokens WHERE id = $5 AND shop_id = $1), $6),
             $7, $8, $9, $10)`,
    [
      change.shopId,
      nowParam(sqlNow),
      change.actorKind,
      change.staffId,
      change.tokenId,
      change.actor,
      change.action,
      change.targetId,
      change.method,
      change.path,
    ],
  );
}

/** The shop whose Shopify domain this is (a webhook's). */
export async function shopOfDomain(db: Queryable, domain: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>('SELECT shop_id AS id FROM shopify_shops WHERE domain = $1', [
    domain,
  ]);
  return rows[0] && Number(rows[0].id);
}

/** An entry as `GET /v1/audit` answers it. */
export interface AuditEntry {
  id: number;
  at: string;
  actor_kind: ActorKind;
  staff_id: number | null;
  actor: string;
  action: string;
  target_id: string | null;
  method: string;
  path: string;
}

/** One page of the shop's entries, newest first, and how many there are. */
export async function auditPage(
  db: Queryable,
  shopId: number,
  page: Page,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const { rows } = await db.query<AuditEntry & { total: number }>(
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, actor_kind, staff_id, actor, action,
            target_id, method, path, count(*) OVER ()::int AS total
       FROM audit_log WHERE shop_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [shopId, page.per, page.offset],
  );
  const total = rows[0] ? Number(rows[0].total) : await countOf(db, shopId);
  const entries = rows.map(({ total: _, ...row }) => ({
    ...row,
    id: Number(row.id),
    staff_id: row.staff_id === null ? null : Number(row.staff_id),
  }));
  return { entries, total };
}

async function countOf(db: Queryable, shopId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE shop_id = $1', [
    shopId,
  ]);
  return Number(rows[0]!.n);
}
