/**
 * One booking from the order lines of one hold (orders.ts says how a line is judged and
 * booked): a line alone, or the lines of a hold of several ticket types (RESOURCES.md §4: one
 * `_reservation_id`, one start, variants drawing on shared resources), booked as ONE booking so
 * the group is judged as one and its shared resources (a guide per booking) are taken once.
 * Each line's payment is judged on its own, as before; a line that did not pay is a conflict
 * and the rest of its group is booked without it.
 * @module
 */
import type { Database } from '../db/types.ts';
import { answersInProperties } from '../../shared/questions.ts';
import { type BookingField, SHOPIFY_ORDER_FIELD } from '../../shared/records.ts';
import { variantQuestions } from '../questions/queries.ts';
import { createBooking } from '../bookings/bookings.ts';
import { bookingByKey } from '../bookings/queries.ts';
import { requestHash, type BookingInput } from '../bookings/input.ts';
import { ConflictError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { HeldLine, ShopifyOrder } from './payload.ts';
import { LINE_OVERPAID, lineBooking, type LineClaim } from './line-check.ts';
import { insertConflict, type ShopifyShop } from './queries.ts';

/** What every booking key of an order starts with (its cancellation finds them all by it). */
export const orderKeyPrefix = (orderId: string) => `shopify-order-${orderId}-line-`;

/** The key of the booking an order line (a group's first) makes. */
const keyOf = (orderId: string, lineId: string) => `${orderKeyPrefix(orderId)}${lineId}`;

/** The secret-token context of the shop's webhooks. */
export function authOf(shop: ShopifyShop): AuthContext {
  return { tokenId: 0, kind: 'secret', shopId: shop.shop_id, tz: shop.tz, locale: shop.locale, origins: [] };
}

/** A line that booked nothing, as the delivery's answer names it. */
export interface LineConflict {
  line_id: string;
  external_variant_id: number;
  reason: string;
}

function inputOf(
  order: ShopifyOrder,
  booked: { startAt: number; finishAt: number; cartToken: string | undefined },
  items: ReadonlyArray<{ variantId: number; units: number }>,
  answers: BookingField[],
): BookingInput {
  return {
    startAt: booked.startAt,
    finishAt: booked.finishAt,
    items: items.map((i) => ({ externalId: i.variantId, resourceId: null, quantity: i.units })),
    customers: order.customer ? [order.customer] : [],
    fields: [...(order.name ? [{ name: SHOPIFY_ORDER_FIELD, value: order.name }] : []), ...answers],
    tags: ['shopify'],
    createDraftOrder: false,
    cartToken: booked.cartToken,
  };
}

/**
 * Books `lines` (one, or one hold's ticket types) as one booking, or records why each line could
 * not be; resolves to the booking's id (undefined when none) and the lines' conflicts.
 */
export async function bookLines(
  db: Database,
  shop: ShopifyShop,
  order: ShopifyOrder,
  lines: readonly HeldLine[],
  sqlNow: number | null,
): Promise<{ booking: number | undefined; conflicts: LineConflict[] }> {
  const key = keyOf(order.id, lines[0]!.lineId);
  // Booked by an earlier delivery: that booking is the answer (its hold is gone by now). The one
  // read of the lines' booking: createBooking is told it found none, and reads it only if a
  // concurrent delivery books the lines meanwhile.
  const done = await bookingByKey(db, shop.shop_id, key, shop.tz);
  if (done) return { booking: done.booking.id, conflicts: [] };
  const record = (line: HeldLine, reason: string, claim: LineClaim, bookingId?: number) =>
    insertConflict(db, shop.shop_id, {
      orderId: order.id,
      orderName: order.name,
      lineId: line.lineId,
      variantId: line.variantId,
      startAt: claim.startAt,
      finishAt: claim.finishAt,
      quantity: claim.units,
      reason,
      lineQuantity: claim.paid,
      heldLineQuantity: claim.required,
      pricing: claim.pricing,
      bookingId,
    });
  const conflicts: LineConflict[] = [];
  const conflict = async (line: HeldLine, reason: string, claim: LineClaim) => {
    await record(line, reason, claim);
    conflicts.push({ line_id: line.lineId, external_variant_id: line.variantId, reason });
  };
  const paid: Array<{ line: HeldLine; booked: LineClaim & { cartToken: string | undefined } }> = [];
  for (const line of lines) {
    const booked = await lineBooking(db, shop, order.cartToken, line);
    if (booked.ok) paid.push({ line, booked });
    else await conflict(line, booked.reason, booked);
  }
  if (paid.length === 0) return { booking: undefined, conflicts };
  const first = paid[0]!;
  // The answers to the product's questions the line carries as visible properties (issue 27);
  // a line with none (every booking line of a product that asks nothing) costs no query.
  const answered = Object.keys(first.line.properties).some((name) => !name.startsWith('_'));
  const questions = answered ? await variantQuestions(db, shop.shop_id, first.line.variantId) : [];
  const input = inputOf(
    order,
    first.booked,
    paid.map(({ line, booked }) => ({ variantId: line.variantId, units: booked.units })),
    answersInProperties(questions, first.line.properties, first.booked.units),
  );
  try {
    // The key names the booking; the cart token only says which hold to release, so it is not hashed.
    const { booking } = await createBooking(
      db,
      authOf(shop),
      input,
      { key, requestHash: requestHash({ ...input, cartToken: undefined }), unbooked: true },
      sqlNow,
    );
    // Paid more than the hold needed: booked all the same; the merchant sees it beside the conflicts.
    for (const { line, booked } of paid)
      if (booked.paid > booked.required) await record(line, LINE_OVERPAID, booked, booking.id);
    return { booking: booking.id, conflicts };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Another delivery of this order booked the lines while this one waited for the lock:
    // their units are the ones this delivery found taken. Its booking is the answer.
    const earlier = await bookingByKey(db, shop.shop_id, key, shop.tz);
    if (earlier) return { booking: earlier.booking.id, conflicts };
    for (const [i, { line, booked }] of paid.entries()) {
      const item = error.items[i];
      const status = item?.status ?? 'unavailable';
      const why = item?.resource_shortage ? ` (${item.resource_shortage.message})` : '';
      await conflict(
        line,
        `${status}: ${item?.quantity_available ?? 0} of ${booked.units} left when the order was placed${why}`,
        booked,
      );
    }
    return { booking: undefined, conflicts };
  }
}
