/**
 * A booking's assigned resources (the guide leading it, the boat it rides): each item of a
 * variant that needs one shows who or what it has, and may be given another of its pool's
 * members. The service judges the change again (PATCH /v1/bookings/{id}); when that resource is
 * taken, its own sentence ("No guide free: Anna") is shown, and nothing changes.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Booking, ResourceRecord } from '../../client/index.ts';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { focusMessage, type Say } from '../components/bits.tsx';
import { SelectField } from '../components/form/fields.tsx';
import { changeBooking, variantById } from '../models/booking-edit.ts';
import { useResource } from '../models/use-resource.ts';

/** The sentence of a refused change: the resource's shortage when it names one. */
export function resourceRefusal(error: unknown): string {
  const items = isBookingApiError(error) ? (error.details?.items as { resource_shortage?: { message: string } }[]) : [];
  const shortage = items?.find((i) => i.resource_shortage)?.resource_shortage?.message;
  return `Not changed: ${shortage ? `${shortage}.`.replace(/\.\.$/, '.') : messageOf(error)}`;
}

/** One item's resource: its name, and a select of its pool with Change. */
function ItemResource(props: {
  booking: Booking;
  at: number;
  resources: readonly ResourceRecord[];
  say: Say;
  done: (changed: Booking, words: string) => void;
}) {
  const item = props.booking.items[props.at]!;
  const found = variantById(item.variant_id);
  const pool = [...new Set(found?.variant.requirements?.flatMap((r) => r.resources) ?? [])];
  const nameOf = (id: string | number | null) =>
    props.resources.find((r) => r.id === Number(id))?.name ?? (id === null ? 'none yet' : 'a removed resource');
  const choice = useSignal(item.resource_id === null ? '' : String(item.resource_id));
  const busy = useSignal(false);
  const change = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    busy.value = true;
    try {
      const items = props.booking.items.map((i, n) => ({
        external_id: i.external_id,
        quantity: i.quantity,
        resource_id: n === props.at ? choice.value : i.resource_id,
      }));
      const changed = await changeBooking(props.booking.id, { items });
      props.done(changed, `${item.variant_title}: now ${nameOf(choice.value)}.`);
    } catch (error) {
      props.say(resourceRefusal(error), true);
      focusMessage();
    } finally {
      busy.value = false;
    }
  };
  const what = `${item.product_title} – ${item.variant_title}`;
  return (
    <form class="row" onSubmit={change} aria-label={`Who or what ${what} has`}>
      <SelectField
        label={`${what}: assigned to`}
        value={choice.value}
        onChange={(v) => (choice.value = v)}
        options={[
          ...(item.resource_id === null ? [{ value: '', label: 'None yet' }] : []),
          ...pool.map((id) => ({ value: String(id), label: nameOf(id) })),
        ]}
      />
      {props.booking.status !== 'cancelled' && (
        <button type="submit" disabled={busy.value || choice.value === String(item.resource_id ?? '')}>
          Change
        </button>
      )}
    </form>
  );
}

/** The booking's assigned resources, for each item whose variant needs one; nothing otherwise. */
export function BookingResources(props: {
  booking: Booking;
  say: Say;
  done: (changed: Booking, words: string) => void;
}) {
  const resources = useResource(
    () => undefined,
    async (_: undefined, signal) => {
      const list: ResourceRecord[] = [];
      for await (const r of client.resources.iterate({}, { signal })) list.push(r);
      return list;
    },
  );
  const b = props.booking;
  const needing = b.items
    .map((item, at) => ({ item, at }))
    .filter(
      ({ item }) => item.resource_id !== null || (variantById(item.variant_id)?.variant.requirements ?? []).length,
    );
  if (!needing.length || !resources.data.value) return null;
  return (
    <div class="booking-resources">
      <h3>Assigned</h3>
      {needing.map(({ at }) => (
        <ItemResource
          key={`${at}-${b.items[at]!.resource_id}`}
          booking={b}
          at={at}
          resources={resources.data.value!}
          say={props.say}
          done={props.done}
        />
      ))}
    </div>
  );
}
