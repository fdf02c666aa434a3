/**
 * Reservation item statuses (API.md §2): the text and the number travel together.
 * @module
 */

/** Every item status, by name, with its numeric code. */
export const ITEM_STATUS = {
  ok: 1,
  sold_out: 2,
  blacked_out: 3,
  outside_window: 4,
  invalid_duration: 5,
  unknown_variant: 6,
  expired: 7,
} as const;

/** An item status name. */
export type ItemStatus = keyof typeof ITEM_STATUS;
/** An item status code. */
export type ItemStatusCode = (typeof ITEM_STATUS)[ItemStatus];

/** The status and its code, as both appear on an item. */
export function itemStatus(status: ItemStatus): { status: ItemStatus; status_code: ItemStatusCode } {
  return { status, status_code: ITEM_STATUS[status] };
}
