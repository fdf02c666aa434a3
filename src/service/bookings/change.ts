/**
 * PATCH /v1/bookings/{id} (issue 30, point 3): move a booking to other days or another time of
 * day, change its units or items, its customers, answers or tags, in one transaction:
 *
 * 1. the booking's row is locked (two changes of one booking queue), a cancelled one refused;
 * 2. when the period or the items change, the variants of the old and the new items are locked
 *    in id order, as POST /v1/bookings and holds lock them (`loadVariantRules`, `hold_items`);
 * 3. the booking's own items are taken out, so only everyone else's units count, and the new
 *    items are judged as a new booking by the merchant is (`judge.ts`: capacity, blackouts,
 *    a slot variant's slots; not the storefront's window or range length);
 * 4. anything that does not fit is a 409 in words (`misfit-message.ts`) and the transaction
 *    rolls back: nothing changed. Else the items, the row and the customers are written.
 *
 * An item that adds nothing (the same period, no more units of its variant than before) is
 * never refused: fewer units always fit, even on a day a blackout added since closed or a
 * capacity lowered since filled. A change that changes nothing answers the booking as it is,
 * so a retry of the same body answers the same.
 * @module
 */
import { databaseNow } from '../db/now.ts';
import type { Database } from '../db/types.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import type { Booking, BookingField, BookingItem, Customer } from '../../shared/records.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { localDateTime, toIsoUtc } from '../../shared/zones.ts';
import { loadVariantRules } from '../availability/queries.ts';
import { timedPeriod } from '../availability/period.ts';
import type { Period, VariantRules } from '../availability/types.ts';
import { BookingCancelledError, ConflictError, InvalidError, NotFoundError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { deleteBookingItems, updateBooking } from './change-queries.ts';
import { linkCustomers, upsertCustomers } from './customer-queries.ts';
import { type BookingChange, type BookingItemInput, stableJson } from './input.ts';
import { judgeBookingItems } from './judge.ts';
import { assignBookingResources } from './resources.ts';
import { bookingAssignments } from './resource-queries.ts';
import { bookingRecords, findBookingRow, itemsOf } from './list-queries.ts';
import { misfitMessage } from './misfit-message.ts';
import { insertBookingItems } from './queries.ts';
import { checkSlotPeriods } from './slot-judgements.ts';

/** The longest booking, in milliseconds (366 days, as at creation). */
const MAX_BOOKING_MS = 366 * 86_400_000;

type Shop = Pick<AuthContext, 'shopId' | 'tz'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The booking as it will be. */
interface NextBooking {
  startAt: number;
  finishAt: number;
  items: BookingItemInput[];
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
}

/**
 * Changes the shop's booking `id` as `change` says, at the database's "now" (`sqlNow`: a test
 * clock's override); its record after. Throws `NotFoundError` (404), `BookingCancelledError`
 * (409), `InvalidError` (422) or `ConflictError` (409, nothing changed).
 */
export async function changeBooking(
  db: Database,
  auth: Shop,
  id: number,
  change: BookingChange,
  sqlNow: number | null,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const row = await findBookingRow(tx, auth.shopId, id, true);
    if (!row) throw new NotFoundError('booking', id);
    if (row.status === 'cancelled') throw new BookingCancelledError(id);
    const current = (await itemsOf(tx, [id])).get(id) ?? [];
    const next: NextBooking = {
      startAt: change.startAt ?? new Date(row.starts_at).getTime(),
      finishAt: change.finishAt ?? new Date(row.finishes_at).getTime(),
      items:
        change.items ??
        current.map((i) => ({ externalId: i.external_id, resourceId: i.resource_id, quantity: i.quantity })),
      customers: change.customers ?? row.customers,
      fields: change.fields ?? row.fields,
      tags: change.tags ?? row.tags,
    };
    checkTimes(next, change, auth.tz);
    const moved =
      next.startAt !== new Date(row.starts_at).getTime() || next.finishAt !== new Date(row.finishes_at).getTime();
    const restocked = moved || !sameItems(next.items, current);
    const repeopled =
      !same(next.customers, row.customers) || !same(next.fields, row.fields) || !same(next.tags, row.tags);
    if (!restocked && !repeopled) return (await bookingRecords(tx, [row], auth.tz))[0]!;
    const now = await databaseNow(tx, sqlNow);
    const period = timedPeriod(next.startAt, next.finishAt, auth.tz);
    if (restocked) await restock(tx, auth, id, current, next, period, moved, now);
    await updateBooking(tx, auth.shopId, id, { ...next, period });
    if (!same(next.customers, row.customers))
      await linkCustomers(tx, id, await upsertCustomers(tx, auth.shopId, next.customers, now));
    const after = await findBookingRow(tx, auth.shopId, id);
    return (await bookingRecords(tx, [after!], auth.tz))[0]!;
  });
}

/** The 422 of a period that ends before it starts or lasts too long, naming the field the change gave. */
function checkTimes(next: NextBooking, change: BookingChange, tz: string): void {
  const field = change.finishAt === undefined && change.startAt !== undefined ? 'starts_at' : 'finishes_at';
  if (next.finishAt <= next.startAt) {
    const message =
      field === 'starts_at'
        ? `must be before the booking's finish, ${localDateTime(next.finishAt, tz).replace('T', ' ')}`
        : `must be after the booking's start, ${localDateTime(next.startAt, tz).replace('T', ' ')}`;
    throw new InvalidError({ [field]: [message] });
  }
  if (next.finishAt - next.startAt > MAX_BOOKING_MS)
    throw new InvalidError({ [field]: ['must leave the booking at most 366 days long'] });
}

/**
 * Replaces the booking's items by `next.items` for `period`, judged under the variants' locks
 * against everyone's units but the booking's own; a 409 when any does not fit.
 */
async function restock(
  tx: Tx,
  auth: Shop,
  id: number,
  current: readonly BookingItem[],
  next: NextBooking,
  period: Period,
  moved: boolean,
  now: number,
): Promise<void> {
  const externals = [...current.map((i) => i.external_id), ...next.items.map((i) => i.externalId)];
  const rules = await loadVariantRules(tx, auth.shopId, externals, { lock: true, span: period });
  checkSlotPeriods(rules, next, auth.tz);
  // A change keeps the booking's resources wherever they have the units; else it is assigned afresh.
  const keep = await bookingAssignments(tx, id);
  // From here on the booking's own units count no more: it is judged as if it were new.
  await deleteBookingItems(tx, id);
  const { demands, judgements } = await judgeBookingItems(tx, auth, rules, next.items, period, now);
  const adds = growing(rules, current, next.items, moved);
  const misfits = next.items.flatMap((item, i) => {
    const j = judgements[i]!;
    return j.status === 'ok' || !adds[i]
      ? []
      : [{ ...j, externalId: item.externalId, variant: demands[i]!.variant, quantity: item.quantity }];
  });
  if (misfits.length > 0) {
    const items: UnavailableItem[] = next.items.map((item, i) => {
      const status = adds[i] ? judgements[i]!.status : 'ok';
      return {
        external_id: item.externalId,
        start: toIsoUtc(period.startAt),
        finish: toIsoUtc(period.finishAt),
        quantity: item.quantity,
        quantity_available: judgements[i]!.quantityAvailable,
        status,
        status_code: ITEM_STATUS[status],
      };
    });
    throw new ConflictError(misfitMessage(misfits, period, auth.tz), items);
  }
  const itemIds = await insertBookingItems(
    tx,
    id,
    next.items.map((item, i) => ({
      variantId: demands[i]!.variant!.variantId,
      resourceId: item.resourceId,
      quantity: item.quantity,
    })),
  );
  await assignBookingResources(
    tx,
    { id, tz: auth.tz, now },
    demands,
    itemIds,
    next.items.map((i) => i.resourceId),
    keep,
  );
}

/**
 * Whether each new item adds units: always when the booking moves; else when its variant has
 * more units than before (an item of a variant with as many or fewer takes nothing new).
 */
function growing(
  rules: ReadonlyMap<number, VariantRules>,
  current: readonly BookingItem[],
  items: readonly BookingItemInput[],
  moved: boolean,
): boolean[] {
  if (moved) return items.map(() => true);
  const total = (list: readonly { externalId: number; quantity: number }[], externalId: number) =>
    list.filter((i) => i.externalId === externalId).reduce((sum, i) => sum + i.quantity, 0);
  const before = current.map((i) => ({ externalId: i.external_id, quantity: i.quantity }));
  return items.map((i) => !rules.has(i.externalId) || total(items, i.externalId) > total(before, i.externalId));
}

/** Whether the items are the same, in the same order. */
function sameItems(next: readonly BookingItemInput[], current: readonly BookingItem[]): boolean {
  return (
    next.length === current.length &&
    next.every(
      (item, i) =>
        item.externalId === current[i]!.external_id &&
        item.quantity === current[i]!.quantity &&
        item.resourceId === current[i]!.resource_id,
    )
  );
}

/** Whether two JSON values are equal, whatever their keys' order (jsonb sorts them). */
function same(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}
