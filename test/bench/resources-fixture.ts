/**
 * The resources bench's shop (issue 39, point 8): one product whose variants are alike (capacity
 * 40, the same blackouts) but for what they draw on. Pairs read over the same PERIOD_DAYS with as
 * many live reservations each (half holds, half bookings, spread evenly), with and without
 * requirements; variants whose one pool has 1, 4 or 16 members; and variants the hold races are
 * run on, with nothing live before them. Resources, requirements and the live rows (their
 * resource_allocations included, as hold_items and a booking write them) are inserted in SQL
 * after the fixture: the fixture format for resources is another change's.
 * @module
 */
import { localDay } from './service-fixture.ts';
import { PERIOD_DAYS } from './slots-fixture.ts';

export { PERIOD_DAYS };
export const RESOURCES_TZ = 'Australia/Melbourne';
const PRODUCT = 7001;
export const CAPACITY = 40;

/** One requirement as the bench writes it: a pool of `members` resources of `units` each. */
export interface BenchRequirement {
  /** Names the pool's resources: `<label> <variant>-<n>`. */
  label: string;
  kind: 'staff' | 'equipment' | 'vehicle';
  members: number;
  units: number;
  per: 'unit' | 'booking';
  uses: number;
}

/** One variant of the bench, what it draws on and what is live on it. */
export interface BenchVariant {
  externalId: number;
  /** Starts per day (60-minute slots), or undefined for a variant booked by days. */
  startsPerDay?: 24;
  /** Live holds and bookings on it over the period. */
  reservations: number;
  requirements: readonly BenchRequirement[];
}

/**
 * The two pools of issue 39's example: a guide pool of 3 staff, one per booking, and a boat's
 * seats, one per unit. Neither binds before the variant's own capacity of 40 does (3 guides of
 * 14 units take 42 bookings at once; 500 seats), so a variant with them and one without refuse
 * and grant the same posts: what differs is the judging and the assigning, not the outcome.
 */
const GUIDES_AND_SEATS: readonly BenchRequirement[] = [
  { label: 'Guide', kind: 'staff', members: 3, units: 14, per: 'booking', uses: 1 },
  { label: 'Seats', kind: 'vehicle', members: 1, units: 500, per: 'unit', uses: 1 },
];

/** One pool of `members` kayaks of 40 units each (per unit: never binding before the capacity of 40). */
const fleet = (members: number): readonly BenchRequirement[] => [
  { label: 'Kayak', kind: 'equipment', members, units: CAPACITY, per: 'unit', uses: 1 },
];

/** The pool sizes whose cost is compared. */
export const POOL_SIZES = [1, 4, 16] as const;

export const VARIANTS = {
  // Reads: a month of days and of slots, each with and without requirements.
  days: { externalId: 7101, reservations: 2000, requirements: [] },
  daysPools: { externalId: 7102, reservations: 2000, requirements: GUIDES_AND_SEATS },
  slots: { externalId: 7103, startsPerDay: 24, reservations: 2000, requirements: [] },
  slotsPools: { externalId: 7104, startsPerDay: 24, reservations: 2000, requirements: GUIDES_AND_SEATS },
  // Reads: one pool of 1, 4 or 16 members; the same 2,000 live, spread over the members.
  daysPool1: { externalId: 7111, reservations: 2000, requirements: fleet(1) },
  daysPool4: { externalId: 7114, reservations: 2000, requirements: fleet(4) },
  daysPool16: { externalId: 7126, reservations: 2000, requirements: fleet(16) },
  // Hold races, each on its own variant booked by days with nothing live before it.
  race: { externalId: 7201, reservations: 0, requirements: [] },
  racePools: { externalId: 7202, reservations: 0, requirements: GUIDES_AND_SEATS },
  racePool1: { externalId: 7211, reservations: 0, requirements: fleet(1) },
  racePool4: { externalId: 7214, reservations: 0, requirements: fleet(4) },
  racePool16: { externalId: 7226, reservations: 0, requirements: fleet(16) },
} as const satisfies Record<string, BenchVariant>;

/** Names of the resources of the race variants start with this (checked for overuse after the run). */
export const RACE_PREFIX = 'Race ';

function resourceName(v: BenchVariant, r: BenchRequirement, n: number): string {
  return `${v.reservations === 0 ? RACE_PREFIX : ''}${r.label} ${v.externalId}-${n}`;
}

/** The shop: one product with the variants above, a date widget without a lead time, a few blackouts, tokens. */
export function resourcesFixture(): unknown {
  const all = Object.values(VARIANTS) as BenchVariant[];
  // As the slots bench: a 2-hour blackout every 9 days on each variant read, so the blackout
  // rule runs on real rows (none on the race day, day 5).
  const blackouts = all
    .filter((v) => v.reservations > 0)
    .flatMap((v) =>
      Array.from({ length: 7 }, (_, i) => ({
        title: `Maintenance ${v.externalId}-${i}`,
        starts_at: `${localDay(3 + 9 * i, RESOURCES_TZ)} 10:00`,
        finishes_at: `${localDay(3 + 9 * i, RESOURCES_TZ)} 12:00`,
        external_variant_id: v.externalId,
      })),
    );
  return {
    shops: [
      {
        name: 'Bench Tours',
        tz: RESOURCES_TZ,
        locale: 'en',
        locations: [],
        products: [
          {
            external_id: PRODUCT,
            title: 'Harbour tour',
            vendor: 'Bench',
            variants: all.map((v) => ({
              external_id: v.externalId,
              title: `Tour ${v.externalId}`,
              capacity: CAPACITY,
            })),
          },
        ],
        widgets: [
          {
            title: 'Harbour tour',
            type: 'date',
            external_product_ids: [PRODUCT],
            settings: { lead_days: 0, horizon_days: 1000, quantity_max: 10, hold_minutes: 60 },
          },
        ],
        blackouts,
        tokens: [
          { kind: 'secret', token: 'sk_bench' },
          { kind: 'publishable', token: 'pk_bench', origins: ['http://127.0.0.1'] },
        ],
      },
    ],
  };
}

const utc = (instant: string) => `to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL that gives the slot variants their schedules, the variants their resources and
 * requirements, and the variants read their live reservations with the resource_allocations
 * hold_items (holds) and a booking (bookings) would have written: each requirement's units on a
 * member of its pool in turn, over the item's instants (a day: its local midnights), a `per:
 * booking` row keyed by its hold or booking ('hold:<id>:group:…', 'booking:<id>:group:…').
 */
export function resourcesSetupSql(): string {
  const tz = RESOURCES_TZ;
  const day1 = localDay(1, tz);
  const base = `(timestamp '${day1} 00:00' AT TIME ZONE '${tz}')`;
  const parts: string[] = [];
  for (const v of Object.values(VARIANTS) as BenchVariant[]) {
    const variant = `(SELECT id FROM variants WHERE external_id = ${v.externalId})`;
    const shop = `(SELECT shop_id FROM variants WHERE external_id = ${v.externalId})`;
    if (v.startsPerDay)
      parts.push(
        `UPDATE variants SET schedule = '${JSON.stringify({
          counting: 'units',
          hours: Object.fromEntries(
            ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
          ),
          duration_minutes: 60,
          interval_minutes: 1440 / v.startsPerDay,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
          min_notice_minutes: 0,
          horizon_days: 1000,
          max_slots: 1,
        })}'::jsonb WHERE external_id = ${v.externalId};`,
      );
    v.requirements.forEach((r, position) => {
      const names = Array.from({ length: r.members }, (_, n) => `'${resourceName(v, r, n + 1)}'`).join(', ');
      parts.push(`
INSERT INTO resources (shop_id, name, kind, units)
SELECT ${shop}, n, '${r.kind}', ${r.units} FROM unnest(ARRAY[${names}]) AS n;
WITH q AS (
  INSERT INTO variant_requirements (shop_id, variant_id, position, uses, per, choice)
  VALUES (${shop}, ${variant}, ${position}, ${r.uses}, '${r.per}', 'any') RETURNING id)
INSERT INTO requirement_resources (requirement_id, resource_id)
SELECT q.id, s.id FROM q, resources s WHERE s.name IN (${names});`);
    });
    if (v.reservations === 0) continue;
    const half = v.reservations / 2;
    const places = PERIOD_DAYS * (v.startsPerDay ?? 1);
    // The k-th place of the period: its start, its finish and its local day.
    const place = (k: string) =>
      v.startsPerDay
        ? `(SELECT at, at + interval '60 minutes' AS until, (at AT TIME ZONE '${tz}')::date AS day
              FROM (SELECT ${base} + ((${k}) % ${places}) * interval '${1440 / v.startsPerDay} minutes' AS at) AS p)`
        : `(SELECT (d::timestamp AT TIME ZONE '${tz}') AS at, ((d + 1)::timestamp AT TIME ZONE '${tz}') AS until, d AS day
              FROM (SELECT date '${day1}' + ((${k}) % ${places}) AS d) AS p)`;
    const allDay = v.startsPerDay ? 0 : 1;
    // Each requirement of the variant with its pool in id order (members are taken in turn).
    const requirements = `(SELECT q.id, q.uses, q.per, array_agg(rr.resource_id ORDER BY rr.resource_id) AS members
         FROM variant_requirements q JOIN requirement_resources rr ON rr.requirement_id = q.id
        WHERE q.variant_id = ${variant} GROUP BY q.id)`;
    const allocate = (item: string, owner: string, n: string, prefix: string) =>
      v.requirements.length === 0
        ? ''
        : `,
  a AS (
    INSERT INTO resource_allocations (resource_id, requirement_id, ${item}, start_at, finish_at, units, share_key)
    SELECT q.members[1 + (${n}) % cardinality(q.members)], q.id, i.id, i.at, i.until, q.uses,
           CASE WHEN q.per = 'booking'
                THEN '${prefix}:' || ${owner} || ':group:' || ${utc('i.at')} || ':' || ${utc('i.until')} || ':' || array_to_string(q.members, ',')
           END
      FROM x AS i CROSS JOIN ${requirements} AS q)`;
    parts.push(`
WITH r AS (
  INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
  SELECT ${shop}, 'bench-${v.externalId}-' || g, now(), now(), now() + interval '1 day' FROM generate_series(1, ${half}) AS g
  RETURNING id, split_part(cart_token, '-', 3)::int AS g),
  i AS (
    INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day)
    SELECT r.id, ${variant}, p.at, p.until, p.day, p.day + 1, 1, ${allDay}
      FROM r CROSS JOIN LATERAL ${place('r.g * 2')} AS p
    RETURNING id, reservation_id AS owner, start_at AS at, finish_at AS until),
  x AS (SELECT * FROM i)${allocate('reservation_item_id', 'i.owner', 'i.owner', 'hold')}
SELECT 1;
WITH b AS (
  INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, created_at)
  SELECT ${shop}, 'confirmed', p.at, p.until, p.day, p.day + 1, now()
    FROM generate_series(1, ${half}) AS g CROSS JOIN LATERAL ${place('g * 2 + 1')} AS p
  RETURNING id, starts_at, finishes_at),
  i AS (
    INSERT INTO booking_items (booking_id, variant_id, quantity)
    SELECT b.id, ${variant}, 1 FROM b
    RETURNING id, booking_id AS owner),
  x AS (SELECT i.id, i.owner, b.starts_at AS at, b.finishes_at AS until FROM i JOIN b ON b.id = i.owner)${allocate('booking_item_id', 'i.owner', 'i.owner', 'booking')}
SELECT 1;`);
  }
  parts.push('ANALYZE;');
  return parts.join('\n');
}
