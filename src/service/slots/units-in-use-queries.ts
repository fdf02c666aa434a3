/**
 * The units of a slot variant others use over a period, counted by the database's
 * `slot_units_in_use` (db/migrations/020-hold-items-slots.sql) exactly as a hold counts them:
 * seats starting at the same instant, or units at the busiest instant with the buffers. Called
 * under the variant's lock by bookings, and by reads that show what is left.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** Units of `variantId` in use over `[startAt, finishAt)` at `now` (epoch ms), leaving out reservation `except`'s. */
export async function slotUnitsInUse(
  q: Queryable,
  variantId: number,
  startAt: number,
  finishAt: number,
  now: number,
  except: number | null = null,
): Promise<number> {
  const { rows } = await q.query<{ used: number }>(
    'SELECT slot_units_in_use($1::bigint, $2::timestamptz, $3::timestamptz, $4::timestamptz, $5::bigint) AS used',
    [variantId, new Date(startAt).toISOString(), new Date(finishAt).toISOString(), new Date(now).toISOString(), except],
  );
  return rows[0]!.used;
}
