/**
 * POST /v1/reservations (API.md §3): judge every posted item and, only if all fit, upsert the
 * cart's reservation, replace its items for those variants and renew `expires_at`. All or
 * nothing: a 409 leaves the database as it was. An item holds whole days, or, for a variant
 * booked by times of day, one slot or consecutive ones (`item-periods.ts`, SLOTS.md §2).
 *
 * Same-variant posts serialise on the variants' row locks, so the time a lock is held bounds
 * their throughput. Everything that does not depend on the lock is done before taking it, and
 * the locked part is one server-side call, so no client round trip happens under the locks:
 *
 *   before   the variants' rules, their blackouts and the cart's own reservation, in one
 *            statement (hold-context-queries.ts), and the rules that need no count judged on
 *            them (unknown variant, range length, window, blackouts: engine.ts `ruleStatus`).
 *            Units in use are not read here: capacity is judged by the database alone, by one
 *            definition (hold_judgement), first on a snapshot before any lock: a post that does
 *            not fit then is refused without waiting for the locks (the answer is true of the
 *            database at a moment between the request's arrival and its answer).
 *   locked   `hold_items` (db/migrations/016-hold-items.sql, 020-hold-items-slots.sql), one
 *            autocommitted statement, for every post that adds units: (i)
 *            the row locks, in id order, of the posted variants and of those of the cart's live
 *            items the post renews without naming them; (ii) the clock, the cart's reservation
 *            and the units in use, in NEW statements, each on a fresh snapshot that includes
 *            every earlier holder of these locks; judged on the day totals; (iii) if all fit and no rule stopped an item,
 *            one statement upserts the reservation, deletes the replaced items and inserts the
 *            new ones; COMMIT. A misfit (a rule's or capacity's) comes back with each item's
 *            status and units left, as the 409 shows them.
 *   removals A post whose every quantity is 0 frees units and adds none: it cannot oversell, so
 *            it runs (iii) alone as one statement, without the variants' locks, unless the cart
 *            holds other variants (see renewals).
 *   renewals Every post renews the whole reservation, so when the cart holds live items of
 *            variants it does not post, their variants are locked too and whether the hold has
 *            lapsed is decided with the clock read once all locks are granted. Otherwise a post
 *            that read the clock just before `expires_at` but committed late would revive items
 *            that a competitor, reading the clock just after, judged expired and took the units
 *            of: an oversold day. With the locks, whichever of the two comes second sees the
 *            first's outcome at a time no earlier than the first's
 *            (test/service/reservations/renewal-race.test.ts). The variants the snapshot shows
 *            the cart holding are locked first, in a transaction that then calls `hold_items`
 *            with the clock read after those locks; `hold_items` finds any the snapshot missed
 *            itself, from the cart's items, and locks them too.
 *
 * One clock: every "now" here is the database's (`clock_timestamp()`, read in the statement that
 * judges), never a service process's, so processes on hosts whose clocks differ agree on what
 * has expired (test/service/reservations/clock-skew.test.ts). `hold_items` reads it once its
 * locks are granted and stamps `expires_at` from it. The snapshot read before the locks has its
 * own reading, used for its verdict and for "today" (the window rules). A test clock replaces
 * the database's clock through an override parameter (`shared/clock.ts`).
 *
 * (i) and (ii) must stay separate statements: a statement's snapshot is taken before it waits
 * for a lock, so a usage read merged into the locking statement would miss the rows of the
 * transaction it waited for, and oversell (test/service/reservations/lock-snapshot.test.ts).
 * @module
 */
import type { Database } from '../db/types.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { ResourceShortage, UnavailableItem } from '../../shared/errors.ts';
import { ConflictError, InvalidError } from '../shared/errors.ts';
import type { FreeResource, Reservation } from '../../shared/records.ts';
import { ITEM_STATUS, itemStatus } from '../../shared/status.ts';
import { localPeriod, plainDateInZone, toIsoUtc } from '../../shared/zones.ts';
import { type Judgement, ruleStatus } from '../availability/engine.ts';
import { spanOf } from '../availability/period.ts';
import { slotRuleStatus } from '../slots/rules.ts';
import { itemPeriods, postedSpan } from './item-periods.ts';
import type { Assigned, Demand } from '../availability/types.ts';
import type { HoldInput } from './schemas.ts';
import { holdLocked, lockVariants } from './hold-call-queries.ts';
import { loadHoldContext } from './hold-context-queries.ts';
import { assignedTo, requirementRows } from '../availability/requirement-rows.ts';
import { shortagesOf } from '../availability/resource-shortage.ts';
import { DEFAULT_HOLD_MINUTES, writeHold } from './hold-queries.ts';
import type { ReservationRow } from './queries.ts';
import { checkPublishableLimits } from './limits.ts';
import { reservationRecords } from './records.ts';

/** The reservation after the post, and whether the post created it (201) or updated it (200). */
export interface HoldResult {
  reservation: Reservation;
  created: boolean;
}

/**
 * Holds `input`'s items for its cart, or throws `ConflictError` (409 `unavailable`), or
 * `InvalidError` (422) for a publishable token's post beyond its bounds (`limits.ts`) or one that
 * only removes from a cart that has no reservation. "Now" is the database's clock; `sqlNow`
 * gives a test clock's override (null in production).
 */
export async function holdItems(
  db: Database,
  auth: AuthContext,
  input: HoldInput,
  sqlNow: () => number | null,
): Promise<HoldResult> {
  const externalIds = input.items.map((i) => i.externalId);
  const { rules, blackouts, now, ownOtherUnitDays, ...before } = await loadHoldContext(
    db,
    auth.shopId,
    input.cartToken,
    externalIds,
    postedSpan(input.items),
    sqlNow(),
  );
  // Days or slots, as each variant is booked: a time in the wrong shape or not a slot is a 422.
  const posted = itemPeriods(input.items, rules, auth.tz);
  const periods = posted.map((p) => p.period);
  const span = spanOf(periods)!;
  const today = plainDateInZone(now, auth.tz);
  const live = before.own !== undefined && before.own.expiresAt > now;
  if (!before.own && input.items.every((i) => i.quantity === 0)) {
    // Nothing to remove: storing an empty reservation for it would only litter the table.
    throw new InvalidError({
      items: ['only remove (quantity 0) from a cart that holds nothing; post a quantity from 1 to hold'],
    });
  }
  if (auth.kind !== 'secret') {
    checkPublishableLimits(
      input,
      periods,
      rules,
      live
        ? { unitDays: ownOtherUnitDays, allowance: before.own!.otherAllowance ?? null }
        : { unitDays: 0, allowance: null },
    );
  }
  const guess: Demand[] = input.items.map((i, n) => ({
    variant: rules.get(i.externalId),
    period: periods[n]!,
    quantity: i.quantity,
  }));
  // The rules that need no count; the database judges capacity and answers the 409 for both.
  const verdicts = guess.map((demand) => {
    const schedule = demand.variant?.schedule;
    if (!schedule || demand.quantity === 0) return ruleStatus(demand, { today, blackouts, storefrontRules: true });
    const { startAt, finishAt, startDay } = demand.period;
    const slot = { startsAt: startAt, finishesAt: finishAt };
    return slotRuleStatus(schedule, demand.variant!.variantId, startDay, slot, { now, today, blackouts });
  });

  // What the items ask of shared resources, pools narrowed by hours, blackouts and picks (a pick
  // outside its pool is a 422 here); the database counts and assigns.
  const requirements = requirementRows(
    guess,
    input.items.map((i) => i.resourceId),
    posted.map((p) => p.allDay),
    auth.tz,
  );
  const variantIds = [...rules.values()].map((v) => v.variantId);
  // Each item keeps its own product's hold length: the cart's hold ends at the earliest of them
  // (`hold_items` lowers it to a renewed item's).
  const holdMinutes =
    rules.size > 0 ? Math.min(...[...rules.values()].map((v) => v.settings.hold_minutes)) : DEFAULT_HOLD_MINUTES;
  const answer = (
    row: ReservationRow & { created: boolean },
    available: readonly number[],
    assigned: Assigned = [],
  ): HoldResult => ({
    reservation: postedRecord(
      row,
      guess
        .map((d, i) => ({ ...d, allDay: posted[i]!.allDay, resources: assignedTo(d, i, assigned) }))
        .filter((d) => d.quantity > 0),
      available.filter((_, i) => guess[i]!.quantity > 0),
      auth.tz,
    ),
    created: row.created,
  });

  // Only removals free units and never add any: they cannot oversell and need no variant lock
  // (the reservation's row lock, taken by the upsert, orders them with the cart's other posts),
  // unless the cart holds live items of other variants, which the post renews (hold_items).
  const others = live ? before.own!.variantIds.filter((id) => !variantIds.includes(id)) : [];
  if (others.length === 0 && input.items.every((i) => i.quantity === 0) && verdicts.every((v) => v === undefined)) {
    const row = await writeHold(db, {
      shopId: auth.shopId,
      cartToken: input.cartToken,
      guests: input.guests,
      now: sqlNow(),
      holdMinutes,
      variantIds,
      items: [],
    });
    return answer(row, []);
  }
  const call = (now: number | null) => ({
    shopId: auth.shopId,
    cartToken: input.cartToken,
    guests: input.guests,
    now,
    holdMinutes,
    variantIds,
    demands: guess,
    allDay: posted.map((p) => p.allDay),
    rules: verdicts,
    requirements,
  });
  // A renewal takes the locks of the cart's other variants first, in a transaction, and only
  // then reads the clock it passes: a test clock, which the database cannot read after its
  // locks, is read once they are granted like the database's own (renewal-race.test.ts).
  const locked =
    others.length === 0
      ? await holdLocked(db, call(sqlNow()), span)
      : await db.transaction(async (tx) => {
          await lockVariants(tx, [...variantIds, ...others]);
          return holdLocked(tx, call(sqlNow()), span, 0);
        });
  if (locked.outcome === 'misfit') {
    throw unavailable(guess, locked.judgements, input, shortagesOf(locked.short, guess));
  }
  // Usually the cart holds only what was just posted: the record is then known without reading
  // it back. Otherwise it is read after COMMIT, outside the locks.
  if (locked.keptOthers) {
    return {
      reservation: (await reservationRecords(db, [locked.row], auth.tz, locked.now))[0]!,
      created: locked.row.created,
    };
  }
  return answer(locked.row, locked.available, locked.assigned);
}

/** The record of a cart holding exactly `held`, with the units each item had left before the write. */
function postedRecord(
  row: ReservationRow,
  held: ReadonlyArray<Demand & { allDay: boolean; resources: FreeResource[] | undefined }>,
  available: readonly number[],
  tz: string,
): Reservation {
  return {
    id: row.id,
    cart_token: row.cart_token,
    created_at: toIsoUtc(new Date(row.created_at)),
    expires_at: toIsoUtc(new Date(row.expires_at)),
    tz,
    items: held.map(({ variant, period, quantity, allDay, resources }, i) => ({
      start: toIsoUtc(period.startAt),
      finish: toIsoUtc(period.finishAt),
      // Whole days: the period's own days are the local ones (no zone arithmetic again).
      ...(allDay
        ? { start_local: period.startDay, finish_local: period.finishDay }
        : localPeriod(period.startAt, period.finishAt, false, tz)),
      ...itemStatus('ok'),
      variant_id: variant!.variantId,
      external_id: variant!.externalId,
      quantity,
      quantity_available: available[i]!,
      variant_title: variant!.title,
      product_title: variant!.productTitle,
      all_day: allDay ? 1 : 0,
      ...(resources && { resources }),
    })),
  };
}

/** The 409 listing every posted item with its status and the units left for it. */
function unavailable(
  demands: readonly Demand[],
  judgements: ReadonlyArray<Pick<Judgement, 'status' | 'quantityAvailable'>>,
  input: HoldInput,
  shortages: ReadonlyMap<number, ResourceShortage>,
): ConflictError {
  const items: UnavailableItem[] = demands.map((d, i) => ({
    external_id: input.items[i]!.externalId,
    start: toIsoUtc(d.period.startAt),
    finish: toIsoUtc(d.period.finishAt),
    quantity: d.quantity,
    quantity_available: judgements[i]!.quantityAvailable,
    status: judgements[i]!.status,
    status_code: ITEM_STATUS[judgements[i]!.status],
    ...(shortages.has(i) && { resource_shortage: shortages.get(i)! }),
  }));
  const misfits = items.map((item, i) => ({ item, i })).filter(({ item }) => item.status !== 'ok');
  const named = misfits
    .map(
      ({ item, i }) =>
        `items[${i}] (${item.status}${item.resource_shortage ? `: ${item.resource_shortage.message}` : ''})`,
    )
    .join(', ');
  return new ConflictError(`Nothing was held: ${named} cannot be held as posted.`, items);
}
