/**
 * The slots bench's shop (issue 28): one product whose variants are read over the same 62 days
 * with as many live reservations each (half holds, half bookings, spread evenly): variants
 * booked by days, and by times of day (`units`, open 00:00-24:00 every day, 60-minute slots
 * every 60 or every 15 minutes). The schedules and reservations are written in SQL after the
 * fixture (the fixture format's schedule is another change's).
 * @module
 */
import { localDay } from './service-fixture.ts';

export const SLOTS_TZ = 'Australia/Melbourne';
const PRODUCT = 5001;
const CAPACITY = 40;
/** The period every request reads: 62 days from tomorrow. */
export const PERIOD_DAYS = 62;

/** One variant of the bench and what is live on it. */
export interface BenchVariant {
  externalId: number;
  /** Starts per day, or undefined for a variant booked by days. */
  startsPerDay?: 24 | 96;
  /** Live holds and bookings on it over the period. */
  reservations: number;
}

export const VARIANTS = {
  days2k: { externalId: 6001, reservations: 2000 },
  days8k: { externalId: 6002, reservations: 8000 },
  slots24x2k: { externalId: 6003, startsPerDay: 24, reservations: 2000 },
  slots96x2k: { externalId: 6004, startsPerDay: 96, reservations: 2000 },
  slots24x8k: { externalId: 6005, startsPerDay: 24, reservations: 8000 },
  // Holds racing: a variant booked by days and a tour (seats) departing 09:00 and 13:00, each
  // with nothing live before the race.
  raceDays: { externalId: 6006, reservations: 0 },
  raceSeats: { externalId: 6007, reservations: 0 },
} as const satisfies Record<string, BenchVariant>;

/** The tour the seats race is for: departures 09:00 and 13:00 daily, two hours. */
const TOUR_SCHEDULE = {
  counting: 'seats',
  departures: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['09:00', '13:00']])),
  duration_minutes: 120,
  interval_minutes: 120,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 1000,
  max_slots: 1,
};

/** The shop: one product with the variants above, a date widget without a lead time, a few blackouts, tokens. */
export function slotsFixture(): unknown {
  const all = Object.values(VARIANTS);
  // A 2-hour blackout every 9 days on each variant, so the blackout rule runs on real rows.
  const blackouts = all.flatMap((v) =>
    Array.from({ length: 7 }, (_, i) => ({
      title: `Maintenance ${v.externalId}-${i}`,
      starts_at: `${localDay(3 + 9 * i, SLOTS_TZ)} 10:00`,
      finishes_at: `${localDay(3 + 9 * i, SLOTS_TZ)} 12:00`,
      external_variant_id: v.externalId,
    })),
  );
  return {
    shops: [
      {
        name: 'Bench Hire',
        tz: SLOTS_TZ,
        locale: 'en',
        locations: [],
        products: [
          {
            external_id: PRODUCT,
            title: 'Paddle board',
            vendor: 'Bench',
            variants: all.map((v) => ({
              external_id: v.externalId,
              title: `Board ${v.externalId}`,
              capacity: CAPACITY,
            })),
          },
        ],
        widgets: [
          {
            title: 'Paddle board',
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

/** The SQL that gives the slot variants their schedules and every variant its live reservations. */
export function slotsSetupSql(): string {
  const day1 = localDay(1, SLOTS_TZ);
  const base = `(timestamp '${day1} 00:00' AT TIME ZONE '${SLOTS_TZ}')`;
  const localDate = (instant: string) => `(${instant} AT TIME ZONE '${SLOTS_TZ}')::date`;
  const parts: string[] = [];
  parts.push(
    `UPDATE variants SET schedule = '${JSON.stringify(TOUR_SCHEDULE)}'::jsonb WHERE external_id = ${VARIANTS.raceSeats.externalId};`,
  );
  for (const v of Object.values(VARIANTS) as BenchVariant[]) {
    if (v.reservations === 0) continue;
    const half = v.reservations / 2;
    const step = v.startsPerDay ? 1440 / v.startsPerDay : 1440;
    const places = PERIOD_DAYS * (v.startsPerDay ?? 1);
    // The k-th start of the period, elapsed from its first midnight (a DST change shifts the
    // wall times of later ones, which does not matter to a count of units).
    const start = (k: string) =>
      v.startsPerDay
        ? `${base} + ((${k}) % ${places}) * interval '${step} minutes'`
        : `(((date '${day1}' + ((${k}) % ${places}))::timestamp) AT TIME ZONE '${SLOTS_TZ}')`;
    const finish = (s: string) => (v.startsPerDay ? `${s} + interval '60 minutes'` : `${s} + interval '1 day'`);
    const allDay = v.startsPerDay ? 0 : 1;
    if (v.startsPerDay)
      parts.push(
        `UPDATE variants SET schedule = '${JSON.stringify({
          counting: 'units',
          hours: Object.fromEntries(
            ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
          ),
          duration_minutes: 60,
          interval_minutes: step,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
          min_notice_minutes: 0,
          horizon_days: 1000,
          max_slots: 1,
        })}'::jsonb WHERE external_id = ${v.externalId};`,
      );
    parts.push(`
WITH r AS (
  INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
  SELECT 1, 'bench-${v.externalId}-' || g, now(), now(), now() + interval '1 day' FROM generate_series(1, ${half}) AS g
  RETURNING id, split_part(cart_token, '-', 3)::int AS g)
INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day)
SELECT r.id, v.id, s.at, ${finish('s.at')}, ${localDate('s.at')}, ${localDate('s.at')} + 1, 1, ${allDay}
  FROM r JOIN variants v ON v.external_id = ${v.externalId}
  CROSS JOIN LATERAL (SELECT ${start('r.g * 2')} AS at) AS s;
WITH b AS (
  INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, created_at)
  SELECT 1, 'confirmed', s.at, ${finish('s.at')}, ${localDate('s.at')}, ${localDate('s.at')} + 1, now()
    FROM generate_series(1, ${half}) AS g CROSS JOIN LATERAL (SELECT ${start('g * 2 + 1')} AS at) AS s
  RETURNING id)
INSERT INTO booking_items (booking_id, variant_id, quantity)
SELECT b.id, v.id, 1 FROM b JOIN variants v ON v.external_id = ${v.externalId};`);
  }
  parts.push('ANALYZE;');
  return parts.join('\n');
}
