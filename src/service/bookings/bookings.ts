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
import { databaseNow } from '../db/now.ts';
import type { Database } from '../db/types.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import { ConflictError, InvalidError } from '../shared/errors.ts';
import type { Booking, BookingItem } from '../../shared/records.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import {
  bookingByKey,
  bookingRecord,
  heldAnswers,
  insertBooking,
  insertBookingItems,
  releaseCartHold,
} from './queries.ts';
import { loadVariantRules } from '../availability/queries.ts';
import { timedPeriod } from '../availability/period.ts';
import { linkCustomers, upsertCustomers } from './customer-queries.ts';
import type { BookingInput } from './input.ts';
import { judgeBookingItems } from './judge.ts';
import { assignBookingResources } from './resources.ts';
import { type Assignments, heldAssignments } from './resource-queries.ts';
import { misfitMessage } from './misfit-message.ts';
import { checkSlotPeriods } from './slot-judgements.ts';
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
  /**
   * The caller has just looked the key up and found no booking (an order line does, before it
   * reads its hold): the booking is not read again before the transaction. A booking made with
   * the key meanwhile is still found, by the insert that collides with it.
   */
  unbooked?: boolean;
}

class KeyTaken extends Error {}

/**
 * Books `input` at the database's "now" (read after the variants' locks; `sqlNow` is a test
 * clock's override, null in production), or throws `ConflictError` (409), or `InvalidError` (422) for a key reused with another body.
 */
export async function createBooking(
  db: Database,
  auth: AuthContext,
  input: BookingInput,
  idempotency: Idempotency | undefined,
  sqlNow: number | null,
): Promise<BookingResult> {
  if (idempotency && !idempotency.unbooked) {
    const earlier = await replay(db, auth, idempotency);
    if (earlier) return earlier;
  }
  try {
    return { booking: await db.transaction((tx) => book(tx, auth, input, idempotency, sqlNow)), replayed: false };
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
    throw new InvalidError({
      'Idempotency-Key': ['was already used with a different request body; use a new key for a new booking'],
    });
  }
  return { booking: found.booking, replayed: true };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function book(
  tx: Tx,
  auth: AuthContext,
  input: BookingInput,
  idempotency: Idempotency | undefined,
  sqlNow: number | null,
): Promise<Booking> {
  const period = timedPeriod(input.startAt, input.finishAt, auth.tz);
  const rules = await loadVariantRules(
    tx,
    auth.shopId,
    input.items.map((i) => i.externalId),
    { lock: true, span: period },
  );
  // After the locks: holds that expired while this waited no longer count (as in a hold).
  const now = await databaseNow(tx, sqlNow);
  checkSlotPeriods(rules, input, auth.tz);
  const variantIds = [...rules.values()].map((v) => v.variantId);
  let fields = input.fields;
  let keep: Assignments = new Map();
  if (input.cartToken !== undefined && variantIds.length > 0) {
    // The resources the hold was assigned stay the booking's.
    keep = await heldAssignments(tx, auth.shopId, input.cartToken, variantIds);
    // The hold's answers to its questions come with it (a field the body names already stands).
    const answers = await heldAnswers(tx, auth.shopId, input.cartToken, variantIds);
    fields = [...fields, ...answers.filter((a) => !fields.some((f) => f.name === a.name))];
    // The cart's hold on these variants for these days becomes the booking: release it first,
    // so its units are not counted twice. A 409 below rolls this back.
    await releaseCartHold(tx, auth.shopId, input.cartToken, variantIds, period);
  }
  const { demands, judgements } = await judgeBookingItems(tx, auth, rules, input.items, period, now);
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
    const misfits = input.items.flatMap((item, i) => {
      const j = judgements[i]!;
      return j.status === 'ok'
        ? []
        : [{ ...j, externalId: item.externalId, variant: demands[i]!.variant, quantity: item.quantity }];
    });
    throw new ConflictError(misfitMessage(misfits, period, auth.tz, 'Nothing was booked.'), items);
  }

  // A draft order still has to be paid: the booking waits for it (BookThatApp: authorised = pending).
  const status = input.createDraftOrder ? 'pending' : 'confirmed';
  const row = await insertBooking(tx, {
    shopId: auth.shopId,
    status,
    startAt: input.startAt,
    finishAt: input.finishAt,
    period,
    customers: input.customers,
    fields,
    tags: input.tags,
    createDraftOrder: input.createDraftOrder,
    idempotencyKey: idempotency?.key ?? null,
    requestHash: idempotency?.requestHash ?? null,
    now,
  });
  if (!row) throw new KeyTaken();
  const itemIds = await insertBookingItems(
    tx,
    row.id,
    input.items.map((item, i) => ({
      variantId: demands[i]!.variant!.variantId,
      resourceId: item.resourceId,
      quantity: item.quantity,
    })),
  );
  const assigned = await assignBookingResources(
    tx,
    { id: row.id, tz: auth.tz, now },
    demands,
    itemIds,
    input.items.map((i) => i.resourceId),
    keep,
  );
  const customerIds = await upsertCustomers(tx, auth.shopId, input.customers, now);
  await linkCustomers(tx, row.id, customerIds);
  const items: BookingItem[] = input.items.map((item, i) => {
    const v = demands[i]!.variant!;
    return {
      external_id: v.externalId,
      variant_id: v.variantId,
      resource_id: assigned[i] === undefined ? item.resourceId : String(assigned[i]),
      quantity: item.quantity,
      product_title: v.productTitle,
      variant_title: v.title,
    };
  });
  return bookingRecord({ ...row, customer_id: customerIds[0] ?? null }, items, auth.tz);
}
