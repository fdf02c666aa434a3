/**
 * The money side of a hold: its total when the page gave the price of every variant it holds
 * (`price` and `currency`, or `prices` for ticket types); otherwise none is claimed.
 * @module
 */
import type { Reservation } from '../../shared/records.ts';
import { shopify, storefrontUrl } from '../api/cart.ts';
import type { WidgetConfig } from '../boot/host.ts';
import { shopDay } from '../format.ts';
import type { HoldView as View } from './hold-view.ts';
import { amountOf } from '../pricing.ts';
import { variantPrice } from '../resources/prices.ts';

/** Where "Check out" leads: the Shopify cart there, else the `checkout-url` attribute. */
export function checkoutUrl(config: WidgetConfig): string | undefined {
  return shopify() ? storefrontUrl('cart') : config.checkoutUrl || undefined;
}

/** "$195.00", or undefined when the page gave no price for some held item. */
export function holdTotal(vm: View, r: Reservation): string | undefined {
  const { currency, ...config } = vm.config.value;
  const settings = vm.booking.settings.value;
  let amount = 0;
  for (const i of r.items) {
    const price = variantPrice(config, String(i.external_id));
    if (price === undefined) return undefined;
    amount += amountOf(price, i.quantity, shopDay(i.start, r.tz), shopDay(i.finish, r.tz), settings);
  }
  return currency ? vm.formats.value.money(amount, currency) : undefined;
}
