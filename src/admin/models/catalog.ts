/**
 * The shop's products (with variants), widgets and locations, loaded once and shared by the
 * screens that name them (blackout targets, widgets, install, a product's location); reloaded
 * after a change. Every page of products and widgets is read (the client's iterators), so a
 * shop's 251st product is there like its first.
 * @module
 */
import { computed } from '@preact/signals';
import type { LocationRecord, Product, Widget } from '../../client/index.ts';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { createResource } from './resource.ts';

/** Every item of a paged list, in order. */
async function every<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** What the catalogue holds once loaded. */
export interface Catalog {
  products: Product[];
  widgets: Widget[];
  locations: LocationRecord[];
}

/** The catalogue as a resource: its `loading` and `error` go in the status line of the screens that show it. */
export const catalog = createResource(async (_: void, signal: AbortSignal): Promise<Catalog> => {
  const [products, widgets, locations] = await Promise.all([
    every(client.products.iterate({}, { signal })),
    every(client.widgets.iterate({}, { signal })),
    client.locations.list({ signal }),
  ]);
  return { products, widgets, locations };
});

/** The shop's products, or undefined before the first load. */
export const products = computed(() => catalog.data.value?.products);
/** The shop's widgets. */
export const widgets = computed(() => catalog.data.value?.widgets);
/** The shop's locations, by name. */
export const locations = computed(() => catalog.data.value?.locations);

/** Loads (again) the products, widgets and locations; resolves when they are in (or failed). */
export function loadCatalog(): Promise<void> {
  return catalog.load();
}

/** Loads the catalogue unless it is loaded or on its way: for screens that only name things in it. */
export function ensureCatalog(): Promise<void> {
  return catalog.ensure();
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
  return p
    ? `${p.title} (every variant)`
    : products.value
      ? `a product no longer in your products (${externalId})`
      : '…';
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
  const dependents =
    isBookingApiError(error) && error.code === 'in_use'
      ? (error.details?.dependents as Record<string, number> | undefined)
      : undefined;
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
