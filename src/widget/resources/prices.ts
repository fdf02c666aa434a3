/**
 * Each variant's price, as the page gives them: the `prices` attribute
 * (`"49012345678903:89,49012345678904:59"`, each variant's price in the currency's main unit,
 * as the Shopify block renders it from Liquid's `product.variants`), else `price` for the
 * element's own variant. Read in the hold's file, which alone shows money.
 * @module
 */
import type { WidgetConfig } from '../boot/host.ts';

/** A price when it is one: a number, 0 or more. */
function amount(text: string | null | undefined): number | undefined {
  const p = text?.trim();
  const n = p ? Number(p) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The price of one unit of `variant` (default: the element's own), or undefined when the page
 * gave none for it. A malformed pair in `prices` is skipped, never guessed at.
 * @example variantPrice({ prices: '1:89,2:59', price: null, variant: '1', … }, '2') // 59
 */
export function variantPrice(
  config: Pick<WidgetConfig, 'price' | 'prices' | 'variant'>,
  variant = config.variant ?? '',
): number | undefined {
  for (const pair of config.prices?.split(',') ?? []) {
    const [id, price] = pair.split(':');
    const found = amount(price);
    if (id?.trim() === variant && found !== undefined) return found;
  }
  return variant === config.variant ? amount(config.price) : undefined;
}
