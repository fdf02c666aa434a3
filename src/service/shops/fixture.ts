/**
 * Loads the fixture format of API.md §8 into a database. Idempotent: loading the same file twice
 * changes nothing (rows are matched by their natural keys and only updated when they differ;
 * the statements are in `queries.ts`). `seedFixture`, what both start commands run, loads a shop
 * in full only when the database does not have it yet: a later start must not bring back a
 * blackout the merchant deleted, nor add again one they renamed.
 * @module
 */
import { resolveSettings } from '../../shared/settings.ts';
import { isTimeZone } from '../../shared/zones.ts';
import type { Database, Queryable } from '../db/types.ts';
import { parseBlackoutTime } from '../blackouts/times.ts';
import { hashToken, hintOf } from '../tokens/tokens.ts';
import { FixtureError, checkFixture, type FixtureShop, fixtureSchedule } from './fixture-schema.ts';
import { loadRequirements, loadResources } from './fixture-resources.ts';
import {
  anyShopNamed,
  insertBlackoutOnce,
  lockSeeding,
  linkWidgetProduct,
  upsertLocation,
  upsertProduct,
  upsertShop,
  upsertShopifyShop,
  upsertToken,
  upsertVariant,
  upsertWidget,
} from './queries.ts';

export { FixtureError, type Fixture } from './fixture-schema.ts';

/** Loads `fixture` (checked first: a bad one throws `FixtureError` and changes nothing). */
export async function loadFixture(db: Database, fixture: unknown): Promise<void> {
  const checked = checkFixture(fixture);
  await db.transaction(async (tx) => {
    for (const shop of checked.shops) await loadShop(tx, shop);
  });
}

/**
 * Seeds `fixture`: a shop the database does not have is loaded in full; a shop it has is left
 * exactly as it is (everything a merchant changed through the API stays). Resolves to
 * the names of the shops loaded in full. Processes starting together on one database take
 * turns (an advisory lock), so a shop is never loaded twice.
 */
export async function seedFixture(db: Database, fixture: unknown): Promise<string[]> {
  const checked = checkFixture(fixture);
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    const loaded: string[] = [];
    for (const shop of checked.shops) {
      // A shop the database has is the merchant's now: what they changed through the API
      // (tokens revoked, blackouts deleted) must not come back at the next start.
      if (await anyShopNamed(tx, [shop.name])) continue;
      await loadShop(tx, shop);
      loaded.push(shop.name);
    }
    return loaded;
  });
}

async function loadShop(tx: Queryable, shop: FixtureShop): Promise<void> {
  if (!isTimeZone(shop.tz)) throw new FixtureError(`shop ${shop.name}: unknown time zone ${shop.tz}`);
  const shopId = await upsertShop(tx, shop.name, shop.tz, shop.locale ?? 'en');

  const locationIds = new Map<string, number>();
  for (const location of shop.locations ?? []) {
    locationIds.set(location.name, await upsertLocation(tx, shopId, location.name));
  }
  const locationId = (name: string | undefined, where: string) => {
    if (name === undefined) return null;
    const id = locationIds.get(name);
    if (id === undefined) throw new FixtureError(`${where}: unknown location ${name}`);
    return id;
  };

  const resourceIds = await loadResources(tx, shopId, shop.resources ?? [], locationId, `shop ${shop.name}`);

  const productIds = new Map<number, number>();
  const variantIds = new Map<number, number>();
  for (const product of shop.products ?? []) {
    const productId = await upsertProduct(tx, shopId, {
      externalId: product.external_id,
      title: product.title,
      vendor: product.vendor ?? null,
      locationId: locationId(product.location, `product ${product.external_id}`),
    });
    productIds.set(product.external_id, productId);
    for (const [i, variant] of (product.variants ?? []).entries()) {
      const variantId = await upsertVariant(tx, shopId, productId, {
        externalId: variant.external_id,
        title: variant.title,
        capacity: variant.capacity,
        schedule: fixtureSchedule(variant.schedule, `product ${product.external_id}, variants[${i}].schedule`),
      });
      variantIds.set(variant.external_id, variantId);
      if (variant.requirements) {
        const where = `product ${product.external_id}, variants[${i}]`;
        await loadRequirements(tx, shopId, variantId, variant.requirements, resourceIds, where);
      }
    }
  }

  for (const widget of shop.widgets ?? []) {
    const settings = resolveSettings(widget.type, widget.settings ?? {});
    const widgetId = await upsertWidget(tx, shopId, {
      title: widget.title,
      type: widget.type,
      locale: widget.locale ?? null,
      settings,
    });
    for (const external of widget.external_product_ids ?? []) {
      const productId = productIds.get(external);
      if (productId === undefined) throw new FixtureError(`widget ${widget.title}: unknown product ${external}`);
      await linkWidgetProduct(tx, widgetId, productId);
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
    await insertBlackoutOnce(tx, {
      shopId,
      title: blackout.title ?? null,
      shopperReason: blackout.shopper_reason ?? null,
      startsAt: start.instant,
      finishesAt: finish.instant,
      allDay: blackout.all_day ?? (start.isDay && finish.isDay ? 1 : 0),
      scope: blackout.scope ?? 'overlap',
      productId: target(productIds, blackout.external_product_id, 'product'),
      variantId: target(variantIds, blackout.external_variant_id, 'variant'),
      locationId: locationId(blackout.location, where),
    });
  }

  if (shop.shopify) await upsertShopifyShop(tx, shopId, shop.shopify.domain, shop.shopify.api_secret);

  for (const token of shop.tokens ?? []) {
    const { hash, lookup } = hashToken(token.token);
    await upsertToken(tx, shopId, {
      kind: token.kind,
      lookup,
      hash,
      origins: token.origins ?? [],
      hint: hintOf(token.token),
    });
  }
}
