/** @jsxRuntime classic */
/** @jsx h */
/**
 * The cart's hold: each held item with its days in the shop's zone and its quantity, and the
 * time left; or, once it ran out, that it did and a way to hold it again. Shows only what the
 * service confirmed. Titles are text, never markup.
 * @module
 */
import { h } from '../dom.ts';
import { heldPeriod } from '../format.ts';
import type { View } from '../models/view-model.ts';

/** The hold panel; nothing while there is no hold. */
export function HoldPanel({ vm }: { vm: View }) {
  const t = vm.t.value;
  const f = vm.formats.value;
  const r = vm.booking.reservation.value;
  const holding = vm.booking.holding.value;
  if (!r) {
    return vm.clock.expired.value ? (
      <div part="hold hold-expired">
        <p>{t('expired')}</p>
        <button type="button" part="reserve-button" aria-disabled={holding ? 'true' : undefined} onClick={vm.selection.holdAgain}>
          {t(vm.booking.busy.value ? 'busy' : holding ? 'reserving' : 'again')}
        </button>
      </div>
    ) : null;
  }
  const nights = vm.selection.nights.value;
  const seconds = Math.ceil(vm.clock.remaining.value / 1000);
  return (
    <div part="hold">
      <p part="hold-title">{t('held')}</p>
      <ul>
        {r.items.map((i) => (
          <li part="hold-item">
            {i.product_title} – {i.variant_title}: {heldPeriod(f, i, r.tz, nights)} × {f.number(i.quantity)}
          </li>
        ))}
      </ul>
      <p>
        {vm.clock.heldUntil.value}{' '}
        <span part="countdown">{t('timeLeft', `${f.number(Math.floor(seconds / 60))}:${f.number(seconds % 60, 2)}`)}</span>
      </p>
    </div>
  );
}
