/**
 * The export's statements: the labels of the questions its bookings' products ask, and one
 * page of its bookings after a keyset cursor (start, id) with their items, one statement each,
 * so a big shop's export is read a page at a time and never held whole. Every statement is
 * scoped to one shop.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { BookingField, BookingStatus, Customer } from '../../shared/records.ts';

/** What the export is of, its days already placed as instants in the shop's zone. */
export interface ExportFilters {
  /** Bookings finishing after this instant. */
  startMin?: Date | undefined;
  /** Bookings starting before this instant. */
  finishBefore?: Date | undefined;
  externalProductId?: number | undefined;
  externalVariantId?: number | undefined;
  status?: BookingStatus | undefined;
}

/** Where the last page ended: its last booking's start (as the database wrote it) and id. */
export interface ExportCursor {
  at: string;
  id: number;
}

/** One booking item as the export writes it. */
export interface ExportItem {
  product: string;
  variant: string;
  quantity: number;
}

/** One booking of a page, with its items (only the filtered product's or variant's, when one is given). */
export interface ExportBooking {
  id: number;
  status: BookingStatus;
  starts_at: Date | string;
  finishes_at: Date | string;
  customers: Array<Customer & { phone?: string | null }>;
  fields: BookingField[];
  tags: string[];
  created_at: Date | string;
  items: ExportItem[];
  cursor: ExportCursor;
}

/** The WHERE clauses of `filters` over bookings `b`, and of its items (`v`, `pr`), with their parameters. */
function conditions(shopId: number, filters: ExportFilters) {
  const params: unknown[] = [shopId];
  const p = (value: unknown) => `$${params.push(value)}`;
  const items: string[] = [];
  if (filters.externalVariantId !== undefined) items.push(`v.external_id = ${p(filters.externalVariantId)}`);
  if (filters.externalProductId !== undefined) items.push(`pr.external_id = ${p(filters.externalProductId)}`);
  const itemWhere = items.length ? items.join(' AND ') : 'true';
  const where = ['b.shop_id = $1'];
  if (filters.status !== undefined) where.push(`b.status = ${p(filters.status)}`);
  if (filters.startMin !== undefined) where.push(`b.finishes_at > ${p(filters.startMin.toISOString())}::timestamptz`);
  if (filters.finishBefore !== undefined)
    where.push(`b.starts_at < ${p(filters.finishBefore.toISOString())}::timestamptz`);
  if (items.length)
    where.push(`EXISTS (SELECT 1 FROM booking_items bi JOIN variants v ON v.id = bi.variant_id
                 JOIN products pr ON pr.id = v.product_id WHERE bi.booking_id = b.id AND ${itemWhere})`);
  return { params, p, where: where.join(' AND '), itemWhere };
}

/**
 * The labels of the questions asked by the products of the exported bookings' items, in each
 * product's order (products by id): the answers' columns.
 */
export async function exportQuestionLabels(db: Queryable, shopId: number, filters: ExportFilters): Promise<string[]> {
  const { params, where, itemWhere } = conditions(shopId, filters);
  const { rows } = await db.query<{ label: string }>(
    `SELECT q.label FROM questions q
      WHERE q.shop_id = $1 AND q.product_id IN (
        SELECT v.product_id FROM bookings b JOIN booking_items bi ON bi.booking_id = b.id
          JOIN variants v ON v.id = bi.variant_id JOIN products pr ON pr.id = v.product_id
         WHERE ${where} AND ${itemWhere})
      ORDER BY q.product_id, q.position, q.id`,
    params,
  );
  return rows.map((r) => r.label);
}

/** Up to `limit` of the export's bookings after `after`, by start then id. */
export async function exportPage(
  db: Queryable,
  shopId: number,
  filters: ExportFilters,
  after: ExportCursor | undefined,
  limit: number,
): Promise<ExportBooking[]> {
  const { params, p, where, itemWhere } = conditions(shopId, filters);
  const keyset = after ? ` AND (b.starts_at, b.id) > (${p(after.at)}::timestamptz, ${p(after.id)}::bigint)` : '';
  const { rows } = await db.query<Omit<ExportBooking, 'cursor'> & { cursor_at: string }>(
    `SELECT b.id, b.status, b.starts_at, b.finishes_at, b.customers, b.fields, b.tags, b.created_at,
            b.starts_at::text AS cursor_at,
            (SELECT coalesce(json_agg(json_build_object('product', pr.title, 'variant', v.title, 'quantity', bi.quantity)
                                      ORDER BY bi.position, bi.id), '[]'::json)
               FROM booking_items bi JOIN variants v ON v.id = bi.variant_id JOIN products pr ON pr.id = v.product_id
              WHERE bi.booking_id = b.id AND ${itemWhere}) AS items
       FROM bookings b
      WHERE ${where}${keyset}
      ORDER BY b.starts_at, b.id
      LIMIT ${p(limit)}`,
    params,
  );
  return rows.map(({ cursor_at, ...row }) => ({
    ...row,
    id: Number(row.id),
    cursor: { at: cursor_at, id: Number(row.id) },
  }));
}
