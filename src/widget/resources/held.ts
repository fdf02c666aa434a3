/**
 * Whether the cart's hold is the shopper's choice of ticket types and picks as it stands: then
 * Reserve gives way to the hold's actions; any difference (a type's units, a type no longer
 * wanted, another pick) is "Update hold".
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import type { AvailableSlot, Reservation } from '../../shared/records.ts';
import { shopDay } from '../format.ts';
import type { Resources } from './model.ts';

/**
 * Whether reservation `r` holds exactly what the shopper chose: each type's units for the
 * chosen days or time, no other type of the group, and the picks it was held with. A plain
 * function, so a component reading it is subscribed to what it reads.
 */
export function holdsChoice(
  m: Resources,
  r: Reservation | undefined,
  c: { start: PlainDate; finish: PlainDate; quantity: number } | undefined,
  at: AvailableSlot | null | undefined,
  own: string,
): boolean {
  if (!r || !c) return false;
  const same = (i: Reservation['items'][number]) =>
    at
      ? Date.parse(i.start) === Date.parse(at.starts_at) && Date.parse(i.finish) === Date.parse(at.finishes_at)
      : shopDay(i.start, r.tz) === c.start && shopDay(i.finish, r.tz) === c.finish;
  const held = m.heldPicks.value;
  return m.types.value.every((t) => {
    const n = m.ticketed.value ? m.units.value[t.variant]! : t.variant === own ? c.quantity : 0;
    const i = r.items.find((i) => String(i.external_id) === t.variant);
    const p = t.pool ? m.picks.value[t.pool] : undefined;
    const pickHeld = p === undefined || (held?.id === r.id && held.picks[t.variant] === p);
    return n ? !!i && i.quantity === n && same(i) && pickHeld : !i;
  });
}
