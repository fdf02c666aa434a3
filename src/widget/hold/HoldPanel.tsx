/**
 * The cart's hold: each held item with its days in the shop's zone and its quantity, and the
 * time left; or, once it ran out, that it did and a way to hold it again. Shows only what the
 * service confirmed. Titles are text, never markup. The countdown is a component of its own,
 * so the one-second tick re-renders it alone.
 * @module
 */
import { heldPeriod } from '../format.ts';
import type { View } from '../models/view-model.ts';
import type { Hold } from './hold-model.ts';

/** The hold panel; nothing while there is no hold. */
export function HoldPanel({ vm, hold }: { vm: View; hold: Hold }) {
  const t = vm.t.value;
  const f = vm.formats.value;
  const r = vm.booking.reservation.value;
  const holding = vm.booking.holding.value;
  if (!r) {
    return hold.expired.value ? (
      <div part="hold hold-expired">
        <p>{t('expired')}</p>
        <button type="button" part="reserve-button" aria-disabled={holding ? 'true' : undefined} onClick={hold.holdAgain}>
          {t(vm.booking.busy.value ? 'busy' : holding ? 'reserving' : 'again')}
        </button>
      </div>
    ) : null;
  }
  const nights = vm.booking.nights.value;
  return (
    <div part="hold">
      <p part="hold-title">{t('held')}</p>
      <ul>
        {r.items.map((i) => (
          <li part="hold-item" key={`${i.external_id} ${i.start}`}>
            {i.product_title} – {i.variant_title}: {heldPeriod(f, i, r.tz, nights)} × {f.number(i.quantity)}
          </li>
        ))}
      </ul>
      <Countdown vm={vm} hold={hold} />
    </div>
  );
}

/** Until when the hold lasts and the minutes and seconds left, re-rendered each second. */
function Countdown({ vm, hold }: { vm: View; hold: Hold }) {
  const t = vm.t.value;
  const f = vm.formats.value;
  const seconds = Math.ceil(hold.remaining.value / 1000);
  return (
    <p>
      {hold.heldUntil.value}{' '}
      <span part="countdown">{t('timeLeft', `${f.number(Math.floor(seconds / 60))}:${f.number(seconds % 60, 2)}`)}</span>
    </p>
  );
}

/** Why the last hold failed: each item that did not fit, with Retry unless nothing can. */
export function HoldProblem({ vm, hold }: { vm: View; hold: Hold }) {
  const failure = vm.booking.holdFailure.value;
  if (!failure) return null;
  return (
    <p part="error" role="alert" tabIndex={-1}>
      {hold.holdProblem.value}{' '}
      {failure.error !== 'unavailable' && (
        <button type="button" part="retry-button" onClick={vm.selection.reserve}>{vm.t.value('retry')}</button>
      )}
    </p>
  );
}
