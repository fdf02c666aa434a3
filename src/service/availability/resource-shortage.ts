/**
 * A 409's words for a requirement no pool member could take (RESOURCES.md §2: "which resource
 * ran out, and, for a shopper's pick, which others are free"), from `resource_judgement`'s rows.
 * @module
 */
import type { ResourceShortage } from '../../shared/errors.ts';
import type { Demand, ShortRow } from './types.ts';

/** Each refused item's shortage, by its 0-based index (the first requirement that refused it). */
export function shortagesOf(short: readonly ShortRow[], demands: readonly Demand[]): Map<number, ResourceShortage> {
  const found = new Map<number, ResourceShortage>();
  for (const row of short) {
    const i = row.item - 1;
    if (found.has(i)) continue;
    const demand = demands[i]!;
    const requirement = demand.variant?.requirements?.find((r) => r.id === Number(row.requirement));
    const pool = requirement?.pool ?? [];
    const free = new Map(row.members.map((m) => [Number(m.id), m.free]));
    const resources = pool.map((m) => ({ id: m.id, name: m.name, units_free: free.get(m.id) ?? 0 }));
    const freeInstead = (row.others ?? []).map((m) => ({ id: Number(m.id), name: m.name }));
    if (row.led_by !== null) {
      const leader = pool.find((m) => m.id === Number(row.led_by))?.name ?? 'another resource';
      found.set(i, {
        code: 'departure_led',
        message: `This departure is already led by ${leader}.`,
        resources,
        free_instead: freeInstead,
      });
      continue;
    }
    const need = requirement?.per === 'unit' ? requirement.uses * demand.quantity : (requirement?.uses ?? 1);
    const names = pool.map((m) => m.name);
    const most = Math.max(0, ...row.members.map((m) => m.free));
    const message =
      most === 0
        ? `${listOf(names, 'and')} ${names.length === 1 ? 'is' : 'are'} not free then.`
        : `Not enough free on ${listOf(names, 'or')} then: ${need} needed, at most ${most} free.`;
    found.set(i, {
      code: 'resource_sold_out',
      message:
        freeInstead.length > 0
          ? `${message} Free instead: ${listOf(
              freeInstead.map((m) => m.name),
              'and',
            )}.`
          : message,
      resources,
      free_instead: freeInstead,
    });
  }
  return found;
}

function listOf(names: readonly string[], conjunction: 'and' | 'or'): string {
  if (names.length <= 1) return names[0] ?? 'The resource';
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}
