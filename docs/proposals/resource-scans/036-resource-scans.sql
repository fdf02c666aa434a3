-- Shared resources counted in time that grows with what overlaps a period, not with all that is
-- ahead of it (a PROPOSAL measured by the bench's resources section; see the bench report).
--
-- 1. resource_units_in_use: an allocation's liveness is looked up from its own hold or booking
--    item (correlated index lookups), where the generic plan hashed every reservation and
--    booking item ever written on each call; and the allocations are found by a GiST index on
--    (resource, its instants), bounded on both sides, where (resource_id, finish_at) walked every
--    allocation still ahead of the period's start.
-- 2. resource_item_limits: one statement for all the periods asked. Each pool member's live
--    allocations over the whole span are read once (not once per period and member), its load is
--    a step function (a running sum of +units at each start and -units at each finish), and each
--    period's peak is the most of the steps it overlaps, found by merging the periods' bounds into
--    the steps by time. Same answers as migration 35's. jit is off for it: its generic plan's cost
--    passes jit_above_cost, and compiling took more than the call's own work.
-- 3. A departure's allocations by share_key (per: slot looked them up by a sequential scan).
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE INDEX resource_allocations_during ON resource_allocations USING gist (resource_id, tstzrange(start_at, finish_at));
CREATE INDEX resource_allocations_share ON resource_allocations (share_key) WHERE share_key IS NOT NULL;

CREATE OR REPLACE FUNCTION resource_units_in_use(p_resource bigint, p_start timestamptz, p_finish timestamptz, p_now timestamptz,
                                      p_except_reservation bigint, p_except_booking bigint)
RETURNS integer LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
  WITH live AS (
         SELECT a.start_at, a.finish_at, a.units, a.share_key, a.id
           FROM resource_allocations a
          WHERE a.resource_id = p_resource AND tstzrange(a.start_at, a.finish_at) && tstzrange(p_start, p_finish)
            AND a.finish_at > p_start AND a.start_at < p_finish
            AND CASE WHEN a.reservation_item_id IS NOT NULL
                     THEN (SELECT r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation
                             FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
                            WHERE ri.id = a.reservation_item_id)
                     ELSE (SELECT b.status IN ('pending', 'confirmed') AND b.id IS DISTINCT FROM p_except_booking
                             FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
                            WHERE bi.id = a.booking_item_id) END
       ),
       used AS (
         SELECT min(l.start_at) AS s, max(l.finish_at) AS f, max(l.units) AS q
           FROM live l GROUP BY coalesce(l.share_key, 'row:' || l.id)
       )
  SELECT coalesce(max((SELECT sum(u.q) FROM used u WHERE u.s <= t.at AND u.f > t.at)), 0)::integer
    FROM (SELECT p_start AS at UNION SELECT u.s FROM used u WHERE u.s > p_start) AS t);
END
$$;

CREATE OR REPLACE FUNCTION resource_item_limits(
  p_requirements jsonb,
  p_items integer,
  p_now timestamptz,
  p_except_reservation bigint,
  OUT limits integer[],
  OUT free jsonb
) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
-- The generic plan's cost (it cannot bound the scans it cannot see the inputs of) passes
-- jit_above_cost: JIT would compile ~200 functions on every call, more than the call's own work.
SET jit = off
AS $$
BEGIN
  WITH e AS (
         SELECT row_number() OVER () AS n, x.*
           FROM jsonb_to_recordset(p_requirements)
             AS x(item integer, requirement bigint, per text, uses integer, pool bigint[], choice text,
                  start_at timestamptz, finish_at timestamptz, share text)
       ),
       -- A departure already led (per slot): only its resource, its own units counted as free to it.
       led AS (
         SELECT e.n, l.resource_id, l.units
           FROM e CROSS JOIN LATERAL (
                  SELECT a.resource_id, max(a.units) AS units
                    FROM resource_allocations a
                    LEFT JOIN reservation_items ri ON ri.id = a.reservation_item_id
                    LEFT JOIN reservations r ON r.id = ri.reservation_id
                    LEFT JOIN booking_items bi ON bi.id = a.booking_item_id
                    LEFT JOIN bookings b ON b.id = bi.booking_id
                   WHERE a.share_key = e.share AND a.finish_at > e.start_at AND a.start_at < e.finish_at
                     AND ((r.id IS NOT NULL AND r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation)
                          OR (b.id IS NOT NULL AND b.status IN ('pending', 'confirmed')))
                   GROUP BY a.resource_id ORDER BY a.resource_id LIMIT 1) AS l
          WHERE e.per = 'slot'
       ),
       pm AS (
         SELECT e.n, s.id AS r, s.name, s.units, e.start_at AS ps, e.finish_at AS pf,
                CASE WHEN s.id = led.resource_id THEN led.units ELSE 0 END AS own
           FROM e CROSS JOIN LATERAL unnest(e.pool) AS pr (id) JOIN resources s ON s.id = pr.id
           LEFT JOIN led ON led.n = e.n
          WHERE led.resource_id IS NULL OR s.id = led.resource_id
       ),
       span AS (SELECT pm.r, min(pm.ps) AS lo, max(pm.pf) AS hi FROM pm GROUP BY pm.r),
       live AS (
         SELECT span.r, a.start_at, a.finish_at, a.units, coalesce(a.share_key, 'row:' || a.id) AS k
           FROM span JOIN resource_allocations a
             ON a.resource_id = span.r AND tstzrange(a.start_at, a.finish_at) && tstzrange(span.lo, span.hi)
            AND a.finish_at > span.lo AND a.start_at < span.hi
          WHERE CASE WHEN a.reservation_item_id IS NOT NULL
                     THEN (SELECT r.expires_at > p_now AND r.id IS DISTINCT FROM p_except_reservation
                             FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
                            WHERE ri.id = a.reservation_item_id)
                     ELSE (SELECT b.status IN ('pending', 'confirmed')
                             FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
                            WHERE bi.id = a.booking_item_id) END
       ),
       used AS (SELECT l.r, min(l.start_at) AS s, max(l.finish_at) AS f, max(l.units) AS q FROM live l GROUP BY l.r, l.k),
       -- The load from each instant it changes at (step k, numbered across all members in order of
       -- member and time) until the next.
       steps AS (
         SELECT d.r, d.t, sum(sum(d.q)) OVER (PARTITION BY d.r ORDER BY d.t) AS load,
                row_number() OVER (ORDER BY d.r, d.t) AS k
           FROM (SELECT u.r, u.s AS t, u.q FROM used u UNION ALL SELECT u.r, u.f, -u.q FROM used u) AS d
          GROUP BY d.r, d.t
       ),
       -- Each period's steps, by the steps and its bounds merged in order of time: from the last step
       -- at or before its start (none: the member's first step, after it, the load before it being 0)
       -- to the last step before its finish.
       ranges AS (
         SELECT m.n, m.r, max(m.lo) FILTER (WHERE m.side = 0) AS lo, max(m.before) FILTER (WHERE m.side = 1) AS hi
           FROM (SELECT x.n, x.r, x.side,
                        max(x.k) OVER (PARTITION BY x.r ORDER BY x.t, x.o ROWS UNBOUNDED PRECEDING) AS before,
                        coalesce(max(x.k) OVER (PARTITION BY x.r ORDER BY x.t, x.o ROWS UNBOUNDED PRECEDING),
                                 min(x.k) OVER (PARTITION BY x.r)) AS lo
                   FROM (SELECT st.r, st.t, 1 AS o, st.k, NULL::bigint AS n, NULL::int AS side FROM steps st
                         UNION ALL SELECT pm.r, pm.ps, 2, NULL, pm.n, 0 FROM pm
                         UNION ALL SELECT pm.r, pm.pf, 0, NULL, pm.n, 1 FROM pm) AS x) AS m
          WHERE m.side IS NOT NULL
          GROUP BY m.n, m.r
       ),
       -- The most of a period's steps, joined by their one key (k is numbered across members).
       peak AS (
         SELECT rg.n, rg.r, coalesce(max(st.load), 0)::integer AS peak
           FROM ranges rg
           LEFT JOIN LATERAL generate_series(rg.lo, rg.hi) AS g (k) ON true
           LEFT JOIN steps st ON st.k = g.k
          GROUP BY rg.n, rg.r
       ),
       members AS (
         SELECT pm.n, pm.r, pm.name, pm.units - coalesce(p.peak, 0) + pm.own AS free
           FROM pm LEFT JOIN peak p ON p.n = pm.n AND p.r = pm.r
       ),
       per_element AS (
         SELECT e.n, e.item, e.per, e.uses, e.choice,
                greatest(0, coalesce(max(m.free), 0)) AS most,
                array_agg(m.r ORDER BY m.name, m.r) FILTER (WHERE e.choice = 'shopper' AND m.free >= e.uses) AS ok
           FROM e LEFT JOIN members m ON m.n = e.n
          GROUP BY e.n, e.item, e.per, e.uses, e.choice
       ),
       per_item AS (
         SELECT pe.item,
                min(CASE WHEN pe.per = 'unit' THEN pe.most / pe.uses WHEN pe.most >= pe.uses THEN NULL ELSE 0 END) AS lim
           FROM per_element pe GROUP BY pe.item
       )
  SELECT ARRAY(SELECT pi.lim FROM generate_series(1, p_items) AS i LEFT JOIN per_item pi ON pi.item = i ORDER BY i),
         coalesce((SELECT jsonb_object_agg(x.item::text, to_jsonb(coalesce(x.ok, '{}')))
                     FROM (SELECT DISTINCT ON (pe.item) pe.item, pe.ok FROM per_element pe
                            WHERE pe.choice = 'shopper' ORDER BY pe.item, pe.n DESC) AS x), '{}')
    INTO limits, free;
END
$$;
