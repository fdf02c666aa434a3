/**
 * What the widget record says of a product's shared resources (RESOURCES.md §4), as the
 * shopper meets them: its **ticket types** (variants drawing on the same resource per unit,
 * Adult and Child in the same boat's seats, each with its own price) and the **pools the
 * shopper may choose from** ("Any / Anna / Ben"). Plain data, no signals.
 * @module
 */
import type { FreeResource, ResourceVariant, Widget } from '../../shared/records.ts';

/** A variant booked in the group: its title, and the shared units one of it takes. */
export interface TicketType {
  variant: string;
  /** The variant's title ("Adult", "Child (8-15)"), the merchant's words. */
  title: string;
  /** Units of the shared resource one of it takes (`uses` of its per-unit requirement); 1 without one. */
  seats: number;
  /** The key of the pool the shopper may choose from for it, if it has one. */
  pool: string | undefined;
}

/** A pool of interchangeable resources the shopper may pick one of (or leave to the shop). */
export interface ShopperPool {
  /** Its members' ids, sorted and joined: one pool however many variants draw on it. */
  key: string;
  members: FreeResource[];
}

/** A product's ticket types and the pools its shopper may choose from. */
export interface ResourceGroup {
  /** In the record's order (the product's variants as the shop added them); the page's variant among them. */
  types: TicketType[];
  pools: ShopperPool[];
  /** The resource(s) the types share per unit ("Boat seats"); none with one type. */
  shared: FreeResource[];
}

/** The per-unit requirement of `v` drawing on a resource of `ids` (any per-unit one when `ids` is empty). */
function unitRequirement(v: ResourceVariant, ids: ReadonlySet<number>) {
  return v.requirements.find((r) => r.per === 'unit' && (!ids.size || r.resources.some((x) => ids.has(x.id))));
}

/**
 * The group of `variant` of `product`: the variants sharing its per-unit resource (itself
 * alone when it shares none), and the shopper pools of those variants. Undefined when there is
 * nothing for the shopper to do: one type and no pool, or a variant the record does not list
 * (it draws on no shared resource).
 * @example resourceGroup(widget, '9012345678902', '49012345678903')
 * // { types: [Adult (1 seat), Child (1 seat)], pools: [Anna, Ben], shared: ['Boat seats'] }
 */
export function resourceGroup(widget: Widget | undefined, product: string, variant: string): ResourceGroup | undefined {
  const mine = widget?.resource_variants?.filter((v) => String(v.product_external_id) === product) ?? [];
  const anchor = mine.find((v) => String(v.external_id) === variant);
  if (!anchor) return undefined;
  const own = unitRequirement(anchor, new Set());
  const ids = new Set(own?.resources.map((x) => x.id));
  const members = own ? mine.filter((v) => unitRequirement(v, ids)) : [anchor];
  const pools = new Map<string, ShopperPool>();
  const types = members.map((v): TicketType => {
    const choice = v.requirements.find((r) => r.choice === 'shopper');
    const key = choice?.resources
      .map((x) => x.id)
      .sort((a, b) => a - b)
      .join(',');
    if (choice && key && !pools.has(key)) pools.set(key, { key, members: choice.resources });
    return {
      variant: String(v.external_id),
      title: v.title,
      seats: own ? unitRequirement(v, ids)!.uses : 1,
      pool: key || undefined,
    };
  });
  if (types.length < 2 && !pools.size) return undefined;
  return { types, pools: [...pools.values()], shared: types.length > 1 ? own!.resources : [] };
}
