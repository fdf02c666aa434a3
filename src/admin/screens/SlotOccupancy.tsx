/**
 * Occupancy by slot, under the occupancy grid: for a variant booked by times of day, one day's
 * slots with the units booked, held and left (GET /v1/occupancy/slots); a slot opens its
 * bookings (the Bookings screen narrowed to that variant and time).
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { OccupancySlot, Variant } from '../../client/index.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { client } from '../api.ts';
import { Field } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { slotFilter } from '../models/bookings-page.ts';
import { catalog, ensureCatalog, products } from '../models/catalog.ts';
import { localPeriod } from '../models/dates.ts';
import { shopToday } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';

/** A variant booked by slots, with the name the merchant knows it by. */
interface SlotVariant {
  variant: Variant;
  name: string;
}

function slotWords(s: OccupancySlot): string {
  return `${s.available} of ${s.capacity} left, ${s.booked} booked, ${s.held} held`;
}

/** The shop's variants booked by slots, and the one `chosen` (the first when none is). */
function slotVariantsOf(chosen: number | null): { list: SlotVariant[]; current: SlotVariant | undefined } {
  const list = (products.value ?? []).flatMap((p) =>
    p.variants.filter((v) => v.schedule).map((variant) => ({ variant, name: `${p.title} – ${variant.title}` })),
  );
  return { list, current: list.find((s) => s.variant.id === chosen) ?? list[0] };
}

/** The day's slots of one slot variant. */
export function SlotOccupancy() {
  useEffect(() => void ensureCatalog(), []);
  const chosen = useSignal<number | null>(null);
  const day = useSignal<string>(shopToday());
  const { list: slotVariants, current } = slotVariantsOf(chosen.value);
  const externalId = current ? Number(current.variant.external_id) : null;
  // The key reads the signals itself: a new variant, catalogue or day loads again.
  const slots = useResource(
    () => {
      const { current: shown } = slotVariantsOf(chosen.value);
      return { externalId: shown ? Number(shown.variant.external_id) : null, date: day.value };
    },
    async (key, signal) =>
      key.externalId === null || !/^\d{4}-\d\d-\d\d$/.test(key.date)
        ? []
        : client.occupancy.slots({ external_variant_id: key.externalId, date: key.date }, { signal }),
  );
  const open = (slot: OccupancySlot) => {
    slotFilter.value = {
      externalVariantId: externalId!,
      startsAt: slot.starts_at,
      finishesAt: slot.finishes_at,
      label: `${current!.name}, ${localPeriod(`${day.value}T${slot.local_start}`, `${day.value}T${slot.local_finish}`)}`,
    };
    location.hash = '#/bookings';
  };
  if (!catalog.data.value) return null;
  return (
    <section class="card" aria-labelledby="slot-occupancy">
      <h2 id="slot-occupancy">Times of day</h2>
      {slotVariants.length === 0 ? (
        <p class="hint">
          No variant is booked by times of day. Under <a href="#/products">Products</a>, “Book by times” sets one up.
        </p>
      ) : (
        <>
          <div class="row">
            <Field label="Variant">
              {({ id }) => (
                <select
                  id={id}
                  value={String(current!.variant.id)}
                  onChange={(e) => (chosen.value = Number(e.currentTarget.value))}
                >
                  {slotVariants.map((s) => (
                    <option key={s.variant.id} value={String(s.variant.id)}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Day">
              {({ id }) => (
                <input
                  id={id}
                  type="date"
                  value={day.value}
                  onInput={(e) => (day.value = e.currentTarget.value || (shopToday() as PlainDate))}
                />
              )}
            </Field>
          </div>
          <ScreenStatus loads={[slots]} />
          {slots.data.value?.length === 0 && <p>No slots on this day.</p>}
          <ul class="slot-times" aria-label={`Slots of ${current!.name} on ${day.value}`}>
            {slots.data.value?.map((s) => (
              <li key={s.starts_at}>
                <button type="button" class={s.available === 0 ? 'full' : undefined} onClick={() => open(s)}>
                  {s.local_start}–{s.local_finish}: {slotWords(s)}
                  <span class="sr-only">. Open its bookings</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
