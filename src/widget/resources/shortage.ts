/**
 * Why a shared resource refused a hold (a 409 item's `resource_shortage`), in the shopper's
 * language. The service's `message` is English, for developers: the sentence is built here
 * from its code, the resources' names and units free, and who is free instead, names joined
 * by `Intl.ListFormat` ("Anna or Ben", "Anna oder Ben", "Anna and Ben").
 * @module
 */
import type { ResourceShortage, UnavailableItem } from '../../shared/errors.ts';
import { isolate } from '../format.ts';
import type { ResourceGroup } from './group.ts';
import type { ResourceWords } from './strings.ts';

/** Names as the language lists them, as alternatives ("Anna or Ben") or all ("Anna and Ben"), each isolated for bidi. */
export function nameList(locale: string, names: string[], type: 'disjunction' | 'conjunction' = 'disjunction'): string {
  return new Intl.ListFormat(locale, { type }).format(names.map(isolate));
}

/**
 * "Boat seats: only 1 left on Sat, Dec 5." or "Not free on Sat, Dec 5: Anna. Free instead:
 * Ben.": what ran out on `period` (the item's day or time, already in words), told of the
 * shopper's own `pick` when they made one (the pool's other members are then "free instead"),
 * else of the whole pool. A departure another booking's resource already leads (`departure_led`)
 * is "not free" for the pick, whatever units the pick has.
 * @example shortageText(s, undefined, 'Sat, Dec 5', words('en'), 'en', n => String(n))
 */
export function shortageText(
  s: ResourceShortage,
  pick: number | undefined,
  period: string,
  r: ResourceWords,
  locale: string,
  number: (n: number) => string,
): string {
  const mine = s.resources.filter((x) => x.id === pick);
  const told = mine.length ? mine : s.resources;
  const most = s.code === 'departure_led' ? 0 : Math.max(0, ...told.map((x) => x.units_free));
  const names = told.map((x) => x.name);
  const instead = s.free_instead.length
    ? ` ${r(
        'freeInstead',
        nameList(
          locale,
          s.free_instead.map((x) => x.name),
        ),
      )}`
    : '';
  // "Only 3 left" is the most any member has; "not free" holds for every one of them.
  const said = most
    ? r('fewOn', nameList(locale, names), number(most), period)
    : r('noneOn', nameList(locale, names, 'conjunction'), period);
  return `${said}${instead}`;
}

/**
 * The shortage of 409 item `i` as the group sees it. The service judges a post's items in
 * order, each against what the earlier ones left: a Child refused after the Adults took the last
 * seats is told "Boat seats: 0 free", where the shopper's group had 2. The seats the group's
 * earlier items took are given back to the shared resources they came from.
 */
export function groupShortage(
  i: UnavailableItem,
  items: UnavailableItem[],
  group: ResourceGroup | undefined,
): ResourceShortage | undefined {
  const s = i.resource_shortage;
  if (!s) return undefined;
  const seatsOf = (j: UnavailableItem) => group?.types.find((t) => t.variant === String(j.external_id))?.seats ?? 0;
  const taken = items
    .slice(0, items.indexOf(i))
    .reduce((n, j) => n + (j.status === 'ok' ? j.quantity * seatsOf(j) : 0), 0);
  const shared = new Set(group?.shared.map((r) => r.id));
  return {
    ...s,
    resources: s.resources.map((r) => (shared.has(r.id) ? { ...r, units_free: r.units_free + taken } : r)),
  };
}
