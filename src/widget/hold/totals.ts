/**
 * The money side of a hold: its total when every item is of the variant whose price the page
 * gave (`price` and `currency` attributes); otherwise none is claimed.
 * @module
 */
import type { Reservation } from '../../shared/records.ts';
import { shopify, storefrontUrl } from '../api/cart.ts';
import type { WidgetConfig } from '../boot/host.ts';
import { shopDay } from '../format.ts';
import type { HoldView as View } from './hold-view.ts';
import { amountOf } from '../pricing.ts';

/**
 * The variant's price from the page (`price`), when it is one (a number, 0 or more). Read here,
 * in the hold's file, the only code that shows money: the calendar waits for none of it.
 */
export function pagePrice(config: WidgetConfig): number | undefined {
  const p = config.price?.trim();
  const n = p ? Number(p) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Where "Check out" leads: the Shopify cart there, else the `checkout-url` attribute. */
export function checkoutUrl(config: WidgetConfig): string | undefined {
  return shopify() ? storefrontUrl('cart') : config.checkoutUrl || undefined;
}

/** "$195.00", or undefined when the page gave no price for every held item. */
export function holdTotal(vm: View, r: Reservation): string | undefined {
  const price = pagePrice(vm.config.value);
  const { variant, currency } = vm.config.value;
  if (price === undefined || !currency || r.items.some((i) => String(i.external_id) !== variant)) return undefined;
  const settings = vm.booking.settings.value;
  const amount = r.items.reduce(
    (sum, i) => sum + amountOf(price, i.quantity, shopDay(i.start, r.tz), shopDay(i.finish, r.tz), settings),
    0,
  );
  return vm.formats.value.money(amount, currency);
}
