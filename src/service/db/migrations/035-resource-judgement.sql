-- resource_units_in_use and resource_judgement: shared resources judged and assigned in the hold
--
-- Migration 35 (issue 39, ../shared/spec/RESOURCES.md §2). Capacity stays one judgement in the
-- database: hold_items (and a booking's judgement, bookings/resource-queries.ts) asks
-- resource_judgement, under the row locks of every pool it judges, taken in id order after all
-- variant locks, which resource of each requirement's pool takes the item's units, and writes the
-- answer as resource_allocations rows in the statement that writes the items. The service only
-- carries data: it narrows each pool by the rules that need no count (the resource's hours, its
-- blackouts, the shopper's pick) and widens a slot's instants by its buffers before it calls.
-- A post with no requirements passes '[]' and takes today's path unchanged.

-- The most units of `p_resource` in use at any instant of [p_start, p_finish): live holds (their
-- reservation not expired at p_now, the cart's own left out) and pending or confirmed bookings
-- (one left out: a booking being moved). Rows of one share_key count once, by their largest units.
CREATE FUNCTION resource_units_in_use(p_resource bigint, p_start timestamptz, p_finish timestamptz, p_now timestamptz,
                                      p_except_reservation bigint, p_except_booking bigint)
RETURNS integer LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
  WITH live AS (
         SELECT a.start_at, a.finish_at, a.units, a.share_key, a.id
           FROM resource_allocations a
           JOIN reservation_items ri ON ri.id = a.reservation_item_id
           JOIN reservations r ON r.id = ri.reservation_id
          WHERE a.resource_id = p_resource AND a.finish_at > p_start AND a.start_at < p_finish
            AND r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation
         UNION ALL
         SELECT a.start_at, a.finish_at, a.units, a.share_key, a.id
           FROM resource_allocations a
           JOIN booking_items bi ON bi.id = a.booking_item_id
           JOIN bookings b ON b.id = bi.booking_id
          WHERE a.resource_id = p_resource AND a.finish_at > p_start AND a.start_at < p_finish
            AND b.status IN ('pending', 'confirmed') AND b.id IS DISTINCT FROM p_except_booking
       ),
       used AS (
         SELECT min(l.start_at) AS s, max(l.finish_at) AS f, max(l.units) AS q
           FROM live l GROUP BY coalesce(l.share_key, 'row:' || l.id)
       )
  -- The load is a step function rising only where a period starts: its most over the period is
  -- at the period's start or at a start inside it.
  SELECT coalesce(max((SELECT sum(u.q) FROM used u WHERE u.s <= t.at AND u.f > t.at)), 0)::integer
    FROM (SELECT p_start AS at UNION SELECT u.s FROM used u WHERE u.s > p_start) AS t);
END
$$;

-- The resource a departure (a `per: slot` share_key) already has over [p_start, p_finish), and
-- the most units its live rows take: what a later booking of it joins. One definition for the
-- judgement and the reads.
CREATE FUNCTION departure_leader(p_share text, p_start timestamptz, p_finish timestamptz, p_now timestamptz,
                                 p_except_reservation bigint, p_except_booking bigint,
                                 OUT resource bigint, OUT units integer)
LANGUAGE sql STABLE AS $$
  SELECT a.resource_id, max(a.units)
    FROM resource_allocations a
    LEFT JOIN reservation_items ri ON ri.id = a.reservation_item_id
    LEFT JOIN reservations r ON r.id = ri.reservation_id
    LEFT JOIN booking_items bi ON bi.id = a.booking_item_id
    LEFT JOIN bookings b ON b.id = bi.booking_id
   WHERE a.share_key = p_share AND a.finish_at > p_start AND a.start_at < p_finish
     AND ((r.id IS NOT NULL AND r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation)
          OR (b.id IS NOT NULL AND b.status IN ('pending', 'confirmed') AND b.id IS DISTINCT FROM p_except_booking))
   GROUP BY a.resource_id ORDER BY a.resource_id LIMIT 1
$$;

-- Which resource of each requirement's pool takes each posted item's units, at p_now, with the
-- cart's own hold (p_except_reservation) or the booking being changed (p_except_booking) left
-- out. p_requirements is a JSON array, one element per item and requirement, in post order then
-- the variant's order of requirements:
--   item       the posted item (1-based)
--   requirement the variant_requirements id
--   per, uses, quantity
--   pool       the resource ids still eligible (hours, blackouts and a pick applied)
--   others     the rest of a shopper's pool, whose members free are named when the pick is not
--   prefer     a member to keep when it has the units (a hold's, as it becomes a booking)
--   start_at, finish_at   the item's instants, widened by a slot's buffers
--   share      per slot: the departure 'slot:<product>:<start>:<finish>'; per booking: the post's
--              group 'group:<…>' (hold_items prefixes the reservation); null per unit
-- A requirement is granted on the member with the most units free over the period (ties by
-- name), after what earlier items of the post were granted; a share already granted, in this
-- post or (per slot) in the database, is joined: its resource, only the units it lacks. Answers
-- whether all fit; `grants` (one per element granted: item, requirement, resource, units,
-- start_at, finish_at, share); `limits`, per item, the quantity its requirements leave (NULL:
-- they limit nothing); and `short`, per element that did not fit: item, requirement, the pool's
-- members with their units free, and the resource a departure already has when it is outside
-- the pool.
CREATE FUNCTION resource_judgement(
  p_requirements jsonb,
  p_items integer,
  p_now timestamptz,
  p_except_reservation bigint,
  p_except_booking bigint,
  OUT fits boolean,
  OUT grants jsonb,
  OUT limits integer[],
  OUT short jsonb
) LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  req record;
  c record;
  need integer;
  free integer;
  best bigint;
  best_free integer;
  best_name text;
  joined jsonb;
  led_by bigint;
  led_units integer;
  members jsonb;
  item_limit integer;
BEGIN
  fits := true;
  grants := '[]';
  short := '[]';
  limits := array_fill(NULL::integer, ARRAY[p_items]);
  FOR req IN
    SELECT x.* FROM jsonb_to_recordset(p_requirements)
      AS x(item integer, requirement bigint, per text, uses integer, quantity integer, pool bigint[], others bigint[],
           prefer bigint, start_at timestamptz, finish_at timestamptz, share text)
  LOOP
    IF req.quantity <= 0 THEN CONTINUE; END IF;
    need := CASE WHEN req.per = 'unit' THEN req.uses * req.quantity ELSE req.uses END;
    led_by := NULL;
    led_units := 0;
    -- A share this post was already granted: join it.
    joined := NULL;
    IF req.share IS NOT NULL THEN
      SELECT g INTO joined FROM jsonb_array_elements(grants) AS g
       WHERE g->>'share' = req.share AND (g->>'resource')::bigint = ANY (req.pool) LIMIT 1;
    END IF;
    IF joined IS NOT NULL THEN
      grants := grants || jsonb_build_array(jsonb_build_object(
        'item', req.item, 'requirement', req.requirement, 'resource', (joined->>'resource')::bigint,
        'units', greatest(need, (joined->>'units')::int), 'start_at', req.start_at, 'finish_at', req.finish_at,
        'share', req.share));
      CONTINUE;
    END IF;
    -- A departure already led in the database: only its resource can join it.
    IF req.per = 'slot' THEN
      SELECT d.resource, d.units INTO led_by, led_units
        FROM departure_leader(req.share, req.start_at, req.finish_at, p_now, p_except_reservation, p_except_booking) AS d;
    END IF;
    best := NULL;
    best_free := -1;
    best_name := NULL;
    members := '[]';
    FOR c IN
      SELECT s.id, s.name, s.units FROM resources s
       WHERE s.id = ANY (req.pool) AND (led_by IS NULL OR s.id = led_by) ORDER BY s.name, s.id
    LOOP
      free := c.units - resource_units_in_use(c.id, req.start_at, req.finish_at, p_now, p_except_reservation, p_except_booking)
              - (SELECT coalesce(sum(u.units), 0) FROM (
                   SELECT max((g->>'units')::int) AS units FROM jsonb_array_elements(grants) AS g
                    WHERE (g->>'resource')::bigint = c.id AND (g->>'start_at')::timestamptz < req.finish_at
                      AND (g->>'finish_at')::timestamptz > req.start_at
                    GROUP BY coalesce(g->>'share', 'row:' || (g->>'item') || ':' || (g->>'requirement'))) AS u);
      -- A departure's units are already counted: what is free for it includes its own.
      IF led_by IS NOT NULL THEN free := free + led_units; END IF;
      members := members || jsonb_build_array(jsonb_build_object('id', c.id, 'name', c.name, 'free', greatest(0, free)));
      -- The member to keep (a hold's, when it becomes the booking) wins whenever it has the units.
      IF free >= need AND (free > best_free OR c.id = req.prefer) AND (best IS NULL OR best IS DISTINCT FROM req.prefer) THEN
        best := c.id;
        best_free := free;
        best_name := c.name;
      END IF;
    END LOOP;
    -- The quantity this requirement leaves the item: its best member's (per unit), else all or none.
    item_limit := CASE WHEN req.per = 'unit'
                       THEN (SELECT max((m->>'free')::int) / req.uses FROM jsonb_array_elements(members) AS m)
                       WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(members) AS m WHERE (m->>'free')::int >= need) THEN NULL
                       ELSE 0 END;
    limits[req.item] := CASE WHEN item_limit IS NULL THEN limits[req.item]
                             ELSE least(coalesce(limits[req.item], item_limit), item_limit) END;
    IF best IS NULL THEN
      fits := false;
      -- For a shopper's pick: which other members of the pool have the units free.
      short := short || jsonb_build_array(jsonb_build_object(
        'item', req.item, 'requirement', req.requirement, 'members', members, 'led_by', led_by,
        'others', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id), '[]')
                     FROM resources s
                    WHERE s.id = ANY (req.others) AND s.id <> ALL (req.pool)
                      AND s.units - resource_units_in_use(s.id, req.start_at, req.finish_at, p_now, p_except_reservation,
                                                          p_except_booking) >= need)));
    ELSE
      grants := grants || jsonb_build_array(jsonb_build_object(
        'item', req.item, 'requirement', req.requirement, 'resource', best, 'units', need,
        'start_at', req.start_at, 'finish_at', req.finish_at, 'share', req.share));
    END IF;
  END LOOP;
END
$$;

-- Each item's units left, lowered to what its requirements leave (a NULL limit lowers nothing).
CREATE FUNCTION resource_limited(p_available integer[], p_limits integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_limits IS NULL THEN p_available
              ELSE ARRAY(SELECT CASE WHEN l IS NULL THEN a ELSE least(a, l) END
                           FROM unnest(p_available, p_limits) WITH ORDINALITY AS t (a, l, n)
                          WHERE n <= coalesce(array_length(p_available, 1), 0) ORDER BY n) END
$$;

-- A post whose variants fit but whose resources did not: the items a requirement refused are
-- sold out, the others fit.
CREATE FUNCTION resource_statuses(p_short jsonb, p_items integer) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY(SELECT CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(p_short) AS s WHERE (s->>'item')::int = n)
                           THEN 'sold_out' ELSE 'ok' END
                 FROM generate_series(1, p_items) AS n ORDER BY n)
$$;

-- hold_items as migration 20's, with the resources: (0) and the judgement under the locks ask
-- resource_judgement after hold_judgement when the post has requirements; (i b) locks the pools
-- and the renewed items' resources in id order after every variant lock; (iii) writes the grants
-- as resource_allocations of the items it inserts. A post without requirements runs exactly as
-- before.
DROP FUNCTION hold_items(bigint, text, jsonb, timestamptz, integer, boolean, bigint[], bigint[], timestamptz[],
                         timestamptz[], date[], date[], integer[], text[], boolean[], date, date, integer);
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
  -- Per posted item and requirement of its variant: what resource_judgement takes ('[]': none).
  p_requirements jsonb,
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
  OUT lock_held_ms double precision,
  -- A misfit of resources: per requirement that did not fit, its pool's members and units free.
  OUT short jsonb,
  -- A hold: the resources granted (resource_judgement's grants), for the record.
  OUT assigned jsonb
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
  r_fits boolean;
  r_grants jsonb;
  r_limits integer[];
  res_lock bigint[];
  res_locked bigint[] := '{}';
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
  IF fits AND p_requirements <> '[]' THEN
    SELECT j.fits, j.limits, j.short INTO r_fits, r_limits, short
      FROM resource_judgement(p_requirements, array_length(p_item_variant_ids, 1), v_now, own_id, NULL) AS j;
    IF NOT r_fits THEN
      fits := false;
      statuses := resource_statuses(short, array_length(p_item_variant_ids, 1));
    END IF;
  END IF;
  IF NOT fits THEN
    outcome := 'misfit';
    res_now := v_now;
    lock_wait_ms := 0;
    lock_held_ms := 0;
    available := resource_limited(available, r_limits);
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

  -- (i b) After every variant lock, the resources' in id order: every pool judged, and those the
  -- cart's renewed items hold (a renewal must not revive units a competitor judged expired: the
  -- same race as a variant's, above). "Now" is read again once they are granted.
  LOOP
    res_lock := ARRAY(
      SELECT DISTINCT x.id FROM (
        SELECT jsonb_array_elements_text(e->'pool')::bigint AS id FROM jsonb_array_elements(p_requirements) AS e
        UNION ALL
        SELECT a.resource_id FROM resource_allocations a JOIN reservation_items ri ON ri.id = a.reservation_item_id
         WHERE ri.reservation_id = own_id AND ri.variant_id <> ALL (p_variant_ids)) AS x
       WHERE x.id <> ALL (res_locked) ORDER BY 1);
    EXIT WHEN res_lock = '{}';
    PERFORM 1 FROM resources s WHERE s.id = ANY (res_lock) ORDER BY s.id FOR NO KEY UPDATE;
    res_locked := res_locked || res_lock;
    v_now := coalesce(p_now, clock_timestamp());
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
  IF fits AND p_requirements <> '[]' THEN
    SELECT j.fits, j.grants, j.limits, j.short INTO r_fits, r_grants, r_limits, short
      FROM resource_judgement(p_requirements, array_length(p_item_variant_ids, 1), v_now, own_id, NULL) AS j;
    IF NOT r_fits THEN
      fits := false;
      statuses := resource_statuses(short, array_length(p_item_variant_ids, 1));
    END IF;
  END IF;
  available := resource_limited(available, r_limits);
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
         RETURNING id, position
       ),
       -- The assignments, on the items just written; a post's group is this reservation's.
       assigned AS (
         INSERT INTO resource_allocations (resource_id, requirement_id, reservation_item_id, start_at, finish_at, units, share_key)
         SELECT g.resource, g.requirement, a.id, g.start_at, g.finish_at, g.units,
                CASE WHEN g.share LIKE 'group:%' THEN 'hold:' || r.id || ':' || g.share ELSE g.share END
           FROM r, added a
           JOIN jsonb_to_recordset(coalesce(r_grants, '[]'))
                  AS g (item integer, requirement bigint, resource bigint, units integer, start_at timestamptz,
                        finish_at timestamptz, share text) ON g.item = a.position + 1
       )
  SELECT r.id, r.created_at, r.expires_at, r.created INTO res_id, res_created_at, res_expires_at, res_created FROM r;
  outcome := 'held';
  assigned := r_grants;
  kept_others := own_others <> '{}';
  lock_held_ms := 1000 * extract(epoch FROM clock_timestamp() - started) - lock_wait_ms;
END
$$;

-- What each item's requirements leave it, judged as a hold of it alone would be (the reads:
-- GET /v1/availability and /v1/slots, and a hold record's units left): `limits` per item (NULL:
-- its requirements limit nothing) and `free` per item, the members of its `shopper` pools with
-- the units free for one unit of it ({"<item>": [ids]}). Same elements as resource_judgement's;
-- items never count against each other here (a month of days, a day of slots).
CREATE FUNCTION resource_item_limits(
  p_requirements jsonb,
  p_items integer,
  p_now timestamptz,
  p_except_reservation bigint,
  OUT limits integer[],
  OUT free jsonb
) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  req record;
  most integer;
  led bigint;
  led_units integer;
  item_limit integer;
  members bigint[];
BEGIN
  limits := array_fill(NULL::integer, ARRAY[p_items]);
  free := '{}';
  FOR req IN
    SELECT x.* FROM jsonb_to_recordset(p_requirements)
      AS x(item integer, requirement bigint, per text, uses integer, pool bigint[], choice text,
           start_at timestamptz, finish_at timestamptz, share text)
  LOOP
    led := NULL;
    led_units := 0;
    IF req.per = 'slot' THEN
      SELECT d.resource, d.units INTO led, led_units
        FROM departure_leader(req.share, req.start_at, req.finish_at, p_now, p_except_reservation, NULL) AS d;
    END IF;
    -- Each eligible member's units free for this item (a departure's own units count as free to it).
    SELECT max(m.free), array_agg(m.id ORDER BY m.name, m.id) FILTER (WHERE m.free >= req.uses)
      INTO most, members
      FROM (SELECT s.id, s.name,
                   s.units - resource_units_in_use(s.id, req.start_at, req.finish_at, p_now, p_except_reservation, NULL)
                   + CASE WHEN s.id = led THEN led_units ELSE 0 END AS free
              FROM resources s WHERE s.id = ANY (req.pool) AND (led IS NULL OR s.id = led)) AS m;
    most := greatest(0, coalesce(most, 0));
    item_limit := CASE WHEN req.per = 'unit' THEN most / req.uses WHEN most >= req.uses THEN NULL ELSE 0 END;
    IF item_limit IS NOT NULL THEN
      limits[req.item] := least(coalesce(limits[req.item], item_limit), item_limit);
    END IF;
    IF req.choice = 'shopper' THEN
      free := free || jsonb_build_object(req.item::text, to_jsonb(coalesce(members, '{}')));
    END IF;
  END LOOP;
END
$$;
