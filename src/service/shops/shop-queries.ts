/**
 * The statements of the shop's own settings (GET and PUT /v1/shop, the CLI's `create-shop`):
 * the shop with whether it is connected to Shopify, a change to its row, a new shop.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { ShopifyBookOn, ShopRecord } from '../../shared/merchant-records.ts';

type ShopRow = {
  id: number;
  name: string;
  tz: string;
  locale: string;
  notify_email: string | null;
  cancel_cutoff_hours: number | null;
  reminder_hours: number | null;
  domain: string | null;
  api_secret_set: boolean;
  previous_secret_expires_at: string | null;
  book_on: ShopifyBookOn | null;
};

/**
 * The shop `shopId` as GET /v1/shop shows it (never an API secret), if there is one: with when
 * the previous Shopify secret stops working, while it still works by the database's clock (or
 * `sqlNow`, a test clock's).
 */
export async function findShop(db: Queryable, shopId: number, sqlNow: number | null): Promise<ShopRecord | undefined> {
  const { rows } = await db.query<ShopRow>(
    `SELECT s.id, s.name, s.tz, s.locale, s.notify_email, s.cancel_cutoff_hours, s.reminder_hours, x.domain, x.api_secret IS NOT NULL AS api_secret_set, x.book_on,
            CASE WHEN x.previous_secret_expires_at > ${nowSql('$2')}
                 THEN to_char(x.previous_secret_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS previous_secret_expires_at
       FROM shops s LEFT JOIN shopify_shops x ON x.shop_id = s.id WHERE s.id = $1`,
    [shopId, nowParam(sqlNow)],
  );
  const row = rows[0];
  return (
    row && {
      id: Number(row.id),
      name: row.name,
      tz: row.tz,
      locale: row.locale,
      notify_email: row.notify_email,
      cancel_cutoff_hours: row.cancel_cutoff_hours,
      reminder_hours: row.reminder_hours === null ? null : Number(row.reminder_hours),
      shopify: {
        domain: row.domain,
        api_secret_set: row.api_secret_set === true,
        previous_secret_expires_at: row.previous_secret_expires_at,
        book_on: row.book_on,
      },
    }
  );
}

/** Locks the shop's row until the transaction ends (concurrent changes take turns). */
export async function lockShop(tx: Queryable, shopId: number): Promise<void> {
  await tx.query('SELECT id FROM shops WHERE id = $1 FOR UPDATE', [shopId]);
}

/** Whether a shop other than `exceptId` is named `name`. */
export async function shopNameTaken(db: Queryable, name: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM shops WHERE name = $1 AND id IS DISTINCT FROM $2', [name, exceptId]);
  return rows.length > 0;
}

/** The shop's own settings as PUT /v1/shop changes them; absent fields stay as they are. */
export interface ShopRowChange {
  name?: string;
  tz?: string;
  locale?: string;
  /** null: no notices to the shop. */
  notify_email?: string | null;
  /** null: customers cannot cancel online. */
  cancel_cutoff_hours?: number | null;
  /** null: no reminders. */
  reminder_hours?: number | null;
}

/**
 * Sets the fields given (undefined ones stay; `notify_email: null` removes it, `reminder_hours:
 * null` turns reminders off); an unchanged row is not written.
 */
export async function updateShopRow(tx: Queryable, shopId: number, change: ShopRowChange): Promise<void> {
  const notify = change.notify_email !== undefined;
  const cutoff = change.cancel_cutoff_hours !== undefined;
  const remind = change.reminder_hours !== undefined;
  await tx.query(
    `UPDATE shops SET name = COALESCE($2, name), tz = COALESCE($3, tz), locale = COALESCE($4, locale),
                      notify_email = CASE WHEN $5 THEN $6 ELSE notify_email END,
                      cancel_cutoff_hours = CASE WHEN $7 THEN $8::int ELSE cancel_cutoff_hours END,
                      reminder_hours = CASE WHEN $9 THEN $10::int ELSE reminder_hours END
      WHERE id = $1 AND (name, tz, locale, notify_email, cancel_cutoff_hours, reminder_hours) IS DISTINCT FROM
            (COALESCE($2, name), COALESCE($3, tz), COALESCE($4, locale), CASE WHEN $5 THEN $6 ELSE notify_email END,
             CASE WHEN $7 THEN $8::int ELSE cancel_cutoff_hours END, CASE WHEN $9 THEN $10::int ELSE reminder_hours END)`,
    [
      shopId,
      change.name ?? null,
      change.tz ?? null,
      change.locale ?? null,
      notify,
      change.notify_email ?? null,
      cutoff,
      change.cancel_cutoff_hours ?? null,
      remind,
      change.reminder_hours ?? null,
    ],
  );
}

/** Creates a shop; its id. */
export async function insertShop(tx: Queryable, shop: { name: string; tz: string; locale: string }): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO shops (name, tz, locale) VALUES ($1, $2, $3) RETURNING id',
    [shop.name, shop.tz, shop.locale],
  );
  return Number(rows[0]!.id);
}

/** How many shops the database has (the service says how to make one when it has none). */
export async function countShops(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops');
  return Number(rows[0]!.n);
}
