/**
 * Quantity, the Reserve button (it says what is happening: reserving, or busy and retrying),
 * the feedback on the choice, and why the last hold failed.
 * @module
 */
import type { View } from '../models/view-model.ts';

/** The controls under the calendar. */
export function Controls({ vm }: { vm: View }) {
  const t = vm.t.value;
  const s = vm.booking.settings.value;
  const { selection } = vm;
  const holding = vm.booking.holding.value;
  return (
    <div part="controls">
      <div class="row">
        <label part="quantity-label">
          {t('quantity')}{' '}
          <input
            part="quantity"
            type="number"
            inputMode="numeric"
            min={s.quantity_min}
            max={s.quantity_max}
            value={vm.quantity.value}
            onChange={(e) => vm.setQuantity(Number(e.currentTarget.value))}
          />
        </label>
        <button
          type="button"
          part="reserve-button"
          disabled={!selection.chosen.value || selection.stale.value}
          aria-disabled={holding ? 'true' : undefined}
          onClick={selection.reserve}
        >
          {t(vm.booking.busy.value ? 'busy' : holding ? 'reserving' : 'reserve')}
        </button>
      </div>
      <p part="message" aria-live="polite">{selection.message.value}</p>
      <HoldFailure vm={vm} />
    </div>
  );
}

/** The last hold's failure: explained item by item by the hold's code, or in one sentence when that code could not load. */
function HoldFailure({ vm }: { vm: View }) {
  const hold = vm.hold.value;
  if (hold) return <hold.HoldProblem vm={vm} hold={hold.model} />;
  return vm.booking.holdFailure.value ? (
    <p part="error" role="alert">
      {vm.t.value('holdError')}{' '}
      <button type="button" part="retry-button" onClick={vm.selection.reserve}>{vm.t.value('retry')}</button>
    </p>
  ) : null;
}
