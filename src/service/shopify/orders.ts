/**
 * Orders become bookings (issue 17): each held line of an order is booked as POST /v1/bookings
 * with the order's `cart_token` books it (bookings/bookings.ts): in one transaction the cart's
 * hold on that variant and those days is released and the booking judged against capacity
 * under the variant's lock, so the last unit is never counted twice and never oversold. The
 * booking's idempotency key names the order and the line, so a retried or concurrent delivery
 * of the same order (Shopify retries for days) finds the same booking instead of making
 * another. A line books what the hold its `_reservation_id` names recorded, and only when the
 * line paid for it (line-check.ts: the properties are the storefront's, anyone's to forge). A
 * line whose hold lapsed is booked all the same when its units are still free; when they were
 * taken meanwhile it is recorded as a conflict, naming the order, and not booked. Cancelling
 * the order cancels its bookings (their units are free at once) and is remembered, since
 * Shopify may deliver it before the order; a cart update that no longer holds a line releases
 * that hold.
 *
 * An order's email is judged by the service's one rule for an address (shared/email-address.ts)
 * but never stops the booking: the customer has paid. The booking keeps it as given, so the
 * merchant sees it; the messages the database writes to it are held by the sender, never sent,
 * and the answer names the problem (`email_problem`).
 * @module
 */
import type { Database } from '../db/types.ts';
import { cancelBooking } from '../bookings/manage.ts';
import { emailAddressProblem } from '../shared/email-address.ts';
import type { CartLine, ShopifyOrder } from './payload.ts';
import { lineGroups } from './line-groups.ts';
import { authOf, bookLines, type LineConflict, orderKeyPrefix } from './order-lines.ts';
import { isCancelled, markCancelled } from './order-queries.ts';
import { deleteItems, orderBookingIds, settledCartItems, type ShopifyShop } from './queries.ts';

/** How long a fresh hold is safe from a cart update that does not list it yet (the widget holds, then adds the line). */
export const CART_GRACE_MS = 60_000;

/** What an order's delivery did. */
export interface OrderResult {
  order_id: string;
  bookings: number[];
  conflicts: LineConflict[];
  /** Present when the order was cancelled before (or while) it was booked: nothing stays booked. */
  cancelled?: true;
  /** Present when the order's email is not one address: booked all the same, its messages held. */
  email_problem?: string;
}

/**
 * Books every held line of `order` (the lines of one hold of ticket types as one booking,
 * `order-lines.ts`); lines that do not fit or did not pay for what they claim become conflicts. An order already cancelled books nothing: Shopify may deliver its
 * `orders/cancelled` first. A cancellation arriving while this runs is caught by looking again
 * once the lines are booked (its bookings are then cancelled here, or by it).
 */
export async function bookOrder(
  db: Database,
  shop: ShopifyShop,
  order: ShopifyOrder,
  sqlNow: number | null,
): Promise<OrderResult> {
  const emailProblem = order.email === null ? undefined : emailAddressProblem(order.email);
  const result: OrderResult = {
    order_id: order.id,
    bookings: [],
    conflicts: [],
    ...(emailProblem && { email_problem: emailProblem }),
  };
  if (await isCancelled(db, shop.shop_id, order.id)) return { ...result, cancelled: true };
  for (const lines of await lineGroups(db, shop.shop_id, order.lines)) {
    const outcome = await bookLines(db, shop, order, lines, sqlNow);
    if (outcome.booking !== undefined) result.bookings.push(outcome.booking);
    result.conflicts.push(...outcome.conflicts);
  }
  if (result.bookings.length > 0 && (await isCancelled(db, shop.shop_id, order.id))) {
    await cancelBookings(db, shop, order.id);
    return { ...result, bookings: [], cancelled: true };
  }
  return result;
}

async function cancelBookings(db: Database, shop: ShopifyShop, orderId: string): Promise<number[]> {
  const ids = await orderBookingIds(db, shop.shop_id, orderKeyPrefix(orderId));
  for (const id of ids) await cancelBooking(db, authOf(shop), id);
  return ids;
}

/**
 * Cancels the order's bookings; resolves to their ids. The cancellation is recorded first, so
 * an `orders/create` delivered after it (or during it) books nothing that stays.
 */
export async function cancelOrder(
  db: Database,
  shop: ShopifyShop,
  orderId: string,
  sqlNow: number | null,
): Promise<{ order_id: string; cancelled: number[] }> {
  await markCancelled(db, shop.shop_id, orderId, sqlNow);
  return { order_id: orderId, cancelled: await cancelBookings(db, shop, orderId) };
}

/**
 * Releases the cart's held items that it provably no longer carries; resolves to how many. An
 * item is dropped when no line of its variant is left, or when every line of its variant names
 * another held item by its `_start`. A line whose properties are missing or unreadable (`null`)
 * could be the item's own line, so it keeps every hold of its variant; a payload without
 * `line_items` releases nothing. A hold is released wrongly only at a cost to the shopper (their
 * units go to someone else), a hold kept wrongly only until it expires.
 */
export async function updateCart(
  db: Database,
  shop: ShopifyShop,
  cart: { token: string; lines: CartLine[] | null },
  sqlNow: number | null,
): Promise<{ released: number }> {
  const lines = cart.lines;
  if (lines === null) return { released: 0 };
  const items = await settledCartItems(db, shop.shop_id, cart.token, CART_GRACE_MS, sqlNow);
  const kept = (item: { external_id: number; start_at: Date | string }) =>
    lines.some(
      (l) =>
        l.variantId === item.external_id && (l.startAt === null || l.startAt === new Date(item.start_at).getTime()),
    );
  const gone = items.filter((item) => !kept(item)).map((item) => item.item_id);
  await deleteItems(db, gone);
  return { released: gone.length };
}
