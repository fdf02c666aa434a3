/**
 * The products the emulated Shopify cart can sell: every variant of every product in a fixture
 * (API.md §8 format), with a price. Shopify's cart knows titles, vendor and price; the booking
 * fixture knows all but the price, so prices come alongside (cents, by external variant id).
 * @module
 */

/** One sellable variant, as the cart needs it. */
export interface CatalogVariant {
  /** Shopify variant id (the fixture's `external_id`). */
  id: number;
  product_id: number;
  product_title: string;
  variant_title: string;
  vendor: string;
  /** URL handle of the product, e.g. `kayak-hire`. */
  handle: string;
  /** Price of one unit in the shop currency's minor unit (cents), as Shopify's Ajax API gives it. */
  price: number;
  /** Whether the product has only Shopify's "Default Title" variant. */
  only_default_variant: boolean;
}

/** Variants by id. */
export type Catalog = ReadonlyMap<number, CatalogVariant>;

/** The part of a fixture the catalog reads; the loader's full type is wider. */
export interface CatalogSource {
  shops: {
    products?: {
      external_id: number | string;
      title: string;
      vendor?: string | null;
      variants?: { external_id: number | string; title: string }[];
    }[];
  }[];
}

/** A Shopify-style handle: lower case, ASCII letters and digits joined by dashes. */
export function handleize(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Builds the catalog of every shop's products. A variant without a price sells for 0, so a
 * fixture written for the API alone still works with the cart.
 */
export function catalogFromFixture(fixture: CatalogSource, prices: Readonly<Record<string, number>> = {}): Catalog {
  const catalog = new Map<number, CatalogVariant>();
  for (const shop of fixture.shops) {
    for (const product of shop.products ?? []) {
      const variants = product.variants ?? [];
      for (const variant of variants) {
        const id = Number(variant.external_id);
        catalog.set(id, {
          id,
          product_id: Number(product.external_id),
          product_title: product.title,
          variant_title: variant.title,
          vendor: product.vendor ?? '',
          handle: handleize(product.title),
          price: prices[String(variant.external_id)] ?? 0,
          only_default_variant: variants.length === 1 && variant.title === 'Default Title',
        });
      }
    }
  }
  return catalog;
}
