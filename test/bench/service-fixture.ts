/**
 * The service bench's shop: one product with one variant of capacity CAPACITY, a date widget,
 * 300 blackouts and a secret and a publishable token; days are the shop's (Melbourne).
 * @module
 */
export const TZ = 'Australia/Melbourne';
export const PRODUCT = 1001;
export const VARIANT = 2001;
export const CAPACITY = 40;
const BLACKOUTS = 300;

/** `YYYY-MM-DD` of today in `tz`, plus `days`. */
export function localDay(days: number, tz = TZ): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Dates the reservations fight over: no blackout on them, inside lead time and horizon. */
export const DATES = [5, 6, 7].map((d) => localDay(d));

/** One shop: a product with one variant of capacity CAPACITY, a date widget, 300 blackouts, tokens. */
export function benchFixture(): unknown {
  const blackouts = Array.from({ length: BLACKOUTS }, (_, i) => ({
    title: `Closed ${i + 1}`,
    starts_at: localDay(30 + 2 * i),
    finishes_at: localDay(31 + 2 * i),
    scope: 'overlap',
    ...(i % 3 === 1 ? { external_variant_id: VARIANT } : i % 3 === 2 ? { external_product_id: PRODUCT } : {}),
  }));
  return {
    shops: [
      {
        name: 'Bench Kayaks',
        tz: TZ,
        locale: 'en',
        locations: [{ name: 'Pier' }],
        products: [
          {
            external_id: PRODUCT,
            title: 'Kayak',
            vendor: 'Bench',
            location: 'Pier',
            variants: [{ external_id: VARIANT, title: 'Single', capacity: CAPACITY }],
          },
        ],
        widgets: [
          {
            title: 'Kayak',
            type: 'date',
            external_product_ids: [PRODUCT],
            settings: { lead_days: 0, horizon_days: 1000, quantity_max: 10, hold_minutes: 60 },
          },
        ],
        blackouts,
        tokens: [
          { kind: 'secret', token: 'sk_bench' },
          { kind: 'publishable', token: 'pk_bench', origins: ['http://127.0.0.1'] },
        ],
      },
    ],
  };
}
