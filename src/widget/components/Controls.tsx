/** @jsxRuntime classic */
/** @jsx h */
/**
 * Quantity, the Reserve button (it says what is happening: reserving, or busy and retrying) and the feedback on the choice.
 * @module
 */
import { h } from '../dom.ts';
import type { View } from '../models/view-model.ts';

/** The controls under the calendar. */
export function Controls({ vm }: { vm: View }) {
  const t = vm.t.value;
  const s = vm.booking.settings.value;
  const { selection } = vm;
  const holding = vm.booking.holding.value;
  const failure = vm.booking.holdFailure.value;
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
      {failure && (
        <p part="error" role="alert">
          {selection.holdProblem.value}{' '}
          {failure.error !== 'unavailable' && (
            <button type="button" part="retry-button" onClick={selection.reserve}>{t('retry')}</button>
          )}
        </p>
      )}
    </div>
  );
}
