/**
 * Loads the fixture format of API.md §8 into a database. Idempotent: loading the same file twice
 * changes nothing (rows are matched by their natural keys and only updated when they differ).
 * @module
 */
import { resolveSettings } from '../../shared/settings.ts';
import { isTimeZone } from '../../shared/zones.ts';
import type { Database, Queryable } from '../db/types.ts';
import { parseBlackoutTime } from '../blackouts/times.ts';
import { hashToken } from '../tokens/tokens.ts';
import { FixtureError, checkFixture, type Fixture, type FixtureShop } from './fixture-schema.ts';

export { FixtureError, type Fixture } from './fixture-schema.ts';

/** Loads `fixture` (checked first: a bad one throws `FixtureError` and changes nothing). */
export async function loadFixture(db: Database, fixture: unknown): Promise<void> {
  const checked = checkFixture(fixture);
  await db.transaction(async (tx) => {
    for (const shop of checked.shops) await loadShop(tx, shop);
  });
}

async function loadShop(tx: Queryable, shop: FixtureShop): Promise<void> {
  if (!isTimeZone(shop.tz)) throw new FixtureError(`shop ${shop.name}: unknown time zone ${shop.tz}`);
  const shopId = await upsertId(
    tx,
    `INSERT INTO shops (name, tz, locale) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET tz = EXCLUDED.tz, locale = EXCLUDED.locale
       WHERE (shops.tz, shops.locale) IS DISTINCT FROM (EXCLUDED.tz, EXCLUDED.locale)`,
    [shop.name, shop.tz, shop.locale ?? 'en'],
    'SELECT id FROM shops WHERE name = $1',
    [shop.name],
  );

  const locationIds = new Map<string, number>();
  for (const location of shop.locations ?? []) {
    await tx.query('INSERT INTO locations (shop_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [shopId, location.name]);
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM locations WHERE shop_id = $1 AND name = $2', [shopId, location.name]);
    locationIds.set(location.name, rows[0]!.id);
  }
  const locationId = (name: string | undefined, where: string) => {
    if (name === undefined) return null;
    const id = locationIds.get(name);
    if (id === undefined) throw new FixtureError(`${where}: unknown location ${name}`);
    return id;
  };

  const productIds = new Map<number, number>();
  const variantIds = new Map<number, number>();
  for (const product of shop.products ?? []) {
    const productId = await upsertId(
      tx,
      `INSERT INTO products (shop_id, external_id, title, vendor, location_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (shop_id, external_id) DO UPDATE SET title = EXCLUDED.title, vendor = EXCLUDED.vendor, location_id = EXCLUDED.location_id
         WHERE (products.title, products.vendor, products.location_id) IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.vendor, EXCLUDED.location_id)`,
      [shopId, product.external_id, product.title, product.vendor ?? null, locationId(product.location, `product ${product.external_id}`)],
      'SELECT id FROM products WHERE shop_id = $1 AND external_id = $2',
      [shopId, product.external_id],
    );
    productIds.set(product.external_id, productId);
    for (const variant of product.variants ?? []) {
      const variantId = await upsertId(
        tx,
        `INSERT INTO variants (shop_id, product_id, external_id, title, capacity) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (shop_id, external_id) DO UPDATE SET product_id = EXCLUDED.product_id, title = EXCLUDED.title, capacity = EXCLUDED.capacity
           WHERE (variants.product_id, variants.title, variants.capacity) IS DISTINCT FROM (EXCLUDED.product_id, EXCLUDED.title, EXCLUDED.capacity)`,
        [shopId, productId, variant.external_id, variant.title, variant.capacity],
        'SELECT id FROM variants WHERE shop_id = $1 AND external_id = $2',
        [shopId, variant.external_id],
      );
      variantIds.set(variant.external_id, variantId);
    }
  }

  for (const widget of shop.widgets ?? []) {
    const settings = resolveSettings(widget.type, widget.settings ?? {});
    const widgetId = await upsertId(
      tx,
      `INSERT INTO widgets (shop_id, title, type, locale, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (shop_id, title) DO UPDATE SET type = EXCLUDED.type, locale = EXCLUDED.locale, settings = EXCLUDED.settings, updated_at = now()
         WHERE (widgets.type, widgets.locale, widgets.settings) IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.locale, EXCLUDED.settings)`,
      [shopId, widget.title, widget.type, widget.locale ?? null, JSON.stringify(settings)],
      'SELECT id FROM widgets WHERE shop_id = $1 AND title = $2',
      [shopId, widget.title],
    );
    for (const external of widget.external_product_ids ?? []) {
      const productId = productIds.get(external);
      if (productId === undefined) throw new FixtureError(`widget ${widget.title}: unknown product ${external}`);
      await tx.query('INSERT INTO widget_products (widget_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [widgetId, productId]);
    }
  }

  for (const [i, blackout] of (shop.blackouts ?? []).entries()) {
    const where = `shop ${shop.name}, blackouts[${i}]`;
    const start = parseBlackoutTime(blackout.starts_at, shop.tz);
    const finish = parseBlackoutTime(blackout.finishes_at, shop.tz);
    if ('error' in start) throw new FixtureError(`${where}.starts_at ${start.error}`);
    if ('error' in finish) throw new FixtureError(`${where}.finishes_at ${finish.error}`);
    if (finish.instant <= start.instant) throw new FixtureError(`${where}: finishes_at must be after starts_at`);
    const target = (map: Map<number, number>, id: number | undefined, what: string) => {
      if (id === undefined) return null;
      const found = map.get(id);
      if (found === undefined) throw new FixtureError(`${where}: unknown ${what} ${id}`);
      return found;
    };
    const row = [
      shopId,
      blackout.title ?? null,
      start.instant,
      finish.instant,
      blackout.all_day ?? (start.isDay && finish.isDay ? 1 : 0),
      blackout.scope ?? 'overlap',
      target(productIds, blackout.external_product_id, 'product'),
      target(variantIds, blackout.external_variant_id, 'variant'),
      locationId(blackout.location, where),
    ];
    // A blackout has no natural key: an identical one (same title, times and targets) is the same.
    await tx.query(
      `INSERT INTO blackouts (shop_id, title, starts_at, finishes_at, all_day, scope, product_id, variant_id, location_id)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
       WHERE NOT EXISTS (SELECT 1 FROM blackouts WHERE shop_id = $1 AND title IS NOT DISTINCT FROM $2 AND starts_at = $3
         AND finishes_at = $4 AND product_id IS NOT DISTINCT FROM $7 AND variant_id IS NOT DISTINCT FROM $8
         AND location_id IS NOT DISTINCT FROM $9)`,
      row,
    );
  }

  for (const token of shop.tokens ?? []) {
    const { hash, lookup } = hashToken(token.token);
    await tx.query(
      `INSERT INTO tokens (shop_id, kind, lookup, token_hash, origins) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token_hash) DO UPDATE SET origins = EXCLUDED.origins
         WHERE tokens.shop_id = EXCLUDED.shop_id AND tokens.origins IS DISTINCT FROM EXCLUDED.origins`,
      [shopId, token.kind, lookup, hash, token.origins ?? []],
    );
  }
}

/** Inserts or updates one row and returns its id (an unchanged row is not touched). */
async function upsertId(tx: Queryable, upsert: string, params: unknown[], select: string, selectParams: unknown[]): Promise<number> {
  await tx.query(upsert, params);
  const { rows } = await tx.query<{ id: number }>(select, selectParams);
  return rows[0]!.id;
}
