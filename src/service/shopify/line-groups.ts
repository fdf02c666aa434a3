/**
 * Which order lines book together (RESOURCES.md §4): the lines of one hold of ticket types,
 * i.e. lines naming the same `_reservation_id` and the same start and finish whose variants draw
 * on shared resources. Every other line books alone, exactly as before.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { HeldLine } from './payload.ts';
import { variantsDrawingOnResources } from './queries.ts';

/** `lines` in groups, in the order their first lines come. */
export async function lineGroups(q: Queryable, shopId: number, lines: readonly HeldLine[]): Promise<HeldLine[][]> {
  const grouped = lines.filter((l) => l.reservationId !== null);
  const shared = new Set<number>();
  if (grouped.length > 1) {
    for (const id of await variantsDrawingOnResources(q, shopId, [...new Set(grouped.map((l) => l.variantId))]))
      shared.add(id);
  }
  const groups = new Map<string, HeldLine[]>();
  for (const line of lines) {
    const key = shared.has(line.variantId)
      ? `hold:${line.reservationId}:${line.startAt}:${line.finishAt}`
      : `line:${line.lineId}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()];
}
