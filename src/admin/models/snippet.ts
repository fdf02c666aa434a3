/**
 * The embed snippet of the Install screen: the widget's script tag, the CSS that reserves its
 * box (README "Install on any site", step 5), and the element with its attributes.
 * @module
 */

/** What the snippet is made of; `price`, `currency` and `checkoutUrl` are left out when empty. */
export interface SnippetInput {
  base: string;
  token: string;
  product: string;
  variant: string;
  price: string;
  currency: string;
  /** Where the held state's Check out leads (the site's cart or checkout page). */
  checkoutUrl?: string;
}

/**
 * The snippet to paste into a page. The CSS keeps the page below the widget from moving while
 * the deferred script loads; `content-box` because themes that make every box `border-box`
 * would otherwise shrink it. Price and currency go in only when given: the widget shows a
 * total only with both.
 */
export function embedSnippet(s: SnippetInput): string {
  const attributes = [
    ['api', s.base],
    ['token', s.token],
    ['product', s.product],
    ['variant', s.variant],
    ['price', s.price.trim()],
    ['currency', s.currency.trim().toUpperCase()],
    ['checkout-url', (s.checkoutUrl ?? '').trim()],
  ].filter(([name, value]) => value !== '' || (name !== 'price' && name !== 'currency' && name !== 'checkout-url'));
  return [
    `<script src="${s.base}/booking-widget.js" defer></script>`,
    '',
    "<!-- Reserves the widget's box so nothing below it moves while it loads (or put these lines in your stylesheet). -->",
    '<style>',
    '  booking-widget { display: block; box-sizing: content-box; min-height: 32em; }',
    '  @media (max-width: 500px) { booking-widget { min-height: 37em; } }',
    '</style>',
    '',
    '<booking-widget',
    ...attributes.map(([name, value]) => `  ${name}="${value}"`),
    '></booking-widget>',
  ].join('\n');
}

/**
 * Field errors of the optional price and currency: a price is a plain amount in the currency's
 * main unit (`65`, `65.00`), a currency a three-letter ISO 4217 code. One without the other is
 * no error (the merchant may be typing the other): the fields' hints say both are needed.
 */
export function priceErrors(price: string, currency: string): { price?: string[]; currency?: string[] } {
  const p = price.trim();
  const c = currency.trim();
  const errors: { price?: string[]; currency?: string[] } = {};
  if (p && !/^\d+(\.\d{1,4})?$/.test(p)) errors.price = ['enter an amount like 65 or 65.00'];
  if (c && !/^[a-z]{3}$/i.test(c)) errors.currency = ['enter a three-letter code like AUD'];
  return errors;
}
