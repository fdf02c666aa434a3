-- hold_items: the locked part of a hold as one server-side call, on the database's clock
--
-- The one definition of `hold_items` (migrations 2 and 4 created earlier versions; a database
-- made by them gets this one in place, with the same signature, and a new database gets only
-- this one). It is the locked part of POST /v1/reservations (`reservations/holds.ts` says when
-- it runs, `reservations/hold-call-queries.ts` calls it). Called as one autocommitted statement,
-- it holds the variants' row locks for its own run and the COMMIT that follows it, with no
-- client round trip in between.
--
--   (i)   the posted variants' row locks, in id order (their capacity as committed);
--   (ii)  the database's clock, read once the locks are granted, then the cart's reservation,
--         then the units other carts and bookings use on each day of the post's span (the
--         caller's, quantity 0 items included): each a NEW statement, which a VOLATILE function
--         runs on a fresh snapshot under READ COMMITTED, so it includes every earlier holder of
--         these locks. Never merge (ii) into (i): a statement's snapshot predates its lock wait,
--         and that oversells;
--   (iii) if every posted day has room: upsert the reservation, delete the replaced items and
--         insert the new ones (one statement), and answer `held` with the units each item had
--         left before the write; else `misfit` with the units in use per variant and day.
--
-- One clock (API.md §3: processes whose host clocks differ must agree on what has expired):
-- "now" is `clock_timestamp()` read after the locks; it judges expiry and lapse and stamps
-- `expires_at` = now + `p_hold_minutes`. `p_now` is NULL in production; only a test clock sets
-- it (`shared/clock.ts`).
--
-- `relock`: the cart holds live items of variants not posted. Renewing them needs their locks
-- too, so nothing is written and the caller locks them as well.
--
-- `lock_wait_ms` and `lock_held_ms` say how long the call waited for the locks and then held
-- them until its end (the COMMIT right after adds to the hold), for the bench and for logs.
CREATE OR REPLACE FUNCTION hold_items(
  p_shop_id bigint,
  p_cart_token text,
  p_guests jsonb,
  p_now timestamptz,
  p_hold_minutes integer,
  p_set_guests boolean,
  p_variant_ids bigint[],
  p_item_variant_ids bigint[],
  p_start_at timestamptz[],
  p_finish_at timestamptz[],
  p_start_day date[],
  p_finish_day date[],
  p_quantity integer[],
  p_position integer[],
  p_span_start date,
  p_span_finish date,
  OUT outcome text,
  OUT res_id bigint,
  OUT res_created_at timestamptz,
  OUT res_expires_at timestamptz,
  OUT res_created boolean,
  OUT available integer[],
  OUT locked_ids bigint[],
  OUT locked_capacities integer[],
  OUT day_usage jsonb,
  OUT relock_ids bigint[],
  OUT lock_wait_ms double precision,
  OUT lock_held_ms double precision
) LANGUAGE plpgsql VOLATILE
-- PL/pgSQL keeps a plan per statement per connection, but under the default "auto" it plans
-- each call anew as long as the generic plan's estimate (it cannot see how short the arrays
-- are) exceeds the custom plans': that planning cost more server CPU than the whole run. The
-- generic plans are index lookups by variant, cart and day, right for any input.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  started timestamptz := clock_timestamp();
  v_now timestamptz;
  v_expires timestamptz;
  own_id bigint;
  own_expires timestamptz;
  fits boolean;
BEGIN
  -- The fresh snapshot per statement below is READ COMMITTED's: under a stricter level the
  -- reads would keep the transaction's first snapshot and miss what earlier lock holders wrote.
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'hold_items needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;

  -- (i) The locks, in id order, so two writers never wait on each other in a cycle.
  SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}'), coalesce(array_agg(l.capacity ORDER BY l.id), '{}')
    INTO locked_ids, locked_capacities
    FROM (SELECT v.id, v.capacity FROM variants v WHERE v.id = ANY (p_variant_ids) ORDER BY v.id FOR NO KEY UPDATE) AS l;
  lock_wait_ms := 1000 * extract(epoch FROM clock_timestamp() - started);
  -- "Now" is read here, after the locks: whatever expired while this call waited has expired,
  -- exactly as the previous lock holder saw it or later. p_now is a test clock's override only.
  v_now := coalesce(p_now, clock_timestamp());
  v_expires := v_now + make_interval(mins => p_hold_minutes);

  -- (ii) From here on every statement sees what the previous lock holders committed.
  SELECT r.id, r.expires_at,
         CASE WHEN r.expires_at > v_now THEN
           ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri
                  WHERE ri.reservation_id = r.id AND ri.variant_id <> ALL (p_variant_ids) ORDER BY 1) END
    INTO own_id, own_expires, relock_ids
    FROM reservations r WHERE r.shop_id = p_shop_id AND r.cart_token = p_cart_token;
  IF relock_ids <> '{}' THEN
    outcome := 'relock';
    lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
    RETURN;
  END IF;

  WITH used_rows AS (
         SELECT ri.variant_id, ri.start_day, ri.finish_day, ri.quantity
           FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
          WHERE ri.variant_id = ANY (p_variant_ids) AND ri.start_day < p_span_finish AND ri.finish_day > p_span_start
            AND r.expires_at > v_now AND r.id IS DISTINCT FROM own_id
         UNION ALL
         SELECT bi.variant_id, b.start_day, b.finish_day, bi.quantity
           FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
          WHERE bi.variant_id = ANY (p_variant_ids) AND b.start_day < p_span_finish AND b.finish_day > p_span_start
            AND b.status IN ('pending', 'confirmed')
       ),
       used AS (
         SELECT u.variant_id, d::date AS day, sum(u.quantity) AS units
           FROM used_rows u,
                generate_series(greatest(u.start_day, p_span_start)::timestamp, (least(u.finish_day, p_span_finish) - 1)::timestamp, interval '1 day') AS d
          GROUP BY 1, 2
       ),
       posted AS (
         SELECT t.n, t.variant_id, t.start_day, t.finish_day, t.quantity, c.capacity
           FROM unnest(p_item_variant_ids, p_start_day, p_finish_day, p_quantity) WITH ORDINALITY AS t (variant_id, start_day, finish_day, quantity, n)
           LEFT JOIN unnest(locked_ids, locked_capacities) AS c (variant_id, capacity) ON c.variant_id = t.variant_id
       ),
       wanted AS (
         SELECT p.variant_id, d::date AS day, sum(p.quantity) AS units, min(p.capacity) AS capacity
           FROM posted p, generate_series(p.start_day::timestamp, (p.finish_day - 1)::timestamp, interval '1 day') AS d
          GROUP BY 1, 2
       )
  SELECT f.fits,
         -- What each item had left before this write: capacity minus others' use on its fullest day.
         (SELECT array_agg(greatest(0, p.capacity - coalesce(
                   (SELECT max(u.units) FROM used u WHERE u.variant_id = p.variant_id AND u.day >= p.start_day AND u.day < p.finish_day), 0))
                 ORDER BY p.n)
            FROM posted p),
         -- Only for a misfit (evaluated lazily): the units in use on every day of the span, from
         -- this same snapshot, so the caller's 409 judges exactly what was judged here (and
         -- shows the units left for items of quantity 0 too, which are not written).
         CASE WHEN f.fits THEN NULL
              ELSE (SELECT coalesce(jsonb_agg(jsonb_build_array(u.variant_id, u.day, u.units)), '[]') FROM used u) END
    INTO fits, available, day_usage
    FROM (SELECT NOT EXISTS (SELECT 1 FROM wanted w LEFT JOIN used u ON u.variant_id = w.variant_id AND u.day = w.day
                              WHERE w.capacity IS NULL OR coalesce(u.units, 0) + w.units > w.capacity) AS fits) AS f;

  IF NOT fits THEN
    outcome := 'misfit';
    lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
    RETURN;
  END IF;

  -- (iii) The write: as writeHold in reservations/hold-queries.ts. "Lapsed" is the stored expires_at before
  -- this statement's renewal (its sub-statements share one snapshot).
  WITH r AS (
         INSERT INTO reservations AS r (shop_id, cart_token, guests, created_at, updated_at, expires_at)
         VALUES (p_shop_id, p_cart_token, p_guests, v_now, v_now, v_expires)
         ON CONFLICT (shop_id, cart_token) DO UPDATE
            SET updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at,
                guests = CASE WHEN p_set_guests THEN EXCLUDED.guests ELSE r.guests END
         RETURNING r.id, r.created_at, r.expires_at, (r.xmax = 0) AS created
       ),
       gone AS (
         DELETE FROM reservation_items ri USING r, reservations old_r
          WHERE ri.reservation_id = r.id AND old_r.id = r.id
            AND (ri.variant_id = ANY (p_variant_ids) OR old_r.expires_at <= v_now)
       ),
       added AS (
         INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day, position)
         SELECT r.id, t.variant_id, t.start_at, t.finish_at, t.start_day, t.finish_day, t.quantity, 1, t.position
           FROM r, unnest(p_item_variant_ids, p_start_at, p_finish_at, p_start_day, p_finish_day, p_quantity, p_position)
                     AS t (variant_id, start_at, finish_at, start_day, finish_day, quantity, position)
       )
  SELECT r.id, r.created_at, r.expires_at, r.created INTO res_id, res_created_at, res_expires_at, res_created FROM r;
  outcome := 'held';
  lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
END
$$;
