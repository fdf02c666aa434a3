/**
 * The money side of a hold: its total when every item is of the variant whose price the page
 * gave (`price` and `currency` attributes); otherwise none is claimed.
 * @module
 */
import type { Reservation } from '../../shared/records.ts';
import { shopDay } from '../format.ts';
import type { HoldView as View } from './hold-view.ts';
import { amountOf } from '../pricing.ts';

/** "$195.00", or undefined when the page gave no price for every held item. */
export function holdTotal(vm: View, r: Reservation): string | undefined {
  const price = vm.price.value;
  const { variant, currency } = vm.config.value;
  if (price === undefined || !currency || r.items.some((i) => String(i.external_id) !== variant)) return undefined;
  const settings = vm.booking.settings.value;
  const amount = r.items.reduce(
    (sum, i) => sum + amountOf(price, i.quantity, shopDay(i.start, r.tz), shopDay(i.finish, r.tz), settings),
    0,
  );
  return vm.formats.value.money(amount, currency);
}
