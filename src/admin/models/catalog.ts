/**
 * The shop's products (with variants), widgets and locations, loaded once and shared by the
 * screens that name them (blackout targets, widgets, install, a product's location); reloaded
 * after a change.
 * @module
 */
import { signal } from '@preact/signals';
import type { LocationRecord, Product, Widget } from '../../client/index.ts';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';

/** The shop's products, or undefined before the first load. */
export const products = signal<Product[] | undefined>(undefined);
/** The shop's widgets. */
export const widgets = signal<Widget[] | undefined>(undefined);
/** The shop's locations, by name. */
export const locations = signal<LocationRecord[] | undefined>(undefined);
/** Why the catalogue could not be loaded. */
export const catalogError = signal<string | null>(null);

/** Loads (again) the products, widgets and locations. */
export async function loadCatalog(): Promise<void> {
  try {
    const [p, w, l] = await Promise.all([client.products.list({ per: 250 }), client.widgets.list({ per: 250 }), client.locations.list()]);
    products.value = p;
    widgets.value = w;
    locations.value = l;
    catalogError.value = null;
  } catch (error) {
    catalogError.value = messageOf(error);
  }
}

// Ids are compared as numbers: a platform id may arrive as a string (a bigint column).
const same = (a: number | string, b: number | string) => Number(a) === Number(b);

/** "Kayak hire – Single kayak" for a variant's platform id; its id only when no product has it. */
export function variantName(externalId: number): string {
  for (const p of products.value ?? []) {
    const v = p.variants.find((x) => same(x.external_id, externalId));
    if (v) return `${p.title} – ${v.title}`;
  }
  return products.value ? `a variant no longer in your products (${externalId})` : '…';
}

/** A product's title for its platform id; its id only when it is no longer in the products. */
export function productName(externalId: number): string {
  const p = products.value?.find((x) => same(x.external_id, externalId));
  return p ? `${p.title} (every variant)` : products.value ? `a product no longer in your products (${externalId})` : '…';
}

const DEPENDENT_WORDS: Record<string, [string, string]> = {
  holds: ['live hold item', 'live hold items'],
  coming_bookings: ['coming booking', 'coming bookings'],
  past_bookings: ['past or cancelled booking', 'past or cancelled bookings'],
};

/**
 * Why deleting `name` was refused, in words: a 409 `in_use` counts what refers to it
 * (`details.dependents`); any other failure gives its own message.
 */
export function refusalOf(error: unknown, name: string): string {
  const dependents = isBookingApiError(error) && error.code === 'in_use' ? (error.details?.dependents as Record<string, number> | undefined) : undefined;
  if (!dependents) return messageOf(error);
  const parts = Object.entries(dependents)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} ${DEPENDENT_WORDS[key]?.[n === 1 ? 0 : 1] ?? key.replace(/_/g, ' ')}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'records');
  return `${name} cannot be deleted: it has ${list} (bookings are kept as your records). Set its capacity to 0 and take it off its widgets instead.`;
}

/** A location's name; its id only when it is no longer among the shop's locations. */
export function locationName(id: number): string {
  const l = locations.value?.find((x) => same(x.id, id));
  return l ? l.name : locations.value ? `a location no longer in your shop (${id})` : '…';
}
