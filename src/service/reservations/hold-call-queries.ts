/**
 * The locked part of a hold as one server-side call: `hold_items` (`db/migrations/016-hold-items.sql`
 * says what it does and why), run as a single autocommitted statement so
 * the variants' row locks are released by the COMMIT that ends that statement, without a client
 * round trip while they are held.
 * @module
 */
import { type Queryable, RETRYABLE_SQLSTATES, sqlState } from '../db/types.ts';
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import type { UsageRow } from '../availability/types.ts';
import { type HoldWrite, holdWriteParams } from './hold-queries.ts';
import type { ReservationRow } from './queries.ts';

/** What the locked call did. */
export type LockedHold =
  | {
      outcome: 'held';
      row: ReservationRow & { created: boolean };
      /** Per written item (in `HoldWrite.items` order): its units left before the write, as the record shows them. */
      available: number[];
    }
  | {
      outcome: 'misfit';
      /** The locked variants' capacities (a variant deleted meanwhile is missing). */
      capacities: Map<number, number>;
      /** Other carts' and bookings' units per variant and day, on every day of the span, as judged. */
      usage: UsageRow[];
    }
  | {
      outcome: 'relock';
      /** Variants of the cart's live items that were not posted (and so not locked). */
      others: number[];
    };

interface CallRow {
  outcome: 'held' | 'misfit' | 'relock';
  res_id: number | null;
  res_created_at: Date | string | null;
  res_expires_at: Date | string | null;
  res_created: boolean | null;
  available: number[] | null;
  locked_ids: number[] | null;
  locked_capacities: number[] | null;
  day_usage: Array<[number, PlainDate, number]> | null;
  relock_ids: number[] | null;
}

// A deadlock or serialization failure aborts the statement and leaves nothing behind: run it
// again, as `Database.transaction` does for transactions.
const RETRIES = 5;

/**
 * Locks `w.variantIds`, judges `w.items` on what the lock holders before it committed and, if
 * they fit, writes them, all in one statement; `span` covers every posted item (quantity 0
 * included), for the usage a misfit returns. The call reads the database's clock once its locks
 * are granted (`w.now` is null then; a test clock's override otherwise): that decides which
 * holds have expired and whether the cart's hold has lapsed, and stamps `expires_at`.
 */
export async function holdLocked(
  q: Queryable,
  w: HoldWrite,
  span: { startDay: PlainDate; finishDay: PlainDate },
): Promise<LockedHold> {
  const params = [...holdWriteParams(w), span.startDay, span.finishDay];
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await q.query<CallRow>(
        'SELECT * FROM hold_items($1, $2, $3::jsonb, $4::timestamptz, $5::int, $6::boolean, $7::bigint[], $8::bigint[], $9::timestamptz[], $10::timestamptz[], $11::date[], $12::date[], $13::int[], $14::int[], $15::date, $16::date)',
        params,
        { prepare: true },
      );
      return lockedHold(rows[0]!, w.cartToken);
    } catch (error) {
      if (attempt < RETRIES && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * (attempt + 1)));
        continue;
      }
      throw error;
    }
  }
}

function lockedHold(r: CallRow, cartToken: string): LockedHold {
  if (r.outcome === 'held') {
    return {
      outcome: 'held',
      row: {
        id: r.res_id!,
        cart_token: cartToken,
        created_at: r.res_created_at!,
        expires_at: r.res_expires_at!,
        created: r.res_created!,
      },
      available: r.available ?? [],
    };
  }
  if (r.outcome === 'misfit') {
    const ids = r.locked_ids ?? [];
    const capacities = new Map(ids.map((id, i) => [id, r.locked_capacities![i]!]));
    // One row per variant and day: the judge needs nothing finer (it never sees this cart's own).
    const usage: UsageRow[] = (r.day_usage ?? []).map(([variantId, day, units]) => ({
      variantId,
      startDay: day,
      finishDay: addDays(day, 1),
      quantity: units,
      reservationId: null,
    }));
    return { outcome: 'misfit', capacities, usage };
  }
  return { outcome: 'relock', others: r.relock_ids ?? [] };
}
