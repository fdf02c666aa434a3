/**
 * The e2e fixture: the demo shop's catalogue, ids and tokens (the pages in `public/` name them),
 * with every date relative to today in the shop's zone, so the suite never goes stale.
 *
 * Day plan, `T` = today in Australia/Melbourne (the kayak widget has `lead_days: 1`):
 * - T-1: in the past; T: too soon to book (lead time);
 * - T+8, T+9: "Docklands regatta" blackout (the kayaks' location): closed;
 * - other days are free in the fixture; suites make days sold out through the API
 *   (another cart's hold), each suite on its own days, see `DAYS`.
 */
import { type PlainDate, addDays } from '../../../src/shared/plain-date.ts';
import { plainDateInZone } from '../../../src/shared/zones.ts';
import type { Fixture } from '../../../src/service/fixture.ts';

export const SHOP_TZ = 'Australia/Melbourne';
export const PUBLISHABLE = 'pk_demo_harbour_kayaks';
export const SECRET = 'sk_demo_harbour_kayaks';

export const KAYAK_PRODUCT = 9012345678901;
export const SINGLE_KAYAK = 49012345678901;
export const DOUBLE_KAYAK = 49012345678902;
export const TOUR_PRODUCT = 9012345678902;
export const TOUR_ADULT = 49012345678903;
export const TOUR_CHILD = 49012345678904;
/** The demo's Guided paddle tour (issue 29): booked by times of day, 09:00 and 13:00 daily, 8 seats, a slot widget. */
export const GUIDED_TOUR_PRODUCT = 9012345678903;
export const GUIDED_TOUR = 49012345678905;

/** Offsets from today of the days the suites use; each suite keeps to its own. */
export const DAYS = {
  blackout: [8, 9],
  /** The flows by mouse and keyboard hold these (Single kayak, capacity 4). */
  flowStart: 3,
  flowEnd: 5,
  /** Single kayak taken in full by another cart: fully booked. */
  soldOutSingle: 12,
  /** Double kayak (capacity 2) taken in full by another cart: sold out only for that variant. */
  soldOutDouble: 14,
  /** The 409: one Double kayak left at load, taken by another cart before Reserve. */
  lastUnit: 16,
  /** The failing-API suite holds this day. */
  retryDay: 18,
  /** The expiry suite holds this day. */
  expiryDay: 20,
  /** A hold whose quantity the shopper changes. */
  requantity: 24,
  /** A hold that survives a reload. */
  reload: 26,
  /** Hostile page: the tour (date widget) and the Arabic double kayak. */
  hostileTour: 5,
  hostileRange: 6,
} as const;

/**
 * Today in the shop's zone at `now` (epoch ms): the service clock's `now()`, never the host's
 * `Date.now()` (with `E2E_NOW` the two are days apart).
 */
export function shopToday(now: number): PlainDate {
  return plainDateInZone(now, SHOP_TZ);
}

/** The day `offset` days after today in the shop's zone. */
export function day(today: PlainDate, offset: number): PlainDate {
  return addDays(today, offset);
}

/** Options of the generated fixture. */
export interface E2eFixtureOptions {
  /** The origins the publishable token accepts (the test server's). */
  origins: string[];
  /** Today in the shop's zone. */
  today: PlainDate;
  /** Hold length of every widget. @default the demo's (15 and 10 minutes) */
  holdMinutes?: number;
}

/** The fixture for one e2e server. */
export function e2eFixture({ origins, today, holdMinutes }: E2eFixtureOptions): Fixture {
  const hold = (minutes: number) => holdMinutes ?? minutes;
  return {
    shops: [
      {
        name: 'Harbour Kayaks',
        tz: SHOP_TZ,
        locale: 'en',
        locations: [{ name: 'Docklands' }, { name: 'St Kilda Pier' }],
        products: [
          {
            external_id: KAYAK_PRODUCT,
            title: 'Kayak hire',
            vendor: 'Harbour Kayaks',
            location: 'Docklands',
            variants: [
              { external_id: SINGLE_KAYAK, title: 'Single kayak', capacity: 4 },
              { external_id: DOUBLE_KAYAK, title: 'Double kayak', capacity: 2 },
            ],
          },
          {
            external_id: TOUR_PRODUCT,
            title: 'Sunset paddle tour',
            vendor: 'Harbour Kayaks',
            location: 'St Kilda Pier',
            variants: [
              { external_id: TOUR_ADULT, title: 'Adult', capacity: 12 },
              { external_id: TOUR_CHILD, title: 'Child (8-15)', capacity: 6 },
            ],
          },
          {
            external_id: GUIDED_TOUR_PRODUCT,
            title: 'Guided paddle tour',
            vendor: 'Harbour Kayaks',
            location: 'St Kilda Pier',
            variants: [
              {
                external_id: GUIDED_TOUR,
                title: 'Default Title',
                capacity: 8,
                schedule: {
                  counting: 'seats',
                  departures: Object.fromEntries(
                    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['09:00', '13:00']]),
                  ),
                  duration_minutes: 120,
                },
              },
            ],
          },
        ],
        widgets: [
          {
            title: 'Kayak hire',
            type: 'range',
            external_product_ids: [KAYAK_PRODUCT],
            settings: {
              min_days: 1,
              max_days: 7,
              count: 'days',
              lead_days: 1,
              horizon_days: 400,
              quantity_max: 4,
              hold_minutes: hold(15),
            },
          },
          {
            title: 'Sunset paddle tour',
            type: 'date',
            external_product_ids: [TOUR_PRODUCT],
            settings: { lead_days: 0, horizon_days: 400, quantity_max: 6, hold_minutes: hold(10) },
          },
          {
            title: 'Guided paddle tour',
            type: 'slot',
            external_product_ids: [GUIDED_TOUR_PRODUCT],
            settings: { quantity_max: 8, hold_minutes: hold(10) },
          },
        ],
        blackouts: [
          {
            title: 'Docklands regatta',
            shopper_reason: 'Docklands regatta',
            starts_at: day(today, DAYS.blackout[0]),
            finishes_at: day(today, DAYS.blackout[1] + 1),
            location: 'Docklands',
          },
        ],
        tokens: [
          { kind: 'secret', token: SECRET },
          { kind: 'publishable', token: PUBLISHABLE, origins },
        ],
      },
    ],
  };
}
