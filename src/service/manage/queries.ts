/**
 * The booking a manage link names, as its page shows it: scoped by the shop the signed token
 * names, with the shop's cut-off and, by the database's clock, whether the link is still valid
 * and whether the booking may still be cancelled online.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';

/** What the page shows. */
export interface ManagedBooking {
  id: number;
  status: 'pending' | 'confirmed' | 'cancelled';
  startsAt: string;
  finishesAt: string;
  shop: { name: string; tz: string; locale: string; email: string | null; cutoffHours: number | null };
  items: Array<{ quantity: number; variant: string; product: string; location: string | null }>;
  /** The last moment it may be cancelled online (ISO), or null when the shop allows none. */
  cancellableUntil: string | null;
  /** Whether it may be cancelled online now. */
  cancellable: boolean;
  /** Whether the link has not expired. */
  linkValid: boolean;
}

type Row = {
  id: string | number;
  status: ManagedBooking['status'];
  starts_at: Date | string;
  finishes_at: Date | string;
  shop_name: string;
  tz: string;
  locale: string;
  notify_email: string | null;
  cancel_cutoff_hours: number | null;
  cutoff_at: Date | string | null;
  cancellable: boolean;
  link_valid: boolean;
  items: ManagedBooking['items'] | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The shop's booking `bookingId`, judged at now (the database's clock, or `sqlNow`) against `expiresAt` (epoch s). */
export async function findManagedBooking(
  db: Queryable,
  shopId: number,
  bookingId: number,
  expiresAt: number,
  sqlNow: number | null,
): Promise<ManagedBooking | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT b.id, b.status, b.starts_at, b.finishes_at, s.name AS shop_name, s.tz, s.locale, s.notify_email,
            s.cancel_cutoff_hours,
            b.starts_at - make_interval(hours => s.cancel_cutoff_hours) AS cutoff_at,
            coalesce(b.status <> 'cancelled'
                     AND b.starts_at - make_interval(hours => s.cancel_cutoff_hours) > ${nowSql('$4')}, false) AS cancellable,
            to_timestamp($3::bigint) > ${nowSql('$4')} AS link_valid,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('quantity', bi.quantity, 'variant', v.title,
                                                          'product', p.title, 'location', l.name)
                                       ORDER BY bi.position, bi.id), '[]')
               FROM booking_items bi JOIN variants v ON v.id = bi.variant_id
               JOIN products p ON p.id = v.product_id LEFT JOIN locations l ON l.id = p.location_id
              WHERE bi.booking_id = b.id) AS items
       FROM bookings b JOIN shops s ON s.id = b.shop_id
      WHERE b.shop_id = $1 AND b.id = $2`,
    [shopId, bookingId, expiresAt, nowParam(sqlNow)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    status: row.status,
    startsAt: iso(row.starts_at),
    finishesAt: iso(row.finishes_at),
    shop: {
      name: row.shop_name,
      tz: row.tz,
      locale: row.locale,
      email: row.notify_email,
      cutoffHours: row.cancel_cutoff_hours,
    },
    items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items,
    cancellableUntil: row.cutoff_at === null ? null : iso(row.cutoff_at),
    cancellable: row.cancellable === true,
    linkValid: row.link_valid === true,
  };
}

/** The locale of the shop `shopId` (the language of a page for a link that opens nothing). */
export async function shopLocale(db: Queryable, shopId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ locale: string }>('SELECT locale FROM shops WHERE id = $1', [shopId]);
  return rows[0]?.locale;
}
