/**
 * POST /v1/bookings as one transaction: lock the variants, release the cart's matching hold
 * (when `cart_token` is given), judge the items against capacity and blackouts on every
 * shop-local day the booking touches, and store it. A 409 rolls the release back.
 *
 * With an `Idempotency-Key`, the same key and body return the first booking again; the same
 * key with another body is a 422. Two concurrent requests with one key cannot both insert: the
 * unique (shop_id, idempotency_key) makes the second wait for the first and then find it.
 * @module
 */
import type { Database } from '../db/types.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import { ConflictError, InvalidError } from '../shared/errors.ts';
import type { Booking, BookingItem } from '../../shared/records.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { plainDateInZone, toIsoUtc } from '../../shared/zones.ts';
import { BOOKING_COLUMNS, type BookingRow, bookingByKey, bookingRecord } from './queries.ts';
import { judgeDemands } from '../availability/engine.ts';
import { loadBlackouts, loadUsage, loadVariantRules } from '../availability/queries.ts';
import { timedPeriod } from '../availability/period.ts';
import type { Demand } from '../availability/types.ts';
import { UsageIndex } from '../availability/usage.ts';
import type { BookingInput } from './input.ts';
import type { AuthContext } from '../tokens/types.ts';

/** The booking, and whether it is a replay of an earlier request with the same key. */
export interface BookingResult {
  booking: Booking;
  replayed: boolean;
}

/** An idempotency key names one request. */
export interface Idempotency {
  key: string;
  requestHash: string;
}

class KeyTaken extends Error {}

/** Books `input` at the clock's `now`, or throws `ConflictError` (409), or `InvalidError` (422) for a key reused with another body. */
export async function createBooking(db: Database, auth: AuthContext, input: BookingInput, idempotency: Idempotency | undefined, now: number): Promise<BookingResult> {
  if (idempotency) {
    const earlier = await replay(db, auth, idempotency);
    if (earlier) return earlier;
  }
  try {
    return { booking: await db.transaction((tx) => book(tx, auth, input, idempotency, now)), replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken) || !idempotency) throw error;
    // Another request with this key committed while this one ran: answer as it did.
    const earlier = await replay(db, auth, idempotency);
    if (!earlier) throw error;
    return earlier;
  }
}

async function replay(db: Database, auth: AuthContext, idempotency: Idempotency): Promise<BookingResult | undefined> {
  const found = await bookingByKey(db, auth.shopId, idempotency.key, auth.tz);
  if (!found) return undefined;
  if (found.requestHash !== idempotency.requestHash) {
    throw new InvalidError({ 'Idempotency-Key': ['was already used with a different request body; use a new key for a new booking'] });
  }
  return { booking: found.booking, replayed: true };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function book(tx: Tx, auth: AuthContext, input: BookingInput, idempotency: Idempotency | undefined, now: number): Promise<Booking> {
  const rules = await loadVariantRules(tx, auth.shopId, input.items.map((i) => i.externalId), { lock: true });
  const period = timedPeriod(input.startAt, input.finishAt, auth.tz);
  const demands: Demand[] = input.items.map((i) => ({ variant: rules.get(i.externalId), period, quantity: i.quantity }));
  const variantIds = [...rules.values()].map((v) => v.variantId);
  if (input.cartToken !== undefined && variantIds.length > 0) {
    // The cart's hold on these variants for these days becomes the booking: release it first,
    // so its units are not counted twice. A 409 below rolls this back.
    await tx.query(
      `DELETE FROM reservation_items ri USING reservations r
        WHERE r.id = ri.reservation_id AND r.shop_id = $1 AND r.cart_token = $2
          AND ri.variant_id = ANY($3::bigint[]) AND ri.start_day = $4::date AND ri.finish_day = $5::date`,
      [auth.shopId, input.cartToken, variantIds, period.startDay, period.finishDay],
    );
  }
  const usage = new UsageIndex(await loadUsage(tx, variantIds, period, now));
  const blackouts = await loadBlackouts(tx, auth.shopId, variantIds, period);
  const judgements = judgeDemands(demands, { today: plainDateInZone(now, auth.tz), usage, blackouts, storefrontRules: false });
  if (judgements.some((j) => j.status !== 'ok')) {
    const items: UnavailableItem[] = input.items.map((item, i) => ({
      external_id: item.externalId,
      start: toIsoUtc(period.startAt),
      finish: toIsoUtc(period.finishAt),
      quantity: item.quantity,
      quantity_available: judgements[i]!.quantityAvailable,
      status: judgements[i]!.status,
      status_code: ITEM_STATUS[judgements[i]!.status],
    }));
    const named = items.flatMap((item, i) => (item.status === 'ok' ? [] : [`items[${i}] (${item.status})`])).join(', ');
    throw new ConflictError(`Nothing was booked: ${named} cannot be booked for this period.`, items);
  }

  // A draft order still has to be paid: the booking waits for it (BookThatApp: authorised = pending).
  const status = input.createDraftOrder ? 'pending' : 'confirmed';
  const { rows } = await tx.query<BookingRow>(
    `INSERT INTO bookings AS b (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, fields, tags,
                                create_draft_order, idempotency_key, request_hash, created_at)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5::date, $6::date, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12, $13::timestamptz)
     ON CONFLICT (shop_id, idempotency_key) DO NOTHING
     RETURNING ${BOOKING_COLUMNS}`,
    [
      auth.shopId, status, toIsoUtc(input.startAt), toIsoUtc(input.finishAt), period.startDay, period.finishDay,
      JSON.stringify(input.customers), JSON.stringify(input.fields), JSON.stringify(input.tags), input.createDraftOrder,
      idempotency?.key ?? null, idempotency?.requestHash ?? null, toIsoUtc(now),
    ],
  );
  const row = rows[0];
  if (!row) throw new KeyTaken();
  await tx.query(
    `INSERT INTO booking_items (booking_id, variant_id, resource_id, quantity, position)
     SELECT $1, t.variant_id, t.resource_id, t.quantity, t.position
       FROM unnest($2::bigint[], $3::text[], $4::int[], $5::int[]) AS t (variant_id, resource_id, quantity, position)`,
    [
      row.id,
      demands.map((d) => d.variant!.variantId),
      input.items.map((i) => i.resourceId),
      input.items.map((i) => i.quantity),
      input.items.map((_, i) => i),
    ],
  );
  const items: BookingItem[] = input.items.map((item, i) => {
    const v = demands[i]!.variant!;
    return { external_id: v.externalId, variant_id: v.variantId, resource_id: item.resourceId, quantity: item.quantity, product_title: v.productTitle, variant_title: v.title };
  });
  return bookingRecord(row, items, auth.tz);
}
