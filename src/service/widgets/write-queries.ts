/**
 * The statements of the widget writes (an extension): a widget row, its products, and the
 * products of the shop that ids name.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { WidgetType } from '../../shared/records.ts';

/** A stored widget's own fields. */
export interface WidgetRowFields {
  title: string;
  type: WidgetType;
  locale: string | null;
  settings: Record<string, unknown>;
}

/** The shop's widget `id`, locked for a change; undefined when there is none. */
export async function lockWidget(tx: Queryable, shopId: number, id: number): Promise<WidgetRowFields | undefined> {
  const { rows } = await tx.query<WidgetRowFields>(
    'SELECT title, type, locale, settings FROM widgets WHERE shop_id = $1 AND id = $2 FOR UPDATE',
    [shopId, id],
  );
  return rows[0];
}

/** Whether another widget of the shop has this title. */
export async function widgetTitleTaken(
  q: Queryable,
  shopId: number,
  title: string,
  exceptId: number,
): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM widgets WHERE shop_id = $1 AND title = $2 AND id <> $3', [
    shopId,
    title,
    exceptId,
  ]);
  return rows.length > 0;
}

/** Inserts a widget; undefined when its title is taken. */
export async function insertWidget(tx: Queryable, shopId: number, w: WidgetRowFields): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO widgets (shop_id, title, type, locale, settings) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (shop_id, title) DO NOTHING RETURNING id`,
    [shopId, w.title, w.type, w.locale, JSON.stringify(w.settings)],
  );
  return rows[0] && Number(rows[0].id);
}

/** Writes a widget's fields; `updated_at` moves. */
export async function updateWidgetRow(tx: Queryable, shopId: number, id: number, w: WidgetRowFields): Promise<void> {
  await tx.query(
    `UPDATE widgets SET title = $3, type = $4, locale = $5, settings = $6::jsonb, updated_at = now() WHERE shop_id = $1 AND id = $2`,
    [shopId, id, w.title, w.type, w.locale, JSON.stringify(w.settings)],
  );
}

/** The service ids of the shop's products named by `ids` (platform or service ids), with the ids not found. */
export async function productIdsOf(
  q: Queryable,
  shopId: number,
  by: 'external_id' | 'id',
  ids: readonly number[],
): Promise<{ found: number[]; missing: number[] }> {
  const column = by === 'id' ? 'id' : 'external_id';
  const { rows } = await q.query<{ id: number; key: number }>(
    `SELECT id, ${column} AS key FROM products WHERE shop_id = $1 AND ${column} = ANY($2::bigint[])`,
    [shopId, [...ids]],
  );
  const keys = new Set(rows.map((r) => Number(r.key)));
  return { found: rows.map((r) => Number(r.id)), missing: ids.filter((id) => !keys.has(id)) };
}

/** Makes `productIds` the widget's products. */
export async function setWidgetProducts(tx: Queryable, widgetId: number, productIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM widget_products WHERE widget_id = $1 AND NOT (product_id = ANY($2::bigint[]))', [
    widgetId,
    [...productIds],
  ]);
  await tx.query(
    'INSERT INTO widget_products (widget_id, product_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING',
    [widgetId, [...productIds]],
  );
}

/**
 * The platform ids of `productIds` (service ids; or, when null, the products widget `widgetId`
 * is on) that have a variant booked by days (no schedule), in order.
 */
export async function productsBookedByDays(
  q: Queryable,
  productIds: readonly number[] | null,
  widgetId: number | null,
): Promise<number[]> {
  const { rows } = await q.query<{ external_id: number }>(
    `SELECT p.external_id FROM products p
      WHERE (p.id = ANY($1::bigint[]) OR p.id IN (SELECT product_id FROM widget_products WHERE widget_id = $2))
        AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.schedule IS NULL)
      ORDER BY p.external_id`,
    [productIds ? [...productIds] : [], productIds ? null : widgetId],
  );
  return rows.map((r) => Number(r.external_id));
}

/** Deletes the shop's widget `id`; false when there was none. */
export async function deleteWidgetRow(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM widgets WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}
