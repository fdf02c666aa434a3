/**
 * The statements of calendar imports (migration 29): a variant's import URLs, claiming the due
 * ones with a lease by the database's clock (`FOR UPDATE SKIP LOCKED`, as the outbox does),
 * recording each fetch's result and replacing the import's blackouts with the feed's events (the
 * variant's, or the resource's when the import names one: issue 39).
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** An import as stored. */
export interface ImportRow {
  id: number;
  shop_id: number;
  variant_id: number;
  /** The resource whose calendar this is (its events close the resource, not the variant); null: none. */
  resource_id: number | null;
  url: string;
  created_at: Date;
  last_status: 'pending' | 'ok' | 'unchanged' | 'error';
  last_error: string | null;
  last_fetched_at: Date | null;
  event_count: number;
  etag: string | null;
}

/** An event of a feed as the blackout it becomes. */
export interface ImportedEvent {
  uid: string;
  title: string;
  starts_at: Date;
  finishes_at: Date;
  all_day: 0 | 1;
}

const COLUMNS = `id::int AS id, shop_id::int AS shop_id, variant_id::int AS variant_id, resource_id::int AS resource_id,
                 url, created_at, last_status,
                 last_error, last_fetched_at, event_count, etag`;

/** COLUMNS of the claimed row `i`, and its shop's zone. */
const CLAIMED_COLUMNS = `i.id::int AS id, i.shop_id::int AS shop_id, i.variant_id::int AS variant_id,
                         i.resource_id::int AS resource_id, i.url, i.created_at,
                         i.last_status, i.last_error, i.last_fetched_at, i.event_count, i.etag, s.tz`;

/** Whether the shop has variant `id`. */
export async function shopHasVariant(db: Queryable, shopId: number, variantId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM variants WHERE shop_id = $1 AND id = $2', [shopId, variantId]);
  return rows.length > 0;
}

/** Whether the shop has resource `id`. */
export async function shopHasResource(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM resources WHERE shop_id = $1 AND id = $2', [shopId, id]);
  return rows.length > 0;
}

/**
 * Adds `url` to the variant's imports (a resource's calendar when `resourceId` is given), due at
 * once; undefined when the variant has it already.
 */
export async function insertImport(
  db: Queryable,
  shopId: number,
  variantId: number,
  url: string,
  resourceId: number | null = null,
): Promise<ImportRow | undefined> {
  const { rows } = await db.query<ImportRow>(
    `INSERT INTO calendar_imports (shop_id, variant_id, url, resource_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (variant_id, url) DO NOTHING RETURNING ${COLUMNS}`,
    [shopId, variantId, url, resourceId],
  );
  return rows[0];
}

/** The variant's imports, oldest first. */
export async function listImports(db: Queryable, shopId: number, variantId: number): Promise<ImportRow[]> {
  const { rows } = await db.query<ImportRow>(
    `SELECT ${COLUMNS} FROM calendar_imports WHERE shop_id = $1 AND variant_id = $2 ORDER BY id`,
    [shopId, variantId],
  );
  return rows;
}

/** One import of the shop's variant, or undefined. */
export async function importOf(
  db: Queryable,
  shopId: number,
  variantId: number,
  id: number,
): Promise<ImportRow | undefined> {
  const { rows } = await db.query<ImportRow>(
    `SELECT ${COLUMNS} FROM calendar_imports WHERE shop_id = $1 AND variant_id = $2 AND id = $3`,
    [shopId, variantId, id],
  );
  return rows[0];
}

/** Deletes an import and its blackouts (ON DELETE CASCADE); false when there is none. */
export async function deleteImport(db: Queryable, shopId: number, variantId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM calendar_imports WHERE shop_id = $1 AND variant_id = $2 AND id = $3 RETURNING id',
    [shopId, variantId, id],
  );
  return rows.length > 0;
}

/**
 * Leases one import to `worker` for `leaseMs`: the due one waiting longest, or import `id`
 * (a merchant's refresh) whenever no other worker holds it.
 */
export async function claimImport(
  db: Queryable,
  worker: string,
  options: { leaseMs: number; id?: number },
): Promise<(ImportRow & { tz: string }) | undefined> {
  const { rows } = await db.query<ImportRow & { tz: string }>(
    `UPDATE calendar_imports i
        SET claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 millisecond'
       FROM shops s
      WHERE s.id = i.shop_id
        AND i.id = (SELECT id FROM calendar_imports
                     WHERE (claimed_until IS NULL OR claimed_until <= clock_timestamp())
                       AND ($3::bigint IS NULL AND next_fetch_at <= clock_timestamp() OR id = $3)
                     ORDER BY next_fetch_at, id LIMIT 1
                     FOR UPDATE SKIP LOCKED)
      RETURNING ${CLAIMED_COLUMNS}`,
    [worker, options.leaseMs, options.id ?? null],
  );
  return rows[0];
}

/** Locks import `id` for the transaction when `worker` still holds its claim; false when not. */
export async function lockIfHeld(tx: Queryable, id: number, worker: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM calendar_imports WHERE id = $1 AND claimed_by = $2 FOR UPDATE', [
    id,
    worker,
  ]);
  return rows.length > 0;
}

/** Records a fetch's result, releases the lease and makes the import due again in `everyMs`. */
export async function recordFetch(
  db: Queryable,
  id: number,
  worker: string,
  result: { status: 'ok' | 'unchanged' | 'error'; error?: string; etag?: string | null; events?: number },
  everyMs: number,
): Promise<void> {
  await db.query(
    `UPDATE calendar_imports
        SET last_status = $3, last_error = $4, last_fetched_at = clock_timestamp(),
            etag = CASE WHEN $3 = 'error' THEN etag ELSE $5 END,
            event_count = coalesce($6, event_count),
            next_fetch_at = clock_timestamp() + $7 * interval '1 millisecond',
            claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2`,
    [id, worker, result.status, result.error ?? null, result.etag ?? null, result.events ?? null, everyMs],
  );
}

/**
 * Makes the import's blackouts the feed's events: moved ones are updated, new ones inserted,
 * those no longer in the feed deleted. Unchanged ones are not touched (no data version bump).
 * Each is the variant's, or, for a resource's calendar, the resource's alone.
 */
export async function replaceImportedBlackouts(
  tx: Queryable,
  row: { id: number; shop_id: number; variant_id: number; resource_id: number | null },
  events: readonly ImportedEvent[],
): Promise<void> {
  const uids = events.map((e) => e.uid);
  await tx.query('DELETE FROM blackouts WHERE import_id = $1 AND NOT (import_uid = ANY($2::text[]))', [row.id, uids]);
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO blackouts (shop_id, title, starts_at, finishes_at, all_day, variant_id, resource_id, import_id, import_uid,
                            created_at, updated_at)
     SELECT $1, e.title, e.starts_at, e.finishes_at, e.all_day, CASE WHEN $9::bigint IS NULL THEN $2::bigint END, $9, $3,
            e.uid, now(), now()
       FROM unnest($4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::smallint[])
            AS e(uid, title, starts_at, finishes_at, all_day)
     ON CONFLICT (import_id, import_uid) WHERE import_id IS NOT NULL DO UPDATE
        SET title = excluded.title, starts_at = excluded.starts_at, finishes_at = excluded.finishes_at,
            all_day = excluded.all_day, updated_at = now()
      WHERE (blackouts.title, blackouts.starts_at, blackouts.finishes_at, blackouts.all_day)
            IS DISTINCT FROM (excluded.title, excluded.starts_at, excluded.finishes_at, excluded.all_day)`,
    [
      row.shop_id,
      row.variant_id,
      row.id,
      uids,
      events.map((e) => e.title),
      events.map((e) => e.starts_at.toISOString()),
      events.map((e) => e.finishes_at.toISOString()),
      events.map((e) => e.all_day),
      row.resource_id,
    ],
  );
}
