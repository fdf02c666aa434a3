/**
 * The statements that load a fixture (API.md §8): each upserts one row by its natural key and
 * touches it only when something differs, so loading the same file twice changes nothing, not
 * even `updated_at`. Plus the check whether a fixture's shops are already there (`npm start`).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { BlackoutScope, WidgetSettings, WidgetType } from '../../shared/records.ts';
import type { Schedule } from '../../shared/schedule.ts';

/** Inserts or updates one row and returns its id (an unchanged row is not touched). */
async function upsertId(
  tx: Queryable,
  upsert: string,
  params: unknown[],
  select: string,
  selectParams: unknown[],
): Promise<number> {
  await tx.query(upsert, params);
  const { rows } = await tx.query<{ id: number }>(select, selectParams);
  return rows[0]!.id;
}

/** The shop named `name`, created or brought to this zone and locale; its id. */
export function upsertShop(tx: Queryable, name: string, tz: string, locale: string): Promise<number> {
  return upsertId(
    tx,
    `INSERT INTO shops (name, tz, locale) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET tz = EXCLUDED.tz, locale = EXCLUDED.locale
       WHERE (shops.tz, shops.locale) IS DISTINCT FROM (EXCLUDED.tz, EXCLUDED.locale)`,
    [name, tz, locale],
    'SELECT id FROM shops WHERE name = $1',
    [name],
  );
}

/** The shop's location named `name`, created when missing; its id. */
export async function upsertLocation(tx: Queryable, shopId: number, name: string): Promise<number> {
  await tx.query('INSERT INTO locations (shop_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [shopId, name]);
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM locations WHERE shop_id = $1 AND name = $2', [
    shopId,
    name,
  ]);
  return rows[0]!.id;
}

/** The shop's product with this platform id, created or updated; its id. */
export function upsertProduct(
  tx: Queryable,
  shopId: number,
  p: { externalId: number; title: string; vendor: string | null; locationId: number | null },
): Promise<number> {
  return upsertId(
    tx,
    `INSERT INTO products (shop_id, external_id, title, vendor, location_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (shop_id, external_id) DO UPDATE SET title = EXCLUDED.title, vendor = EXCLUDED.vendor, location_id = EXCLUDED.location_id
         WHERE (products.title, products.vendor, products.location_id) IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.vendor, EXCLUDED.location_id)`,
    [shopId, p.externalId, p.title, p.vendor, p.locationId],
    'SELECT id FROM products WHERE shop_id = $1 AND external_id = $2',
    [shopId, p.externalId],
  );
}

/** The shop's variant with this platform id, created or updated (under `productId`); its id. */
export function upsertVariant(
  tx: Queryable,
  shopId: number,
  productId: number,
  v: { externalId: number; title: string; capacity: number; schedule: Schedule | null },
): Promise<number> {
  return upsertId(
    tx,
    `INSERT INTO variants (shop_id, product_id, external_id, title, capacity, schedule) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (shop_id, external_id) DO UPDATE SET product_id = EXCLUDED.product_id, title = EXCLUDED.title, capacity = EXCLUDED.capacity,
             schedule = EXCLUDED.schedule
           WHERE (variants.product_id, variants.title, variants.capacity, variants.schedule)
             IS DISTINCT FROM (EXCLUDED.product_id, EXCLUDED.title, EXCLUDED.capacity, EXCLUDED.schedule)`,
    [shopId, productId, v.externalId, v.title, v.capacity, v.schedule ? JSON.stringify(v.schedule) : null],
    'SELECT id FROM variants WHERE shop_id = $1 AND external_id = $2',
    [shopId, v.externalId],
  );
}

/** The shop's widget titled `w.title`, created or updated (`updated_at` moves only on a change); its id. */
export function upsertWidget(
  tx: Queryable,
  shopId: number,
  w: { title: string; type: WidgetType; locale: string | null; settings: WidgetSettings },
): Promise<number> {
  return upsertId(
    tx,
    `INSERT INTO widgets (shop_id, title, type, locale, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (shop_id, title) DO UPDATE SET type = EXCLUDED.type, locale = EXCLUDED.locale, settings = EXCLUDED.settings, updated_at = now()
         WHERE (widgets.type, widgets.locale, widgets.settings) IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.locale, EXCLUDED.settings)`,
    [shopId, w.title, w.type, w.locale, JSON.stringify(w.settings)],
    'SELECT id FROM widgets WHERE shop_id = $1 AND title = $2',
    [shopId, w.title],
  );
}

/** Places the widget on the product (once). */
export async function linkWidgetProduct(tx: Queryable, widgetId: number, productId: number): Promise<void> {
  await tx.query('INSERT INTO widget_products (widget_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    widgetId,
    productId,
  ]);
}

/** A fixture's blackout, resolved to stored ids. */
export interface FixtureBlackout {
  shopId: number;
  title: string | null;
  shopperReason: string | null;
  startsAt: Date;
  finishesAt: Date;
  allDay: 0 | 1;
  scope: BlackoutScope;
  productId: number | null;
  variantId: number | null;
  locationId: number | null;
}

/**
 * Inserts the blackout unless an identical one is there: a blackout has no natural key, so one
 * with the same title, times and targets is the same.
 */
export async function insertBlackoutOnce(tx: Queryable, b: FixtureBlackout): Promise<void> {
  // The reason's column is named only when there is one, so a fixture without reasons still
  // loads into a database of an earlier release (migrate.test.ts builds one that way).
  const reason = b.shopperReason === null ? { column: '', value: '' } : { column: ', shopper_reason', value: ', $10' };
  await tx.query(
    `INSERT INTO blackouts (shop_id, title, starts_at, finishes_at, all_day, scope, product_id, variant_id, location_id${reason.column})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9${reason.value}
       WHERE NOT EXISTS (SELECT 1 FROM blackouts WHERE shop_id = $1 AND title IS NOT DISTINCT FROM $2 AND starts_at = $3
         AND finishes_at = $4 AND product_id IS NOT DISTINCT FROM $7 AND variant_id IS NOT DISTINCT FROM $8
         AND location_id IS NOT DISTINCT FROM $9)`,
    [
      ...[b.shopId, b.title, b.startsAt, b.finishesAt, b.allDay, b.scope, b.productId, b.variantId, b.locationId],
      ...(b.shopperReason === null ? [] : [b.shopperReason]),
    ],
  );
}

/** Stores a token's hash for the shop; a known token only has its origins brought up to date. */
export async function upsertToken(
  tx: Queryable,
  shopId: number,
  t: { kind: 'secret' | 'publishable'; lookup: string; hash: string; origins: string[]; hint?: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO tokens (shop_id, kind, lookup, token_hash, origins, hint) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (token_hash) DO UPDATE SET origins = EXCLUDED.origins
         WHERE tokens.shop_id = EXCLUDED.shop_id AND tokens.origins IS DISTINCT FROM EXCLUDED.origins`,
    [shopId, t.kind, t.lookup, t.hash, t.origins, t.hint ?? null],
  );
}

// Any fixed number: the key of the advisory lock that makes seeding processes take turns.
const SEED_LOCK = 7_001_2027;

/** Makes other seeding transactions wait until this one ends (PostgreSQL's advisory lock). */
export async function lockSeeding(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
}

/** Whether any shop with one of these names is in the database (the fixture loader's key). */
export async function anyShopNamed(db: Queryable, names: readonly string[]): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM shops WHERE name = ANY($1::text[]) LIMIT 1', [[...names]]);
  return rows.length > 0;
}

/** Stores a shop's Shopify settings (the fixture's `shopify`). */
export async function upsertShopifyShop(
  tx: Queryable,
  shopId: number,
  domain: string,
  apiSecret: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO shopify_shops (shop_id, domain, api_secret) VALUES ($1, $2, $3)
       ON CONFLICT (shop_id) DO UPDATE SET domain = EXCLUDED.domain, api_secret = EXCLUDED.api_secret`,
    [shopId, domain.toLowerCase(), apiSecret],
  );
}
