/**
 * Quantity, the choice's length and total, the Reserve button (it says what is happening:
 * reserving, or busy and retrying; "Update hold" when a hold exists and the choice differs;
 * gone when the choice is what is held, the hold panel's actions taking over, or while a hold that ran out offers "Hold again"), the feedback on
 * the choice, and why the last hold failed.
 * @module
 */
import type { View } from '../models/view-model.ts';

/** The controls under the calendar. */
export function Controls({ vm }: { vm: View }) {
  const t = vm.t.value;
  const s = vm.booking.settings.value;
  const { selection } = vm;
  const holding = vm.booking.holding.value;
  const most = vm.most.value;
  const hold = vm.hold.value;
  const widget = vm.booking.widget.value;
  // Until the widget's settings are in, a skeleton: no default maximum or instruction to take
  // back; for a product with shared resources, until the hold's file says whether it has ticket
  // types (their steppers take the quantity's place).
  const ready = !!widget && !(widget.resource_variants && !hold?.ready);
  const Tickets = hold?.Tickets;
  const label = vm.booking.busy.value
    ? 'busy'
    : holding
      ? 'reserving'
      : vm.booking.reservation.value
        ? 'update'
        : 'reserve';
  return (
    <div part="controls">
      <div class="row">
        {Tickets ? (
          <Tickets vm={vm} />
        ) : (
          <div part="stepper" role="group" aria-labelledby="qty-label">
            <label part="quantity-label" id="qty-label" for="qty">
              {t('quantity')}
            </label>
            <button
              type="button"
              part="step step-down"
              aria-label={t('fewer')}
              aria-controls="qty"
              disabled={!ready || vm.quantity.value <= s.quantity_min}
              onClick={() => vm.setQuantity(vm.quantity.value - 1)}
            >
              −
            </button>
            <input
              part="quantity"
              id="qty"
              type="number"
              inputMode="numeric"
              min={s.quantity_min}
              max={most}
              value={ready ? vm.quantity.value : ''}
              aria-describedby="qty-max"
              onChange={(e) => {
                vm.setQuantity(Number(e.currentTarget.value));
                // The field shows the kept quantity, also when it did not change (3 typed, 1 kept).
                e.currentTarget.value = String(vm.quantity.peek());
              }}
            />
            <button
              type="button"
              part="step step-up"
              aria-label={t('more')}
              aria-controls="qty"
              disabled={!ready || vm.quantity.value >= most}
              onClick={() => vm.setQuantity(vm.quantity.value + 1)}
            >
              +
            </button>
            <span part="quantity-max" id="qty-max" class={ready ? undefined : 'sk'}>
              {ready && t('maxQty', vm.formats.value.number(most))}
            </span>
          </div>
        )}
        {/* Gone when the choice is what the cart holds (a hold loads the hold's file); after expiry
            the hold's "Hold again" is the one action, until the shopper changes the choice. */}
        {!hold?.isHeld(vm) && !hold?.model.expired.value && (
          <button
            type="button"
            part="reserve-button"
            disabled={!selection.chosen.value || !!selection.stale.value}
            aria-disabled={holding ? 'true' : undefined}
            onClick={selection.reserve}
          >
            {t(label)}
          </button>
        )}
      </div>
      {/* The choice's length and total: in the hold's file, which the first pick loads. */}
      {hold ? <hold.Summary vm={vm} /> : <p part="summary" />}
      <p part="message" aria-live="polite" class={ready ? undefined : 'sk'}>
        {/* After a 409 its alert says why the choice no longer fits: said once. */}
        {ready &&
          ((!vm.booking.holdFailure.value?.items && selection.stale.value) ||
            selection.message.value ||
            selection.instruction.value)}
      </p>
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
      <button type="button" part="retry-button" onClick={vm.selection.reserve}>
        {vm.t.value('retry')}
      </button>
    </p>
  ) : null;
}
