/**
 * A time of day as the shopper reads it, all through `Intl`: the shop's wall clock in its zone
 * (12- or 24-hour as the locale writes it), the shopper's own time beside it when their zone
 * differs, the part of the day a start falls in, and why a time cannot be chosen.
 * @module
 */
import type { AvailableSlot } from '../../shared/records.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import { shopperZone, zoneName } from '../hold/zone-names.ts';
import type { SlotWords } from './strings.ts';

/**
 * Why a time cannot be chosen; undefined when it can. `short`: some left, fewer than asked for;
 * `run`: too few slots follow it that day for the chosen length.
 */
export type SlotReason = 'short' | 'sold' | 'closed' | 'lead' | 'horizon' | 'unavailable' | 'run';

const DAY = 86_400_000;

/**
 * Why `slot` cannot take `quantity` at `now` (epoch ms, the server's clock): the service's
 * status (API.md §4.13), and the units it has left against the quantity asked. A time past,
 * too soon (notice) or within a week is "too soon to book"; later, beyond the horizon.
 */
export function slotReason(slot: AvailableSlot, quantity: number, now: number): SlotReason | undefined {
  const s = slot.status;
  if (s === 'ok') return slot.quantity_available < quantity ? 'short' : undefined;
  if (s === 'sold_out') return slot.quantity_available ? 'short' : 'sold';
  if (s === 'blacked_out') return 'closed';
  if (s === 'outside_window') return Date.parse(slot.starts_at) - now < 7 * DAY ? 'lead' : 'horizon';
  return 'unavailable';
}

/** A reason in the widget's words: "fully booked", "only 2 left", "unavailable: closed". */
export function reasonText(t: Translate, f: Formats, reason: Exclude<SlotReason, 'run'>, left: number): string {
  return reason === 'short'
    ? t('onlyN', f.number(left))
    : reason === 'sold'
      ? t('sold')
      : reason === 'unavailable'
        ? t('unavailable')
        : t('labelled', t('unavailable'), t(reason));
}

/** The part of the day a start falls in, by its wall clock in the shop's zone. */
export function partOfDay(slot: AvailableSlot): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(slot.local_start.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** The formatters of one slot list: the shop's times, the shopper's, the zone in words. */
export interface TimeFormats {
  /** "09:00–11:00" (or "9:00 – 11:00 AM"): a slot on the shop's wall clock. */
  span(slot: AvailableSlot): string;
  /** "Fri 23:00": the slot's start on the shopper's own clock; undefined when their zone is the shop's. */
  yours(slot: AvailableSlot): string | undefined;
  /** The shop's zone in words ("Australian Eastern Time"). */
  zone: string;
}

/** The time formatters for `locale` and the shop's zone `tz`. */
export function timeFormats(locale: string, tz: string): TimeFormats {
  const clock = { hour: 'numeric', minute: '2-digit' } as const;
  const shop = new Intl.DateTimeFormat(locale, { timeZone: tz, ...clock });
  const own = shopperZone() === tz ? undefined : new Intl.DateTimeFormat(locale, { weekday: 'short', ...clock });
  return {
    span: (s) => shop.formatRange(Date.parse(s.starts_at), Date.parse(s.finishes_at)),
    yours: (s) => own?.format(Date.parse(s.starts_at)),
    zone: zoneName(tz, locale),
  };
}

/**
 * A time's accessible name and visible lines: its span (a run's whole span), what is left or why
 * not ("unavailable for 3 hours" when too few slots follow it: `length`, the chosen length in
 * words), the shopper's time.
 */
export function slotLines(
  slot: AvailableSlot,
  reason: SlotReason | undefined,
  tf: TimeFormats,
  t: Translate,
  f: Formats,
  w: SlotWords,
  length = '',
): string[] {
  const yours = tf.yours(slot);
  return [
    tf.span(slot),
    reason === 'run'
      ? w('notFor', length)
      : reason
        ? reasonText(t, f, reason, slot.quantity_available)
        : t('unitsLeft', f.number(slot.quantity_available)),
    ...(yours ? [w('yours', yours)] : []),
  ];
}
