/**
 * The keys the business model (booking-model.ts) files each month's data under, and whether a
 * month is in: one spelling for the model that loads and the views that wait; and which month
 * the view shows first.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import { type PlainDate, addMonths } from '../../shared/plain-date.ts';

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

/**
 * The first of `shown` months side by side that shows the focused month `focused`: the view
 * `view` as it was while the focus stays within it; else the focus's month first (moving back)
 * or last (moving on), so the view moves by as little as it must.
 */
export function firstShownMonth(view: PlainDate | undefined, focused: PlainDate, shown: number): PlainDate {
  if (!view || focused < view) return focused;
  const last = addMonths(view, shown - 1);
  return focused > last ? addMonths(focused, 1 - shown) : view;
}
