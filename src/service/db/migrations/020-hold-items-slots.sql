-- hold_items judges every posted item, days and times of day: capacity is decided here alone
--
-- Migration 20. Issue 26, point 7 (a hold's capacity checked once, by the database): until now
-- POST /v1/reservations judged capacity twice, in the service on a snapshot read before the
-- locks (a lock-free 409), and again here under them. The service now judges only the rules
-- that need no count (unknown variant, range length, window, blackouts; for a slot, notice and
-- horizon) and passes each item's verdict in `p_rule_status` (NULL: no rule stops it); every
-- post that adds units comes here, and a misfit's 409 (rule-stopped items with 0 units left,
-- the others with what this function counts) is built from its answer. The judgement is one
-- function, hold_judgement, asked twice: on a snapshot before any lock, so a post that does not
-- fit then is refused without queueing for the locks (as the service's own check did), and
-- under the locks, where alone a hold is decided.
--
-- Issue 28 (times of day, ../shared/spec/SLOTS.md): an item of `p_all_day` false holds the
-- instants [start, finish) of a slot variant. `slot_units_in_use` counts what others use of it
-- under the variant's schedule as it is now: `seats`, the units of holds and bookings starting
-- at the same instant; `units`, the most units in use at any one instant of the item's period
-- widened by the schedule's buffers, every hold and booking widened the same way. Two timed
-- items of one post and variant count against each other when their widened periods overlap
-- (seats: when they start together), whether or not at the same instant: never an oversell,
-- and one post rarely holds two slots of a variant.
--
-- Otherwise as migration 16, whose comments say what each step does and why; this replaces its
-- definition.
CREATE FUNCTION slot_units_in_use(p_variant_id bigint, p_start timestamptz, p_finish timestamptz, p_now timestamptz,
                                  p_except_reservation bigint)
RETURNS integer LANGUAGE plpgsql STABLE
-- PL/pgSQL, not SQL: a SQL function's statement is planned on every call (it cannot be inlined
-- where hold_items calls it), and that planning ran under the variant's lock. PL/pgSQL keeps
-- one generic plan per connection, as hold_items does.
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
  WITH span AS (
         SELECT coalesce(v.schedule->>'counting', 'units') AS counting,
                make_interval(mins => coalesce((v.schedule->>'buffer_before_minutes')::int, 0)) AS bb,
                make_interval(mins => coalesce((v.schedule->>'buffer_after_minutes')::int, 0)) AS ba,
                p_start - make_interval(mins => coalesce((v.schedule->>'buffer_before_minutes')::int, 0)) AS s,
                p_finish + make_interval(mins => coalesce((v.schedule->>'buffer_after_minutes')::int, 0)) AS f
           FROM variants v WHERE v.id = p_variant_id
       ),
       -- Local days lie within a day of UTC ones: the day columns' indexes narrow the search.
       used AS (
         SELECT ri.start_at - span.bb AS s, ri.finish_at + span.ba AS f, ri.start_at, ri.quantity AS q
           FROM span, reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
          WHERE ri.variant_id = p_variant_id
            AND ri.start_day <= (span.f AT TIME ZONE 'UTC')::date + 1 AND ri.finish_day >= (span.s AT TIME ZONE 'UTC')::date - 1
            AND ri.start_at - span.bb < span.f AND ri.finish_at + span.ba > span.s
            AND r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation
         UNION ALL
         SELECT b.starts_at - span.bb, b.finishes_at + span.ba, b.starts_at, bi.quantity
           FROM span, booking_items bi JOIN bookings b ON b.id = bi.booking_id
          WHERE bi.variant_id = p_variant_id
            AND b.start_day <= (span.f AT TIME ZONE 'UTC')::date + 1 AND b.finish_day >= (span.s AT TIME ZONE 'UTC')::date - 1
            AND b.starts_at - span.bb < span.f AND b.finishes_at + span.ba > span.s
            AND b.status IN ('pending', 'confirmed')
       )
  SELECT CASE WHEN (SELECT counting FROM span) = 'seats'
              THEN (SELECT coalesce(sum(u.q), 0) FROM used u WHERE u.start_at = p_start)
              -- The load is a step function rising only where a period starts: its most over the
              -- item's period is at the period's start or at a start inside it.
              ELSE (SELECT coalesce(max((SELECT sum(u.q) FROM used u WHERE u.s <= t.at AND u.f > t.at)), 0)
                      FROM (SELECT span.s AS at FROM span UNION SELECT u.s FROM used u, span WHERE u.s > span.s) AS t)
         END::integer);
END
$$;

-- The judgement of a post (issue 26, point 7: one definition, in the database): whether every
-- posted item fits at `v_now`, the cart's own reservation `own_id` left out, with each item's
-- units left (`available`) and, for a misfit, each item's status. hold_items asks it twice: on
-- a snapshot before any lock (a post that does not fit then is refused without waiting for
-- one: the answer is true of the database at a moment between the request's arrival and its
-- answer), and under the locks, where alone a hold is decided. VOLATILE, so each statement in it
-- reads a fresh snapshot under READ COMMITTED: after the locks, what earlier holders committed.
CREATE FUNCTION hold_judgement(
  p_variant_ids bigint[],
  p_item_variant_ids bigint[],
  p_start_at timestamptz[],
  p_finish_at timestamptz[],
  p_start_day date[],
  p_finish_day date[],
  p_quantity integer[],
  p_rule_status text[],
  p_all_day boolean[],
  p_span_start date,
  p_span_finish date,
  v_now timestamptz,
  own_id bigint,
  OUT fits boolean,
  OUT available integer[],
  OUT statuses text[]
) LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  taken jsonb;
  caps integer[];
  units_left integer;
  k text;
  -- Timed items, per posted item (NULL for a day item or one a rule stops): others' use, the
  -- variant's capacity, counting and buffers, the units left once the earlier items of the post
  -- that fit are counted, and whether it fits.
  t_used integer[];
  t_caps integer[];
  t_counting text[];
  t_buffers integer[];
  t_left integer[] := '{}';
  t_ok boolean[] := '{}';
  t_fits boolean := true;
BEGIN
  -- Timed items: what others use of each slot, in one statement.
  IF false = ANY (p_all_day) THEN
    SELECT array_agg(CASE WHEN t.all_day OR t.rule IS NOT NULL OR c.id IS NULL THEN NULL
                          ELSE slot_units_in_use(t.variant_id, t.start_at, t.finish_at, v_now, own_id) END ORDER BY t.n),
           array_agg(c.capacity ORDER BY t.n),
           array_agg(coalesce(c.schedule->>'counting', 'units') ORDER BY t.n),
           array_agg(coalesce((c.schedule->>'buffer_before_minutes')::int, 0)
                     + coalesce((c.schedule->>'buffer_after_minutes')::int, 0) ORDER BY t.n)
      INTO t_used, t_caps, t_counting, t_buffers
      FROM unnest(p_item_variant_ids, p_start_at, p_finish_at, p_rule_status, p_all_day) WITH ORDINALITY
             AS t (variant_id, start_at, finish_at, rule, all_day, n)
      LEFT JOIN variants c ON c.id = t.variant_id;
    -- Plain expressions only from here: this may run under the locks.
    FOR n IN 1 .. array_length(p_item_variant_ids, 1) LOOP
      IF t_used[n] IS NULL THEN
        t_left := t_left || NULL::integer;
        t_ok := t_ok || NULL::boolean;
        CONTINUE;
      END IF;
      units_left := t_caps[n] - t_used[n];
      FOR m IN 1 .. n - 1 LOOP
        IF t_ok[m] AND p_quantity[m] > 0 AND p_item_variant_ids[m] = p_item_variant_ids[n]
           -- (In parentheses: PL/pgSQL would end the IF's condition at the CASE's THEN.)
           AND (CASE WHEN t_counting[n] = 'seats' THEN p_start_at[m] = p_start_at[n]
                     ELSE p_start_at[m] < p_finish_at[n] + make_interval(mins => t_buffers[n])
                          AND p_finish_at[m] > p_start_at[n] - make_interval(mins => t_buffers[n]) END) THEN
          units_left := units_left - p_quantity[m];
        END IF;
      END LOOP;
      units_left := greatest(0, units_left);
      t_left := t_left || units_left;
      t_ok := t_ok || (p_quantity[n] <= units_left);
      t_fits := t_fits AND p_quantity[n] <= units_left;
    END LOOP;
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
         SELECT t.n, t.variant_id, t.start_day, t.finish_day, t.quantity, t.rule, t.all_day, c.capacity
           FROM unnest(p_item_variant_ids, p_start_day, p_finish_day, p_quantity, p_rule_status, p_all_day) WITH ORDINALITY
                  AS t (variant_id, start_day, finish_day, quantity, rule, all_day, n)
           LEFT JOIN variants c ON c.id = t.variant_id
       ),
       wanted AS (
         SELECT p.variant_id, d::date AS day, sum(p.quantity) AS units, min(p.capacity) AS capacity
           FROM posted p, generate_series(p.start_day::timestamp, (p.finish_day - 1)::timestamp, interval '1 day') AS d
          WHERE p.rule IS NULL AND p.all_day
          GROUP BY 1, 2
       )
  SELECT f.fits,
         -- What each item had left before this write: capacity minus others' use on its fullest day.
         CASE WHEN f.fits THEN
           (SELECT array_agg(greatest(0, p.capacity - coalesce(
                     (SELECT max(u.units) FROM used u WHERE u.variant_id = p.variant_id AND u.day >= p.start_day AND u.day < p.finish_day), 0))
                   ORDER BY p.n)
              FROM posted p) END,
         -- Only for a misfit (evaluated lazily): the units in use per variant and day, judged below.
         CASE WHEN f.fits THEN NULL
              ELSE (SELECT coalesce(jsonb_object_agg(u.variant_id || ':' || u.day, u.units), '{}') FROM used u) END,
         CASE WHEN f.fits THEN NULL ELSE (SELECT array_agg(p.capacity ORDER BY p.n) FROM posted p) END
    INTO fits, available, taken, caps
    FROM (SELECT t_fits AND NOT EXISTS (SELECT 1 FROM posted p WHERE p.rule IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM wanted w LEFT JOIN used u ON u.variant_id = w.variant_id AND u.day = w.day
                                  WHERE w.capacity IS NULL OR (w.units > 0 AND coalesce(u.units, 0) + w.units > w.capacity)) AS fits) AS f;

  IF fits AND t_used IS NOT NULL THEN
    -- A timed item's units left are its slot's, not its days'.
    FOR n IN 1 .. array_length(p_item_variant_ids, 1) LOOP
      IF t_used[n] IS NOT NULL THEN
        available[n] := greatest(0, t_caps[n] - t_used[n]);
      END IF;
    END LOOP;
  END IF;
  IF NOT fits THEN
    -- Each item in post order: the units left on its fullest day once the items before it that
    -- fit are counted, and whether it fits; an item whose variant is gone is unknown.
    available := '{}';
    statuses := '{}';
    -- Plain expressions only (no query per item or day): this may run under the locks.
    FOR n IN 1 .. coalesce(array_length(p_item_variant_ids, 1), 0) LOOP
      IF caps[n] IS NULL OR p_rule_status[n] IS NOT NULL THEN
        -- A rule stops it (an unknown variant first): no units for it, none taken.
        available := available || 0;
        statuses := statuses || (CASE WHEN caps[n] IS NULL THEN 'unknown_variant' ELSE p_rule_status[n] END);
        CONTINUE;
      END IF;
      IF NOT p_all_day[n] THEN
        available := available || t_left[n];
        statuses := statuses || (CASE WHEN t_ok[n] THEN 'ok' ELSE 'sold_out' END);
        CONTINUE;
      END IF;
      units_left := caps[n];
      FOR d IN 0 .. p_finish_day[n] - p_start_day[n] - 1 LOOP
        units_left := least(units_left, caps[n] - coalesce((taken ->> (p_item_variant_ids[n] || ':' || (p_start_day[n] + d)))::int, 0));
      END LOOP;
      units_left := greatest(0, units_left);
      available := available || units_left;
      IF p_quantity[n] > units_left THEN
        statuses := statuses || 'sold_out'::text;
      ELSE
        statuses := statuses || 'ok'::text;
        IF p_quantity[n] > 0 THEN
          FOR d IN 0 .. p_finish_day[n] - p_start_day[n] - 1 LOOP
            k := p_item_variant_ids[n] || ':' || (p_start_day[n] + d);
            taken := jsonb_set(taken, ARRAY[k], to_jsonb(coalesce((taken ->> k)::int, 0) + p_quantity[n]));
          END LOOP;
        END IF;
      END IF;
    END LOOP;
  END IF;
END
$$;

DROP FUNCTION IF EXISTS hold_items(bigint, text, jsonb, timestamptz, integer, boolean, bigint[], bigint[], timestamptz[],
                                   timestamptz[], date[], date[], integer[], date, date, integer);
CREATE FUNCTION hold_items(
  p_shop_id bigint,
  p_cart_token text,
  p_guests jsonb,
  p_now timestamptz,
  p_hold_minutes integer,
  p_set_guests boolean,
  -- The posted variants: the cart's items of them are replaced.
  p_variant_ids bigint[],
  -- Every posted item in post order, quantity 0 included (judged, not written).
  p_item_variant_ids bigint[],
  p_start_at timestamptz[],
  p_finish_at timestamptz[],
  p_start_day date[],
  p_finish_day date[],
  p_quantity integer[],
  -- Per posted item: the rule that stops it (unknown_variant, invalid_duration, outside_window,
  -- blacked_out), NULL when none does. A stopped item takes no units and makes the post a misfit.
  p_rule_status text[],
  -- Per posted item: true for whole days, false for the instants of a slot variant's slots.
  p_all_day boolean[],
  p_span_start date,
  p_span_finish date,
  -- The hold length of a product on no widget (the `range` defaults).
  p_default_hold_minutes integer,
  OUT outcome text,
  OUT res_id bigint,
  OUT res_created_at timestamptz,
  OUT res_expires_at timestamptz,
  OUT res_created boolean,
  OUT res_now timestamptz,
  OUT kept_others boolean,
  OUT available integer[],
  OUT statuses text[],
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
  to_lock bigint[];
  locked bigint[] := '{}';
  own_id bigint;
  own_expires timestamptz;
  own_others bigint[];
  other_minutes integer;
  fits boolean;
BEGIN
  -- The fresh snapshot per statement below is READ COMMITTED's: under a stricter level the
  -- reads would keep the transaction's first snapshot and miss what earlier lock holders wrote.
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'hold_items needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;

  -- (0) On a snapshot, before any lock: a post that does not fit now is refused at once, by the
  -- same judgement as under the locks (hold_judgement); what fits is decided only under them.
  v_now := coalesce(p_now, clock_timestamp());
  SELECT r.id INTO own_id FROM reservations r WHERE r.shop_id = p_shop_id AND r.cart_token = p_cart_token;
  SELECT j.fits, j.available, j.statuses INTO fits, available, statuses
    FROM hold_judgement(p_variant_ids, p_item_variant_ids, p_start_at, p_finish_at, p_start_day, p_finish_day, p_quantity,
                        p_rule_status, p_all_day, p_span_start, p_span_finish, v_now, own_id) AS j;
  IF NOT fits THEN
    outcome := 'misfit';
    res_now := v_now;
    lock_wait_ms := 0;
    lock_held_ms := 0;
    RETURN;
  END IF;

  -- (i) The posted variants' locks in id order, so two writers never wait on each other in a
  -- cycle; then those of the cart's live items of variants not posted. The caller locks the
  -- ones it saw first (holds.ts), in the same order; ones the cart gained since are locked here,
  -- out of order (a deadlock aborts the call, and the caller runs it again).
  to_lock := p_variant_ids;
  LOOP
    PERFORM 1 FROM variants v WHERE v.id = ANY (to_lock) ORDER BY v.id FOR NO KEY UPDATE;
    locked := locked || to_lock;
    lock_wait_ms := coalesce(lock_wait_ms, 1000 * extract(epoch FROM clock_timestamp() - started));
    -- (ii) "Now", read after the locks: whatever expired while this call waited has expired,
    -- exactly as the previous lock holder saw it or later.
    v_now := coalesce(p_now, clock_timestamp());
    SELECT r.id, r.expires_at,
           CASE WHEN r.expires_at > v_now THEN
             ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri
                    WHERE ri.reservation_id = r.id AND ri.variant_id <> ALL (p_variant_ids) ORDER BY 1)
           ELSE '{}' END
      INTO own_id, own_expires, own_others
      FROM reservations r WHERE r.shop_id = p_shop_id AND r.cart_token = p_cart_token;
    own_others := coalesce(own_others, '{}');
    EXIT WHEN own_others <@ locked;
    to_lock := ARRAY(SELECT unnest(own_others) EXCEPT SELECT unnest(locked));
  END LOOP;

  -- Each renewed item keeps its own product's hold length: the hold ends at the earliest of them.
  IF own_others <> '{}' THEN
    SELECT min(coalesce((SELECT (w.settings->>'hold_minutes')::int
                           FROM widget_products wp JOIN widgets w ON w.id = wp.widget_id
                          WHERE wp.product_id = ov.product_id ORDER BY w.id LIMIT 1), p_default_hold_minutes))
      INTO other_minutes FROM variants ov WHERE ov.id = ANY (own_others);
  END IF;
  v_expires := v_now + make_interval(mins => least(p_hold_minutes, coalesce(other_minutes, p_hold_minutes)));

  -- Under the locks: the judgement that decides.
  SELECT j.fits, j.available, j.statuses INTO fits, available, statuses
    FROM hold_judgement(p_variant_ids, p_item_variant_ids, p_start_at, p_finish_at, p_start_day, p_finish_day, p_quantity,
                        p_rule_status, p_all_day, p_span_start, p_span_finish, v_now, own_id) AS j;
  res_now := v_now;
  IF NOT fits THEN
    outcome := 'misfit';
    lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
    RETURN;
  END IF;

  -- (iii) The write, as writeHold in reservations/hold-queries.ts. "Lapsed" is the stored
  -- expires_at before this statement's renewal (its sub-statements share one snapshot).
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
         SELECT r.id, t.variant_id, t.start_at, t.finish_at, t.start_day, t.finish_day, t.quantity,
                CASE WHEN t.all_day THEN 1 ELSE 0 END, t.n - 1
           FROM r, unnest(p_item_variant_ids, p_start_at, p_finish_at, p_start_day, p_finish_day, p_quantity, p_all_day) WITH ORDINALITY
                     AS t (variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day, n)
          WHERE t.quantity > 0
       )
  SELECT r.id, r.created_at, r.expires_at, r.created INTO res_id, res_created_at, res_expires_at, res_created FROM r;
  outcome := 'held';
  kept_others := own_others <> '{}';
  lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
END
$$;
