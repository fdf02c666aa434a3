/**
 * Orders become bookings (issue 17): each held line of an order is booked as POST /v1/bookings
 * with the order's `cart_token` books it (bookings/bookings.ts): in one transaction the cart's
 * hold on that variant and those days is released and the booking judged against capacity
 * under the variant's lock, so the last unit is never counted twice and never oversold. The
 * booking's idempotency key names the order and the line, so a retried or concurrent delivery
 * of the same order (Shopify retries for days) finds the same booking instead of making
 * another. A line whose hold lapsed is booked all the same when its units are still free;
 * when they were taken meanwhile it is recorded as a conflict, naming the order, and not booked.
 * Cancelling the order cancels its bookings (their units are free at once); a cart update that
 * no longer holds a line releases that hold.
 * @module
 */
import type { Database } from '../db/types.ts';
import { createBooking } from '../bookings/bookings.ts';
import { cancelBooking } from '../bookings/manage.ts';
import { bookingByKey } from '../bookings/queries.ts';
import { requestHash, type BookingInput } from '../bookings/input.ts';
import { ConflictError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { ShopifyOrder, HeldLine } from './payload.ts';
import { deleteItems, insertConflict, orderBookingIds, settledCartItems, type ShopifyShop } from './queries.ts';

/** The key of the booking an order line makes. */
const keyOf = (orderId: string, lineId: string) => `shopify-order-${orderId}-line-${lineId}`;

/** How long a fresh hold is safe from a cart update that does not list it yet (the widget holds, then adds the line). */
export const CART_GRACE_MS = 60_000;

function authOf(shop: ShopifyShop): AuthContext {
  return { tokenId: 0, kind: 'secret', shopId: shop.shop_id, tz: shop.tz, locale: shop.locale, origins: [] };
}

/** What an order's delivery did. */
export interface OrderResult {
  order_id: string;
  bookings: number[];
  conflicts: { line_id: string; external_variant_id: number; reason: string }[];
}

function inputOf(order: ShopifyOrder, line: HeldLine): BookingInput {
  return {
    startAt: line.startAt,
    finishAt: line.finishAt,
    items: [{ externalId: line.variantId, resourceId: null, quantity: line.units }],
    customers: order.customer ? [order.customer] : [],
    fields: order.name ? [{ name: 'Shopify order', value: order.name }] : [],
    tags: ['shopify'],
    createDraftOrder: false,
    cartToken: order.cartToken ?? undefined,
  };
}

/** Books every held line of `order`; lines that do not fit become conflicts. */
export async function bookOrder(db: Database, shop: ShopifyShop, order: ShopifyOrder, sqlNow: number | null): Promise<OrderResult> {
  const result: OrderResult = { order_id: order.id, bookings: [], conflicts: [] };
  for (const line of order.lines) {
    const input = inputOf(order, line);
    const key = keyOf(order.id, line.lineId);
    try {
      const { booking } = await createBooking(db, authOf(shop), input, { key, requestHash: requestHash(input) }, sqlNow);
      result.bookings.push(booking.id);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Another delivery of this order booked the line while this one waited for the lock:
      // its units are the ones this delivery found taken. Its booking is the answer.
      const earlier = await bookingByKey(db, shop.shop_id, key, shop.tz);
      if (earlier) {
        result.bookings.push(earlier.booking.id);
        continue;
      }
      const status = error.items[0]?.status ?? 'unavailable';
      const reason = `${status}: ${error.items[0]?.quantity_available ?? 0} of ${line.units} left when the order was placed`;
      await insertConflict(db, shop.shop_id, { orderId: order.id, orderName: order.name, lineId: line.lineId, variantId: line.variantId, startAt: line.startAt, finishAt: line.finishAt, quantity: line.units, reason });
      result.conflicts.push({ line_id: line.lineId, external_variant_id: line.variantId, reason });
    }
  }
  return result;
}

/** Cancels the order's bookings; resolves to their ids. */
export async function cancelOrder(db: Database, shop: ShopifyShop, orderId: string): Promise<{ order_id: string; cancelled: number[] }> {
  const ids = await orderBookingIds(db, shop.shop_id, `shopify-order-${orderId}-line-`);
  for (const id of ids) await cancelBooking(db, authOf(shop), id);
  return { order_id: orderId, cancelled: ids };
}

/** Releases the cart's held items that its lines no longer carry; resolves to how many. */
export async function updateCart(db: Database, shop: ShopifyShop, cart: { token: string; lines: HeldLine[] }, sqlNow: number | null): Promise<{ released: number }> {
  const items = await settledCartItems(db, shop.shop_id, cart.token, CART_GRACE_MS, sqlNow);
  const kept = (item: { external_id: number; start_at: Date | string }) =>
    cart.lines.some((l) => l.variantId === item.external_id && l.startAt === new Date(item.start_at).getTime());
  const gone = items.filter((item) => !kept(item)).map((item) => item.item_id);
  await deleteItems(db, gone);
  return { released: gone.length };
}
