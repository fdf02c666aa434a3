/**
 * What the demo storefront knows beyond the booking fixture: the shop's Shopify domain and
 * currency, and each variant's price (the fixture format has no prices; a cart needs them).
 * @module
 */

/** The demo shop as `window.Shopify` and `/cart.js` describe it. */
export const DEMO_SHOP = {
  /** `window.Shopify.shop` on a real storefront. */
  domain: 'harbour-kayaks.myshopify.com',
  currency: 'AUD',
} as const;

/** Price per unit in cents, by external variant id: a day's hire, or one tour seat (a day's or a departure's). */
export const DEMO_PRICES: Readonly<Record<string, number>> = {
  '49012345678901': 6500, // Single kayak, per day
  '49012345678902': 9500, // Double kayak, per day
  '49012345678903': 8900, // Sunset paddle tour, adult
  '49012345678904': 5900, // Sunset paddle tour, child
  '49012345678905': 7900, // Guided paddle tour (09:00 or 13:00), one seat
};
