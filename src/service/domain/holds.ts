/**
 * POST /v1/reservations as one transaction (API.md §3): lock the posted variants, judge every
 * item, and only if all fit, upsert the cart's reservation, replace its items for those
 * variants and renew `expires_at`. All or nothing: a 409 leaves the database as it was.
 * @module
 */
import type { Database } from '../db/types.ts';
import type { AuthContext } from './tokens.ts';
import { HttpError } from '../http/http-error.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import type { Reservation } from '../../shared/records.ts';
import { ITEM_STATUS, itemStatus } from '../../shared/status.ts';
import { plainDateInZone, toIsoUtc } from '../../shared/zones.ts';
import { type Demand, type Judgement, judgeDemands } from './availability.ts';
import { loadBlackouts, loadUsage, loadVariantRules } from './availability-load.ts';
import { dayPeriod, spanOf } from './availability-period.ts';
import { UsageIndex } from './availability-usage.ts';
import type { HoldInput } from './hold-input.ts';
import { RESERVATION_COLUMNS, type ReservationRow, reservationRecords } from '../records/reservation.ts';

/** The reservation after the post, and whether the post created it (201) or updated it (200). */
export interface HoldResult {
  reservation: Reservation;
  created: boolean;
}

/** Holds `input`'s items for its cart at the clock's `now`, or throws 409 `unavailable`. */
export function holdItems(db: Database, auth: AuthContext, input: HoldInput, now: number): Promise<HoldResult> {
  return db.transaction(async (tx) => {
    const rules = await loadVariantRules(tx, auth.shopId, input.items.map((i) => i.externalId), { lock: true });
    const demands: Demand[] = input.items.map((i) => ({
      variant: rules.get(i.externalId),
      period: dayPeriod(i.start, i.finish, auth.tz),
      quantity: i.quantity,
    }));
    // Read (and lock) the cart only after the variants: every write takes its locks in that order.
    const { rows: existing } = await tx.query<{ id: number; expires_at: Date | string; variant_ids: number[] }>(
      `SELECT r.id, r.expires_at, ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri WHERE ri.reservation_id = r.id) AS variant_ids
         FROM reservations r WHERE r.shop_id = $1 AND r.cart_token = $2 FOR UPDATE`,
      [auth.shopId, input.cartToken],
    );
    const own = existing[0];
    const variantIds = [...rules.values()].map((v) => v.variantId);
    const span = spanOf(demands.map((d) => d.period))!;
    const usageRows = await loadUsage(tx, variantIds, span, now);
    const blackouts = await loadBlackouts(tx, auth.shopId, variantIds, span);
    const judgements = judgeDemands(demands, {
      today: plainDateInZone(now, auth.tz),
      usage: new UsageIndex(usageRows),
      blackouts,
      except: own?.id,
      storefrontRules: true,
    });
    if (judgements.some((j) => j.status !== 'ok')) throw unavailable(demands, judgements, input);

    const holdMinutes = Math.min(...[...rules.values()].map((v) => v.settings.hold_minutes));
    const expiresAt = toIsoUtc(now + holdMinutes * 60_000);
    const { rows: upserted } = await tx.query<ReservationRow & { created: boolean }>(
      `INSERT INTO reservations AS r (shop_id, cart_token, guests, created_at, updated_at, expires_at)
       VALUES ($1, $2, $3::jsonb, $4::timestamptz, $4::timestamptz, $5::timestamptz)
       ON CONFLICT (shop_id, cart_token) DO UPDATE
          SET updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at,
              guests = CASE WHEN $6::boolean THEN EXCLUDED.guests ELSE r.guests END
       RETURNING ${RESERVATION_COLUMNS}, (r.xmax = 0) AS created`,
      [auth.shopId, input.cartToken, JSON.stringify(input.guests ?? []), toIsoUtc(now), expiresAt, input.guests !== undefined],
    );
    const reservation = upserted[0]!;
    // A lapsed hold is gone: renewing it must not revive items that were never judged again.
    const lapsed = own !== undefined && new Date(own.expires_at).getTime() <= now;
    if (own) {
      await tx.query(
        `DELETE FROM reservation_items WHERE reservation_id = $1 AND ($2::boolean OR variant_id = ANY($3::bigint[]))`,
        [reservation.id, lapsed, variantIds],
      );
    }
    const kept = demands.map((d, position) => ({ d, position })).filter(({ d }) => d.quantity > 0);
    if (kept.length > 0) {
      await tx.query(
        `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day, position)
         SELECT $1, t.variant_id, t.start_at, t.finish_at, t.start_day, t.finish_day, t.quantity, 1, t.position
           FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::date[], $6::date[], $7::int[], $8::int[])
             AS t (variant_id, start_at, finish_at, start_day, finish_day, quantity, position)`,
        [
          reservation.id,
          kept.map(({ d }) => d.variant!.variantId),
          kept.map(({ d }) => toIsoUtc(d.period.startAt)),
          kept.map(({ d }) => toIsoUtc(d.period.finishAt)),
          kept.map(({ d }) => d.period.startDay),
          kept.map(({ d }) => d.period.finishDay),
          kept.map(({ d }) => d.quantity),
          kept.map(({ position }) => position),
        ],
      );
    }
    // Usually the cart holds only what was just posted: the record is then known without reading
    // it back (other carts' use of these variants cannot change while their rows are locked).
    const onlyPosted = !own || lapsed || own.variant_ids.every((id) => variantIds.includes(id));
    const record = onlyPosted
      ? postedRecord(reservation, kept.map(({ d }) => d), new UsageIndex(usageRows), auth.tz)
      : (await reservationRecords(tx, [reservation], auth.tz, now))[0]!;
    return { reservation: record, created: reservation.created };
  });
}

/** The record of a cart holding exactly `held`, with units left from the pre-write `usage`. */
function postedRecord(row: ReservationRow, held: readonly Demand[], usage: UsageIndex, tz: string): Reservation {
  return {
    id: row.id,
    cart_token: row.cart_token,
    created_at: toIsoUtc(new Date(row.created_at)),
    expires_at: toIsoUtc(new Date(row.expires_at)),
    tz,
    items: held.map(({ variant, period, quantity }) => ({
      start: toIsoUtc(period.startAt),
      finish: toIsoUtc(period.finishAt),
      ...itemStatus('ok'),
      variant_id: variant!.variantId,
      external_id: variant!.externalId,
      quantity,
      quantity_available: usage.free(variant!.variantId, variant!.capacity, period.startDay, period.finishDay, row.id),
      variant_title: variant!.title,
      product_title: variant!.productTitle,
      all_day: 1,
    })),
  };
}

/** The 409 listing every posted item with its status and the units left for it. */
function unavailable(demands: readonly Demand[], judgements: readonly Judgement[], input: HoldInput): HttpError {
  const items: UnavailableItem[] = demands.map((d, i) => ({
    external_id: input.items[i]!.externalId,
    start: toIsoUtc(d.period.startAt),
    finish: toIsoUtc(d.period.finishAt),
    quantity: d.quantity,
    quantity_available: judgements[i]!.quantityAvailable,
    status: judgements[i]!.status,
    status_code: ITEM_STATUS[judgements[i]!.status],
  }));
  const misfits = items.map((item, i) => ({ item, i })).filter(({ item }) => item.status !== 'ok');
  const named = misfits.map(({ item, i }) => `items[${i}] (${item.status})`).join(', ');
  return new HttpError('unavailable', `Nothing was held: ${named} cannot be held as posted.`, { details: { items } });
}
