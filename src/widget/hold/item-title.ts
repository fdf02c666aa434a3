/**
 * A held item's title as a shopper reads it: "Kayak hire – Single kayak", or the product's
 * title alone for a product whose only variant is Shopify's "Default Title" (the theme names
 * such a product by its title too).
 * @module
 */

/** "Product – Variant", or "Product" when the variant is the product's default one. */
export function itemTitle(i: { product_title: string; variant_title: string }): string {
  return i.variant_title === 'Default Title' ? i.product_title : `${i.product_title} – ${i.variant_title}`;
}
