/**
 * What the hold's file says of the shopper's choice: its length ("3 days") and, when the page
 * gave a price, what it comes to; and whether it is what the cart already holds. In the hold's
 * file: a choice exists only after the first pick, and a hold only once the cart holds one,
 * and either loads this file (the calendar does not wait for these bytes).
 * @module
 */
import { shopDay } from '../format.ts';
import { formatLength } from './hold-format.ts';
import { amountOf, lengthOf } from '../pricing.ts';
import type { HoldView as View } from './hold-view.ts';
import { variantPrice } from '../resources/prices.ts';

/** The summary line under the controls. */
export function Summary({ vm }: { vm: View }) {
  const c = vm.selection.chosen.value;
  const price = variantPrice(vm.config.value);
  if (!c || (!vm.booking.isRange.value && price === undefined)) return <p part="summary" />;
  // A time of day has no length in days to say: its total only.
  const slot = vm.booking.widget.value?.type === 'slot';
  const t = vm.t.value,
    f = vm.formats.value,
    s = vm.booking.settings.value;
  const length = slot ? '' : formatLength(f, t, vm.locale.value, lengthOf(c.start, c.finish, s));
  const { currency } = vm.config.value;
  const total =
    price !== undefined && currency
      ? `${slot ? '' : ' · '}${t('total', f.money(amountOf(price, c.quantity, c.start, c.finish, s), currency))}`
      : '';
  return (
    <p part="summary">
      {length}
      {total}
    </p>
  );
}

/** The choice is exactly what the cart holds for this variant: nothing to reserve, only to check out. */
export function isHeld(vm: View): boolean {
  const c = vm.selection.chosen.value,
    r = vm.booking.reservation.value,
    time = vm.selection.time?.value;
  return (
    !!c &&
    !!r &&
    r.items.some(
      (i) =>
        String(i.external_id) === (vm.config.value.variant ?? '') &&
        i.quantity === c.quantity &&
        (time
          ? Date.parse(i.start) === Date.parse(time.starts_at) && Date.parse(i.finish) === Date.parse(time.finishes_at)
          : shopDay(i.start, r.tz) === c.start && shopDay(i.finish, r.tz) === c.finish),
    )
  );
}
