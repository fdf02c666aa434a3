/**
 * One stepper per ticket type, in place of the quantity's: each type's title and price
 * ("Adult, A$89 each"), its units between − and + (as the quantity's stepper: buttons of 44 px,
 * a number field the keyboard types into), and what is left for the whole group on the chosen
 * day or time ("Boat seats: 9 left"), which each field is described by. A type's + is off at
 * the most it or the group may have; − is off at none, or where the group would fall below the
 * widget's least quantity.
 * @module
 */
import type { Resources } from './model.ts';
import { variantPrice } from './prices.ts';
import { nameList } from './shortage.ts';
import type { ResourceWords } from './strings.ts';
import { useResourceStyles } from './styles.ts';
import type { ResourceView } from './view.ts';

/** The ticket types' steppers. */
export function Tickets({ vm, model, words }: { vm: ResourceView; model: Resources; words: ResourceWords }) {
  const t = vm.t.value,
    f = vm.formats.value,
    config = vm.config.value;
  const units = model.units.value,
    most = model.most.value,
    limits = model.limits.value,
    seats = model.seats.value;
  const min = vm.booking.settings.value.quantity_min;
  const left = model.left.value;
  const shared = model.group.value?.shared ?? [];
  const box = useResourceStyles<HTMLFieldSetElement>();
  return (
    <fieldset part="tickets" ref={box}>
      <legend part="tickets-legend">{words('tickets')}</legend>
      {model.types.value.map((type, i) => {
        const n = units[type.variant] ?? 0;
        const price = variantPrice(config, type.variant);
        const id = `tk${i}`;
        return (
          <div part="ticket" key={type.variant}>
            <label part="ticket-label" for={id}>
              <bdi>{type.title}</bdi>
              {price !== undefined && config.currency && (
                <small part="ticket-price">{words('each', f.money(price, config.currency))}</small>
              )}
              {/* More than the type has on the chosen day (its own capacity): said, not taken back. */}
              {n > (limits[type.variant] ?? n) && (
                <small part="ticket-short">{t('onlyN', f.number(limits[type.variant]!))}</small>
              )}
            </label>
            {/* − field + stay together; on a narrow widget they go under the title as one. */}
            <div part="stepper">
              <button
                type="button"
                part="step step-down"
                aria-label={words('fewer', type.title)}
                aria-controls={id}
                disabled={!n || seats - type.seats < min}
                onClick={() => model.setCount(type, n - 1)}
              >
                −
              </button>
              <input
                part="quantity"
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={most[type.variant]}
                value={n}
                aria-describedby="tk-left"
                onChange={(e) => {
                  model.setCount(type, Number(e.currentTarget.value));
                  // The field shows the kept units, also when they did not change (9 typed, 6 kept).
                  e.currentTarget.value = String(model.units.peek()[type.variant] ?? 0);
                }}
              />
              <button
                type="button"
                part="step step-up"
                aria-label={words('more', type.title)}
                aria-controls={id}
                disabled={n >= (most[type.variant] ?? 0)}
                onClick={() => model.setCount(type, n + 1)}
              >
                +
              </button>
            </div>
          </div>
        );
      })}
      {/* What is left for the whole group: once a day (or time) is chosen, its shared units. */}
      <p part="tickets-left" id="tk-left">
        {vm.selection.start.value && left !== undefined && shared.length
          ? t(
              'labelled',
              nameList(
                vm.locale.value,
                shared.map((r) => r.name),
              ),
              t('unitsLeft', f.number(left)),
            )
          : ''}
      </p>
    </fieldset>
  );
}
