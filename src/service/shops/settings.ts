/**
 * The rules of PUT /v1/shop (issue 18): a shop's name, zone, locale and Shopify settings,
 * changed in one transaction or not at all. A name or myshopify domain another shop has is a
 * 422 on that field. A new Shopify secret leaves the one it replaces working for
 * PREVIOUS_SECRET_MS (by the database's clock). A zone change moves no stored instant (holds, bookings and blackouts keep
 * theirs); from the next request on, days are judged in the new zone: every process sees it,
 * since a change to the shop's row bumps its data version (migration 10) and the token cache
 * checks that version. The same version also moves with every write to the shop's blackouts,
 * products, variants and locations (migration 3), so each of those writes too makes every
 * process verify the shop's tokens again at their next use (one token query each).
 * @module
 */
import type { Database } from '../db/types.ts';
import type { ShopRecord } from '../../shared/merchant-records.ts';
import { NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { ShopInput } from './schemas.ts';
import { findShop, lockShop, shopNameTaken, updateShopRow } from './shop-queries.ts';
import {
  deleteShopifySettings,
  lockShopifySettings,
  saveShopifySettings,
  shopifyDomainTaken,
} from './shopify-settings-queries.ts';

/**
 * How long the Shopify app's previous client secret still checks webhooks and app-proxy
 * requests after `shopify.api_secret` changes: one hour. Shopify keeps signing with the old
 * secret for a while after the merchant rotates it in the Partner Dashboard (issue 25); an hour
 * covers that while bounding how long a leaked old secret stays good.
 */
export const PREVIOUS_SECRET_MS = 60 * 60_000;

/** The caller's shop (GET /v1/shop); `sqlNow` is a test clock's "now" (null: the database's). */
export async function readShop(
  db: Database,
  auth: Pick<AuthContext, 'shopId'>,
  sqlNow: number | null,
): Promise<ShopRecord> {
  const shop = await findShop(db, auth.shopId, sqlNow);
  if (!shop) throw new NotFoundError('shop', auth.shopId);
  return shop;
}

/** A unique constraint's violation (two requests raced past the checks): which field it is. */
function uniqueField(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return where.includes('shopify') ? 'shopify.domain' : where.includes('shops_name') ? 'name' : undefined;
}

/** Applies a checked PUT /v1/shop body to the caller's shop; resolves to the shop as stored. */
export async function changeShop(
  db: Database,
  auth: Pick<AuthContext, 'shopId'>,
  input: ShopInput,
  sqlNow: number | null,
): Promise<ShopRecord> {
  try {
    return await db.transaction(async (tx) => {
      await lockShop(tx, auth.shopId);
      const errors = new FieldErrors();
      if (input.name !== undefined && (await shopNameTaken(tx, input.name, auth.shopId)))
        errors.add('name', "is another shop's name");
      const shopify = input.shopify;
      let write: (() => Promise<void>) | undefined;
      if (shopify === null || shopify?.domain === null || shopify?.api_secret === null) {
        write = () => deleteShopifySettings(tx, auth.shopId);
      } else if (
        shopify &&
        (shopify.domain !== undefined || shopify.api_secret !== undefined || shopify.book_on !== undefined)
      ) {
        const stored = await lockShopifySettings(tx, auth.shopId);
        const domain = shopify.domain ?? stored?.domain;
        const secret = shopify.api_secret ?? stored?.api_secret;
        const bookOn = shopify.book_on ?? stored?.book_on ?? 'orders/create';
        if (domain === undefined)
          errors.add('shopify.domain', 'is required to connect the shop to Shopify (with api_secret)');
        else if (await shopifyDomainTaken(tx, domain, auth.shopId)) errors.add('shopify.domain', "is another shop's");
        if (secret === undefined)
          errors.add('shopify.api_secret', 'is required to connect the shop to Shopify (with domain)');
        if (domain !== undefined && secret !== undefined)
          write = () =>
            saveShopifySettings(
              tx,
              auth.shopId,
              { domain, api_secret: secret, book_on: bookOn },
              PREVIOUS_SECRET_MS,
              sqlNow,
            );
      }
      errors.throwIfAny();
      await updateShopRow(tx, auth.shopId, input);
      await write?.();
      const shop = await findShop(tx, auth.shopId, sqlNow);
      if (!shop) throw new NotFoundError('shop', auth.shopId);
      return shop;
    });
  } catch (error) {
    const field = uniqueField(error);
    if (!field) throw error;
    const errors = new FieldErrors();
    errors.add(field, field === 'name' ? "is another shop's name" : "is another shop's");
    errors.throwIfAny();
    throw error;
  }
}
