/**
 * The statements that write a shop's Shopify settings (migration 8's `shopify_shops`: its
 * myshopify domain and the app's API secret, both or neither) for PUT /v1/shop. The Shopify
 * feature reads them (shopify/queries.ts); kept apart so the two features' files do not meet.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** The shop's stored settings, locked until the transaction ends; undefined when not connected. */
export async function lockShopifySettings(tx: Queryable, shopId: number): Promise<{ domain: string; api_secret: string } | undefined> {
  const { rows } = await tx.query<{ domain: string; api_secret: string }>('SELECT domain, api_secret FROM shopify_shops WHERE shop_id = $1 FOR UPDATE', [shopId]);
  return rows[0];
}

/** Whether a shop other than `shopId` has the myshopify domain `domain`. */
export async function shopifyDomainTaken(db: Queryable, domain: string, shopId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM shopify_shops WHERE domain = $1 AND shop_id <> $2', [domain.toLowerCase(), shopId]);
  return rows.length > 0;
}

/** Stores the shop's settings (the domain in lower case), replacing any. */
export async function saveShopifySettings(tx: Queryable, shopId: number, domain: string, apiSecret: string): Promise<void> {
  await tx.query(
    `INSERT INTO shopify_shops (shop_id, domain, api_secret) VALUES ($1, $2, $3)
       ON CONFLICT (shop_id) DO UPDATE SET domain = EXCLUDED.domain, api_secret = EXCLUDED.api_secret
         WHERE (shopify_shops.domain, shopify_shops.api_secret) IS DISTINCT FROM (EXCLUDED.domain, EXCLUDED.api_secret)`,
    [shopId, domain.toLowerCase(), apiSecret],
  );
}

/** Disconnects the shop from Shopify (its webhooks and app-proxy requests are refused then). */
export async function deleteShopifySettings(tx: Queryable, shopId: number): Promise<void> {
  await tx.query('DELETE FROM shopify_shops WHERE shop_id = $1', [shopId]);
}
