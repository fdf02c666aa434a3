/**
 * POST /v1/reservations (API.md §3): judge every posted item and, only if all fit, upsert the
 * cart's reservation, replace its items for those variants and renew `expires_at`. All or
 * nothing: a 409 leaves the database as it was.
 *
 * Same-variant posts serialise on the variants' row locks, so the time a lock is held bounds
 * their throughput. Everything that does not depend on the lock is done before taking it, and
 * the locked part is one server-side call, so no client round trip happens under the locks:
 *
 *   before   the variants' rules, their blackouts, the units in use and the cart's own
 *            reservation, in one statement (hold-context-queries.ts); judged at once. An
 *            item that does not fit here is answered 409 without any lock or write: the answer
 *            is true of the database as one snapshot saw it, which is a moment between the
 *            request's arrival and its answer (the request is ordered there). A post that fits
 *            is judged again under the lock, so nothing is ever written on the snapshot's word.
 *   locked   `hold_items` (db/hold-function.ts), one autocommitted statement: (i) the variants'
 *            row locks in id order; (ii) the cart's reservation and the units in use, in NEW
 *            statements, each on a fresh snapshot that includes every earlier holder of these
 *            locks; judged on the day totals; (iii) if all fit, one statement upserts the
 *            reservation, deletes the replaced items and inserts the new ones; COMMIT. A misfit
 *            comes back with the units it was judged on, and the 409 is built from them here
 *            by the same judge as everywhere else.
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
 *            (test/service/reservations/renewal-race.test.ts). The variants to lock are known
 *            only from the cart's items, so such a post runs as a transaction from here: BEGIN,
 *            the locks, then the usage read with the database's clock, the write, COMMIT. So does
 *            one that `hold_items` finds holding such items under its locks (`relock`: it wrote
 *            nothing).
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
import type { UnavailableItem } from '../../shared/errors.ts';
import { ConflictError, InvalidError } from '../shared/errors.ts';
import type { Reservation } from '../../shared/records.ts';
import { ITEM_STATUS, itemStatus } from '../../shared/status.ts';
import { plainDateInZone, toIsoUtc } from '../../shared/zones.ts';
import { type Judgement, judgeDemands } from '../availability/engine.ts';
import { dayPeriod, spanOf } from '../availability/period.ts';
import type { Demand, UsageRow, VariantRules } from '../availability/types.ts';
import { UsageIndex } from '../availability/usage.ts';
import type { HoldInput } from './schemas.ts';
import { holdLocked } from './hold-call-queries.ts';
import { loadHoldContext } from './hold-context-queries.ts';
import { loadCartUsage, lockVariants, writeHold } from './hold-queries.ts';
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
  const periods = input.items.map((i) => dayPeriod(i.start, i.finish, auth.tz));
  const span = spanOf(periods)!;
  const { rules, blackouts, now, ownOtherUnitDays, ...before } = await loadHoldContext(
    db,
    auth.shopId,
    input.cartToken,
    externalIds,
    span,
    sqlNow(),
  );
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
      rules,
      live
        ? { unitDays: ownOtherUnitDays, allowance: before.own!.otherAllowance ?? null }
        : { unitDays: 0, allowance: null },
    );
  }
  const demandsOf = (variants: Map<number, VariantRules>): Demand[] =>
    input.items.map((i, n) => ({ variant: variants.get(i.externalId), period: periods[n]!, quantity: i.quantity }));
  const judge = (demands: readonly Demand[], usage: readonly UsageRow[], ownId: number | undefined) =>
    judgeDemands(demands, { today, usage: new UsageIndex(usage), blackouts, except: ownId, storefrontRules: true });

  // The snapshot's verdict: a post that does not fit is answered without a lock (see above).
  const guess = demandsOf(rules);
  const guessed = judge(guess, before.usage, before.own?.id);
  if (guessed.some((j) => j.status !== 'ok')) throw unavailable(guess, guessed, input);

  const variantIds = [...rules.values()].map((v) => v.variantId);
  // Each item keeps its own product's hold length: the cart's hold ends at the earliest of them.
  const postedMinutes = Math.min(...[...rules.values()].map((v) => v.settings.hold_minutes));
  const write = (demands: readonly Demand[], at: number | null, otherMinutes: number | null = null) => ({
    shopId: auth.shopId,
    cartToken: input.cartToken,
    guests: input.guests,
    now: at,
    holdMinutes: Math.min(postedMinutes, otherMinutes ?? Infinity),
    variantIds,
    items: demands.map((demand, position) => ({ demand, position })).filter(({ demand }) => demand.quantity > 0),
  });
  const held = (demands: readonly Demand[]) => demands.filter((d) => d.quantity > 0);
  const answer = (
    row: ReservationRow & { created: boolean },
    demands: readonly Demand[],
    available: readonly number[],
  ): HoldResult => ({
    reservation: postedRecord(row, held(demands), available, auth.tz),
    created: row.created,
  });

  // The cart's live items of other variants are renewed by this post: their variants are locked too.
  let others = live ? before.own!.variantIds.filter((id) => !variantIds.includes(id)) : [];
  if (others.length === 0) {
    // Only removals free units and never add any: they cannot oversell and need no variant lock
    // (the reservation's row lock, taken by the upsert, orders them with the cart's other posts).
    if (input.items.every((i) => i.quantity === 0))
      return answer(await writeHold(db, write(guess, sqlNow())), guess, []);
    const locked = await holdLocked(db, write(guess, sqlNow()), span);
    if (locked.outcome === 'held') return answer(locked.row, guess, locked.available);
    if (locked.outcome === 'misfit') {
      const demands = demandsOf(withCapacities(rules, locked.capacities));
      const judgements = judge(demands, locked.usage, undefined);
      if (judgements.some((j) => j.status !== 'ok')) throw unavailable(demands, judgements, input);
      // The call and the judge disagree (never expected): the transaction path decides.
    } else {
      others = locked.others;
    }
  }

  // The transaction path: the cart holds live items of variants not posted.
  const { row, demands, usage, own, at } = await db.transaction(async (tx) => {
    const capacities = await lockVariants(tx, [...variantIds, ...others]);
    // Only now, in a statement of its own: what every earlier holder of the locks committed, and
    // the database's clock read after the locks, so "lapsed" and "expired" are judged no earlier
    // than the decisions of every transaction that held these locks before.
    const { usage, own, now: at } = await loadCartUsage(tx, auth.shopId, input.cartToken, externalIds, span, sqlNow());
    const demands = demandsOf(withCapacities(rules, capacities));
    const judgements = judge(demands, usage, own?.id);
    if (judgements.some((j) => j.status !== 'ok')) throw unavailable(demands, judgements, input);
    const renewed = own !== undefined && own.expiresAt > at ? own.otherHoldMinutes : null;
    return { row: await writeHold(tx, write(demands, at, renewed)), demands, usage, own, at };
  });

  // Usually the cart holds only what was just posted: the record is then known without reading
  // it back (other carts' use of these variants could not change while the locks were held).
  // Otherwise it is read after COMMIT, outside the locks.
  const lapsed = own !== undefined && own.expiresAt <= at;
  const onlyPosted = !own || lapsed || own.variantIds.every((id) => variantIds.includes(id));
  if (!onlyPosted) return { reservation: (await reservationRecords(db, [row], auth.tz, at))[0]!, created: row.created };
  const index = new UsageIndex(usage);
  const available = held(demands).map(({ variant, period }) =>
    index.free(variant!.variantId, variant!.capacity, period.startDay, period.finishDay, row.id),
  );
  return answer(row, demands, available);
}

/** The rules of the variants still present under the locks, with their capacities as locked. */
function withCapacities(
  rules: ReadonlyMap<number, VariantRules>,
  capacities: ReadonlyMap<number, number>,
): Map<number, VariantRules> {
  const locked = new Map<number, VariantRules>();
  for (const [externalId, v] of rules) {
    const capacity = capacities.get(v.variantId);
    if (capacity !== undefined) locked.set(externalId, { ...v, capacity });
  }
  return locked;
}

/** The record of a cart holding exactly `held`, with the units each item had left before the write. */
function postedRecord(
  row: ReservationRow,
  held: readonly Demand[],
  available: readonly number[],
  tz: string,
): Reservation {
  return {
    id: row.id,
    cart_token: row.cart_token,
    created_at: toIsoUtc(new Date(row.created_at)),
    expires_at: toIsoUtc(new Date(row.expires_at)),
    tz,
    items: held.map(({ variant, period, quantity }, i) => ({
      start: toIsoUtc(period.startAt),
      finish: toIsoUtc(period.finishAt),
      ...itemStatus('ok'),
      variant_id: variant!.variantId,
      external_id: variant!.externalId,
      quantity,
      quantity_available: available[i]!,
      variant_title: variant!.title,
      product_title: variant!.productTitle,
      all_day: 1,
    })),
  };
}

/** The 409 listing every posted item with its status and the units left for it. */
function unavailable(demands: readonly Demand[], judgements: readonly Judgement[], input: HoldInput): ConflictError {
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
  return new ConflictError(`Nothing was held: ${named} cannot be held as posted.`, items);
}
