/**
 * A group's day from its ticket types' days, and who of a shopper pool is free: the arithmetic
 * of the shared resources' file, on the service's answers (no signals).
 * @module
 */
import type { AvailabilityDay, FreeResource } from '../../shared/records.ts';

/** One ticket type's answer for a day, and the shared units one of it takes. */
export interface TypeDay {
  day: AvailabilityDay | undefined;
  seats: number;
}

/**
 * What is left for the whole group on a day, in shared units ("seats"), from its types' days.
 *
 * The service answers per variant: a type's `quantity_available` is the least of its own
 * capacity left, what its other requirements leave, and the shared seats free divided by the
 * seats one of it takes (`resource_item_limits`). So for every type, seats free ≥ its units ×
 * its seats, and the most of those products is the seats free whenever some type is held back
 * by the seats alone (its own capacity and other pools leave more): the group's seats left are
 * that most, which never claims more than is free. The day is that type's day, its units as
 * seats: its status, its `free_resources`; `quantity_free` the same most over the types' free
 * units (those a range passing through the day can use). Undefined until every type's day is in.
 * @example groupDay([{ day: adult, seats: 1 }, { day: child, seats: 1 }]) // adult 9 left, child 6 (own capacity): 9
 */
export function groupDay(parts: TypeDay[]): AvailabilityDay | undefined {
  if (!parts.length || parts.some((p) => !p.day)) return undefined;
  const seats = (p: TypeDay, n: number) => n * p.seats;
  const best = parts.reduce((a, b) =>
    seats(b, b.day!.quantity_available) > seats(a, a.day!.quantity_available) ? b : a,
  );
  return {
    ...best.day!,
    quantity_available: seats(best, best.day!.quantity_available),
    quantity_free: Math.max(...parts.map((p) => seats(p, p.day!.quantity_free))),
  };
}

/**
 * The members of a shopper pool free on every one of `entries` (a day, each day of a range, or
 * a time of day), by id; undefined when none of them says (not loaded, or no shopper pool).
 */
export function freeIds(
  entries: ReadonlyArray<{ free_resources?: FreeResource[] } | undefined>,
): Set<number> | undefined {
  let free: Set<number> | undefined;
  for (const e of entries) {
    if (!e?.free_resources) return undefined;
    const ids = new Set(e.free_resources.map((m) => m.id));
    free = free ? new Set([...free].filter((id) => ids.has(id))) : ids;
  }
  return free;
}
