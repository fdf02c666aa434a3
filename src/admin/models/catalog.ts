/**
 * The shop's products (with variants) and widgets, loaded once and shared by the screens that
 * name them (blackout targets, widgets, install); reloaded after a change.
 * @module
 */
import { signal } from '@preact/signals';
import type { Product, Widget } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';

/** The shop's products, or undefined before the first load. */
export const products = signal<Product[] | undefined>(undefined);
/** The shop's widgets. */
export const widgets = signal<Widget[] | undefined>(undefined);
/** Why the catalogue could not be loaded. */
export const catalogError = signal<string | null>(null);

/** Loads (again) the products and widgets. */
export async function loadCatalog(): Promise<void> {
  try {
    const [p, w] = await Promise.all([client.products.list({ per: 250 }), client.widgets.list({ per: 250 })]);
    products.value = p;
    widgets.value = w;
    catalogError.value = null;
  } catch (error) {
    catalogError.value = messageOf(error);
  }
}

/** "Kayak hire – Single kayak" for a variant's external id. */
export function variantName(externalId: number): string {
  for (const p of products.value ?? []) {
    const v = p.variants.find((x) => x.external_id === externalId);
    if (v) return `${p.title} – ${v.title}`;
  }
  return String(externalId);
}
