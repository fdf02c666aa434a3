/**
 * What the shared resources' file (`resources/`) tells the hold's model, in a module of its own so
 * neither imports the other: the hold's file loads that file, which answers through this.
 * @module
 */
import type { UnavailableItem } from '../../shared/errors.ts';
import type { Reservation } from '../../shared/records.ts';
import type { HoldRequest } from '../models/booking-types.ts';

/**
 * What the shared resources' file (`resources/`) tells the hold, once loaded: the pick a held
 * item was made with (Keep holding and Hold again post it again, so the shop keeps the same
 * guide), and why a shared resource refused an item, in the shopper's words.
 */
export interface HoldPicks {
  /** The pool member `variant` was held with in `r`, if the shopper picked one. */
  pickOf(r: Reservation, variant: string): number | undefined;
  /** The service confirmed `items` as `r`. */
  remember(r: Reservation, items: HoldRequest[]): void;
  /** Who the shopper picked for `r`, in words ("Preference: Anna"), when this page's post of it was confirmed. */
  note(r: Reservation): string | undefined;
  /**
   * A 409 item's `resource_shortage` as a sentence naming `period` (`items`: the 409's items, in
   * the order posted), and whether fewer units could be held; undefined without a shortage.
   */
  shortage(
    item: UnavailableItem,
    period: string,
    items: UnavailableItem[],
  ): { said: string; fewer: boolean } | undefined;
}
