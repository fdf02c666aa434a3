/**
 * The statements of /v1/resources: a shop's resources (a page, or one), their writes, and what
 * depends on one before a change or a delete: the variants whose requirements name it, the
 * bookings still ahead that hold its units. Every statement is scoped to one shop.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import { pagedQuery } from '../db/paged-query.ts';
import type { Queryable } from '../db/types.ts';
import type { ResourceHours, ResourceKind, ResourceRecord } from '../../shared/resource-records.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Page } from '../shared/page.ts';
import { hoursRecord } from '../shared/hours-record.ts';

/** The stored columns a write sets. */
export interface ResourceColumns {
  name: string;
  kind: ResourceKind;
  units: number;
  hours: ResourceHours | null;
  location_id: number | null;
  staff_account_id: number | null;
}

type Row = Omit<ResourceRecord, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };

const COLUMNS = 'id, name, kind, units, hours, location_id, staff_account_id, created_at, updated_at';

function record(row: Row): ResourceRecord {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    units: Number(row.units),
    hours: hoursRecord(row.hours),
    location_id: row.location_id === null ? null : Number(row.location_id),
    staff_account_id: row.staff_account_id === null ? null : Number(row.staff_account_id),
    created_at: toIsoUtc(new Date(row.created_at)),
    updated_at: toIsoUtc(new Date(row.updated_at)),
  };
}

/** Filters of GET /v1/resources. */
export interface ResourceFilters {
  kind?: ResourceKind | undefined;
  locationId?: number | undefined;
  staffAccountId?: number | undefined;
}

/** One page of the shop's resources by name, and the total. */
export async function listResources(
  db: Queryable,
  shopId: number,
  filters: ResourceFilters,
  page: Page,
): Promise<{ records: ResourceRecord[]; total: number }> {
  const params: unknown[] = [shopId];
  const where = ['shop_id = $1'];
  if (filters.kind !== undefined) where.push(`kind = $${params.push(filters.kind)}`);
  if (filters.locationId !== undefined) where.push(`location_id = $${params.push(filters.locationId)}`);
  if (filters.staffAccountId !== undefined) where.push(`staff_account_id = $${params.push(filters.staffAccountId)}`);
  const { rows, total } = await pagedQuery<Row>(
    db,
    {
      matched: `SELECT ${COLUMNS} FROM resources WHERE ${where.join(' AND ')}`,
      page: `SELECT ${COLUMNS} FROM matched`,
      orderBy: ['name', 'id'],
      params,
    },
    page,
  );
  return { records: rows.map(record), total };
}

/** The shop's resource `id`, if there is one. */
export async function findResource(db: Queryable, shopId: number, id: number): Promise<ResourceRecord | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM resources WHERE shop_id = $1 AND id = $2`, [shopId, id]);
  return rows[0] && record(rows[0]);
}

/**
 * The shop's resource `id`, locked until the transaction ends (a variant's requirement being
 * written takes it FOR SHARE: a change of units and a new requirement never interleave).
 */
export async function lockResource(tx: Queryable, shopId: number, id: number): Promise<ResourceRecord | undefined> {
  const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM resources WHERE shop_id = $1 AND id = $2 FOR UPDATE`, [
    shopId,
    id,
  ]);
  return rows[0] && record(rows[0]);
}

/** Whether another resource of the shop (not `exceptId`) is named `name`. */
export async function resourceNameTaken(
  db: Queryable,
  shopId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM resources WHERE shop_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [shopId, name, exceptId],
  );
  return rows.length > 0;
}

/** Whether the shop has a location `locationId` and a staff account `staffId` (each true when null). */
export async function shopOwns(
  db: Queryable,
  shopId: number,
  locationId: number | null,
  staffId: number | null,
): Promise<{ location: boolean; staff: boolean }> {
  const { rows } = await db.query<{ location: boolean; staff: boolean }>(
    `SELECT ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM locations WHERE shop_id = $1 AND id = $2)) AS location,
            ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM staff WHERE shop_id = $1 AND id = $3)) AS staff`,
    [shopId, locationId, staffId],
  );
  return rows[0]!;
}

const values = (c: ResourceColumns) => [
  c.name,
  c.kind,
  c.units,
  c.hours === null ? null : JSON.stringify(c.hours),
  c.location_id,
  c.staff_account_id,
];

/** Inserts a resource; its id. */
export async function insertResource(tx: Queryable, shopId: number, columns: ResourceColumns): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO resources (shop_id, name, kind, units, hours, location_id, staff_account_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [shopId, ...values(columns)],
  );
  return Number(rows[0]!.id);
}

/** Writes `columns` over the shop's resource `id`; `updated_at` moves only when something differs. */
export async function updateResource(
  tx: Queryable,
  shopId: number,
  id: number,
  columns: ResourceColumns,
): Promise<void> {
  await tx.query(
    `UPDATE resources SET name = $3, kind = $4, units = $5, hours = $6::jsonb, location_id = $7, staff_account_id = $8,
            updated_at = now()
      WHERE shop_id = $1 AND id = $2
        AND (name, kind, units, hours, location_id, staff_account_id)
            IS DISTINCT FROM ($3, $4, $5::int, $6::jsonb, $7::bigint, $8::bigint)`,
    [shopId, id, ...values(columns)],
  );
}

/** A variant whose requirements name a resource, with the most units one of them takes of it. */
export interface RequiringVariant {
  variant_id: number;
  product_title: string;
  variant_title: string;
  uses: number;
}

/** The variants whose requirements name resource `id`, the most units first, then by product and variant. */
export async function requiringVariants(db: Queryable, id: number): Promise<RequiringVariant[]> {
  const { rows } = await db.query<RequiringVariant>(
    `SELECT v.id AS variant_id, p.title AS product_title, v.title AS variant_title, max(vr.uses)::int AS uses
       FROM requirement_resources rr
       JOIN variant_requirements vr ON vr.id = rr.requirement_id
       JOIN variants v ON v.id = vr.variant_id JOIN products p ON p.id = v.product_id
      WHERE rr.resource_id = $1
      GROUP BY v.id, p.id, p.title, v.title
      ORDER BY uses DESC, p.title, p.id, v.title, v.id`,
    [id],
  );
  return rows.map((r) => ({ ...r, variant_id: Number(r.variant_id) }));
}

/**
 * The pending or confirmed bookings with units of resource `id` not yet over (an allocation
 * finishing after the database's now, or the test override): how many, and the first ids.
 */
export async function bookingsAhead(
  db: Queryable,
  id: number,
  sqlNow: number | null,
  first = 5,
): Promise<{ count: number; ids: number[] }> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT b.id FROM resource_allocations ra
       JOIN booking_items bi ON bi.id = ra.booking_item_id JOIN bookings b ON b.id = bi.booking_id
      WHERE ra.resource_id = $1 AND b.status IN ('pending', 'confirmed') AND ra.finish_at > ${nowSql('$2')}
      ORDER BY b.id`,
    [id, nowParam(sqlNow)],
  );
  const ids = rows.map((r) => Number(r.id));
  return { count: ids.length, ids: ids.slice(0, first) };
}

/** Deletes the shop's resource `id` (its blackouts, imports and past allocations go with it). */
export async function deleteResource(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query('DELETE FROM resources WHERE shop_id = $1 AND id = $2', [shopId, id]);
}
