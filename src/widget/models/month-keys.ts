/**
 * The keys the business model (booking-model.ts) files each month's data under, and whether a
 * month is in: one spelling for the model that loads and the views that wait.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';

/** The cache key of one month's data of one kind for one variant ("" = the product). */
export const monthKey = (kind: string, variant: string, month: PlainDate) => `${kind} ${variant} ${month}`;

/** What `monthLoaded` reads of the business model. */
interface LoadedMonths {
  loaded: ReadonlySignal<Record<string, true>>;
  availabilityOffered: ReadonlySignal<boolean>;
}

/**
 * True once `month`'s blackouts (and availability, where offered) for `variant` are in.
 * A plain function, not a model method: methods run untracked, and this must be tracked.
 */
export function monthLoaded(booking: LoadedMonths, variant: string, month: PlainDate): boolean {
  const l = booking.loaded.value;
  const availabilityIn = !variant || !booking.availabilityOffered.value || l[monthKey('a', variant, month)];
  return !!l[monthKey('b', variant, month)] && !!availabilityIn;
}
