/**
 * A hold decided by the database: `hold_items` (`db/migrations/016-hold-items.sql` says what it
 * does and why; `020-hold-items-slots.sql` makes it take the rules' verdicts and judge slots), run as a single autocommitted statement so the variants' row locks are released
 * by the COMMIT that ends that statement, without a client round trip while they are held. It
 * locks the posted variants and those of the cart's live items it renews, judges the capacity of
 * every posted day on what the earlier lock holders committed (the one place a hold's capacity
 * is judged), and writes, or answers why not.
 * @module
 */
import { nowParam } from '../db/now.ts';
import { type Queryable, RETRYABLE_SQLSTATES, sqlState } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { ItemStatus } from '../../shared/status.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Demand } from '../availability/types.ts';
import { DEFAULT_HOLD_MINUTES, type HoldTarget } from './hold-queries.ts';
import type { RequirementRow, ShortRow } from '../availability/types.ts';
import type { ReservationRow } from './queries.ts';

/** What `holdLocked` asks for: the cart (its `now` null means the clock once the locks are granted), and every item. */
export interface HoldCall extends HoldTarget {
  /** Every posted item, in post order, quantity 0 included (judged; only those above 0 are written). */
  demands: readonly Demand[];
  /** Per posted item: whether it holds whole days (else the instants of its slots). */
  allDay: readonly boolean[];
  /** Per posted item: the rule that stops it (`ruleStatus`), undefined when none does. */
  rules: ReadonlyArray<ItemStatus | undefined>;
  /** What the items ask of shared resources (`hold-resources.ts`); none: today's path. */
  requirements?: readonly RequirementRow[];
}

/** What the call did. */
export type LockedHold =
  | {
      outcome: 'held';
      row: ReservationRow & { created: boolean };
      /** The database's "now" the hold was judged at (epoch ms). */
      now: number;
      /** The cart still holds live items of variants the post did not name (renewed with it). */
      keptOthers: boolean;
      /** Per posted item: its units left before the write, as the record shows them. */
      available: number[];
      /** The resources granted: per posted item (1-based) and requirement. */
      assigned: Array<{ item: number; requirement: number; resource: number }>;
    }
  | {
      outcome: 'misfit';
      /** Per posted item: its status and the units left for it, as the 409 shows them. */
      judgements: Array<{ status: ItemStatus; quantityAvailable: number }>;
      /** The requirements no pool member could take (empty when resources did not refuse). */
      short: ShortRow[];
    };

interface CallRow {
  outcome: 'held' | 'misfit';
  res_id: number | null;
  res_created_at: Date | string | null;
  res_expires_at: Date | string | null;
  res_created: boolean | null;
  res_now: Date | string;
  kept_others: boolean | null;
  available: number[] | null;
  statuses: ItemStatus[] | null;
  short: ShortRow[] | null;
  assigned: Array<{ item: number; requirement: number; resource: number }> | null;
}

// A deadlock or serialization failure aborts the statement and leaves nothing behind: run it
// again, as `Database.transaction` does for transactions.
const RETRIES = 5;

// Every column, lock_wait_ms and lock_held_ms included: the bench reads them from the result.
const SQL = `SELECT * FROM hold_items($1, $2, $3::jsonb, $4::timestamptz, $5::int, $6::boolean, $7::bigint[], $8::bigint[], $9::timestamptz[],
                  $10::timestamptz[], $11::date[], $12::date[], $13::int[], $14::text[], $15::boolean[], $16::date, $17::date, $18::int, $19::jsonb)`;

/**
 * Takes the row locks of these variants in id order, as `hold_items` does (NO KEY UPDATE excludes
 * every other writer of these variants but not the key-share locks of foreign keys), for a
 * transaction that calls it next.
 */
export async function lockVariants(q: Queryable, variantIds: readonly number[]): Promise<void> {
  await q.query(
    'SELECT id FROM variants WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [[...new Set(variantIds)].sort((a, b) => a - b)],
    { prepare: true },
  );
}

/**
 * Holds `c.demands` for the cart if every posted day has room under the variants' locks, or
 * answers each item's status and units left; `span` covers every posted item. Inside a
 * transaction, `retries` must be 0 (a failed statement aborts it: the transaction is retried).
 */
export async function holdLocked(
  q: Queryable,
  c: HoldCall,
  span: { startDay: PlainDate; finishDay: PlainDate },
  retries = RETRIES,
): Promise<LockedHold> {
  const params = [
    c.shopId,
    c.cartToken,
    JSON.stringify(c.guests ?? []),
    nowParam(c.now),
    c.holdMinutes,
    c.guests !== undefined,
    [...c.variantIds],
    c.demands.map((d) => d.variant?.variantId ?? null),
    c.demands.map((d) => toIsoUtc(d.period.startAt)),
    c.demands.map((d) => toIsoUtc(d.period.finishAt)),
    c.demands.map((d) => d.period.startDay),
    c.demands.map((d) => d.period.finishDay),
    c.demands.map((d) => d.quantity),
    c.rules.map((rule) => rule ?? null),
    [...c.allDay],
    span.startDay,
    span.finishDay,
    DEFAULT_HOLD_MINUTES,
    JSON.stringify(c.requirements ?? []),
  ];
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await q.query<CallRow>(SQL, params, { prepare: true });
      return lockedHold(rows[0]!, c.cartToken);
    } catch (error) {
      if (attempt < retries && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * (attempt + 1)));
        continue;
      }
      throw error;
    }
  }
}

function lockedHold(r: CallRow, cartToken: string): LockedHold {
  if (r.outcome === 'misfit') {
    const available = r.available ?? [];
    return {
      outcome: 'misfit',
      judgements: (r.statuses ?? []).map((status, i) => ({ status, quantityAvailable: available[i] ?? 0 })),
      short: r.short ?? [],
    };
  }
  return {
    outcome: 'held',
    row: {
      id: r.res_id!,
      cart_token: cartToken,
      created_at: r.res_created_at!,
      expires_at: r.res_expires_at!,
      created: r.res_created!,
    },
    now: new Date(r.res_now).getTime(),
    keptOthers: r.kept_others === true,
    available: r.available ?? [],
    assigned: r.assigned ?? [],
  };
}
