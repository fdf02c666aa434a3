/**
 * Shape checks for what the API sends back. A response without the shape the widget relies on
 * is reported as an `invalid_response` failure, never half-rendered and never a crash.
 * @module
 */
import { isPlainDate } from '../../shared/plain-date.ts';
import type { AvailabilityDay, Blackout, Reservation, Widget, WidgetSettings } from '../../shared/records.ts';
import { resolveSettings } from '../../shared/settings.ts';
import { WidgetError } from './failure.ts';

// biome-ignore lint/suspicious/noExplicitAny: an answer before its shape is checked, field by field
type Loose = Record<string, any>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInstant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
/** True for an IANA zone this browser knows (a check, not a conversion: no date library needed). */
function isZone(tz: unknown): tz is string {
  try {
    return typeof tz === 'string' && tz.length < 65 && !!new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    return false;
  }
}
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Throws the failure of a response whose body does not have the documented shape. */
function malformed(what: string): never {
  throw new WidgetError('invalid_response', `The ${what} response does not have the documented shape`);
}

/** Every element of `data` passes `ok`, or the whole response is malformed. */
function listOf<T>(data: unknown, what: string, ok: (v: Loose) => boolean): T[] {
  if (!Array.isArray(data) || !data.every((v) => isObject(v) && ok(v))) malformed(what);
  return data as T[];
}

/**
 * The widget's settings over the defaults: a setting of the wrong type (a string where a number
 * belongs) falls back to its default rather than breaking the calendar's arithmetic.
 */
function cleanSettings(type: Widget['type'], raw: unknown): WidgetSettings {
  const given: Loose = isObject(raw) ? raw : {};
  const defaults = resolveSettings(type) as unknown as Loose;
  const kept: Loose = {};
  for (const key in defaults) {
    const v = given[key];
    const ok =
      key === 'count'
        ? v === 'days' || v === 'nights'
        : key === 'pricing'
          ? v === 'booking' || v === 'day' || v === 'night' || v === 'slot'
          : key === 'first_day_of_week'
            ? v === null || (isCount(v) && v < 7)
            : isCount(v);
    if (ok) kept[key] = v;
  }
  return resolveSettings(type, kept);
}

/** The widgets list: its first widget (undefined when the product has none), settings resolved. */
export function parseWidgets(data: unknown): Widget | undefined {
  const [w] = listOf<Widget>(
    data,
    'widgets',
    (w) => (w.type === 'date' || w.type === 'range' || w.type === 'slot') && isZone(w.tz),
  );
  return (
    w && { ...w, locale: typeof w.locale === 'string' ? w.locale : '', settings: cleanSettings(w.type, w.settings) }
  );
}

/** A blackouts list: each with its instants and a known scope. */
export function parseBlackouts(data: unknown): Blackout[] {
  return listOf(
    data,
    'blackouts',
    (b) => isInstant(b.starts_at) && isInstant(b.finishes_at) && (b.scope === 'start' || b.scope === 'overlap'),
  );
}

/** An availability list: one entry per day, with the free units the rules read (`quantity_free`). */
export function parseAvailability(data: unknown): AvailabilityDay[] {
  return listOf(
    data,
    'availability',
    (d) => isPlainDate(d.date) && typeof d.quantity_free === 'number' && typeof d.status === 'string',
  );
}

/** One reservation: an expiry, a zone and items with their periods, quantities and titles. */
export function parseReservation(data: unknown): Reservation {
  if (!isObject(data) || !isInstant(data.expires_at) || !isZone(data.tz)) malformed('reservation');
  listOf(
    data.items,
    'reservation',
    (i) =>
      isInstant(i.start) &&
      isInstant(i.finish) &&
      isCount(i.quantity) &&
      typeof i.product_title === 'string' &&
      typeof i.variant_title === 'string',
  );
  return data as Reservation;
}

/** The answer to a hold: a reservation, holding something (an answer that holds nothing is no hold, whatever its status says). */
export function parseHold(data: unknown): Reservation {
  const r = parseReservation(data);
  return r.items.length ? r : malformed('hold');
}

/** A reservations list. */
export function parseReservations(data: unknown): Reservation[] {
  return Array.isArray(data) ? data.map(parseReservation) : malformed('reservations');
}
