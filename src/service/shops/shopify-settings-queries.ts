/**
 * The statements that write a shop's Shopify settings (migration 8's `shopify_shops`: its
 * myshopify domain and the app's API secret, both or neither, and the secret it replaced for
 * a while, migration 14; the order topic that books, migration 15) for PUT /v1/shop. The Shopify
 * feature reads them (shopify/queries.ts); kept apart so the two features' files do not meet.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { ShopifyBookOn } from '../../shared/merchant-records.ts';

/** A shop's Shopify settings as PUT /v1/shop writes them. */
export interface ShopifySettings {
  domain: string;
  api_secret: string;
  book_on: ShopifyBookOn;
}

/** The shop's stored settings, locked until the transaction ends; undefined when not connected. */
export async function lockShopifySettings(tx: Queryable, shopId: number): Promise<ShopifySettings | undefined> {
  const { rows } = await tx.query<ShopifySettings>(
    'SELECT domain, api_secret, book_on FROM shopify_shops WHERE shop_id = $1 FOR UPDATE',
    [shopId],
  );
  return rows[0];
}

/** Whether a shop other than `shopId` has the myshopify domain `domain`. */
export async function shopifyDomainTaken(db: Queryable, domain: string, shopId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM shopify_shops WHERE domain = $1 AND shop_id <> $2', [
    domain.toLowerCase(),
    shopId,
  ]);
  return rows.length > 0;
}

/**
 * Stores the shop's settings (the domain in lower case), replacing any. When the secret changes,
 * the one it replaces is kept as the previous secret until `previousForMs` after now (the
 * database's clock, or a test clock's `sqlNow`); a change of the domain alone keeps the previous
 * secret as it was. Only the secret replaced last is kept.
 */
export async function saveShopifySettings(
  tx: Queryable,
  shopId: number,
  settings: ShopifySettings,
  previousForMs: number,
  sqlNow: number | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO shopify_shops AS x (shop_id, domain, api_secret, book_on) VALUES ($1, $2, $3, $6)
       ON CONFLICT (shop_id) DO UPDATE SET domain = EXCLUDED.domain, api_secret = EXCLUDED.api_secret, book_on = EXCLUDED.book_on,
         previous_api_secret = CASE WHEN x.api_secret <> EXCLUDED.api_secret THEN x.api_secret ELSE x.previous_api_secret END,
         previous_secret_expires_at = CASE WHEN x.api_secret <> EXCLUDED.api_secret THEN ${nowSql('$5')} + $4 * interval '1 millisecond'
                                           ELSE x.previous_secret_expires_at END
         WHERE (x.domain, x.api_secret, x.book_on) IS DISTINCT FROM (EXCLUDED.domain, EXCLUDED.api_secret, EXCLUDED.book_on)`,
    [shopId, settings.domain.toLowerCase(), settings.api_secret, previousForMs, nowParam(sqlNow), settings.book_on],
  );
}

/** Disconnects the shop from Shopify (its webhooks and app-proxy requests are refused then). */
export async function deleteShopifySettings(tx: Queryable, shopId: number): Promise<void> {
  await tx.query('DELETE FROM shopify_shops WHERE shop_id = $1', [shopId]);
}
