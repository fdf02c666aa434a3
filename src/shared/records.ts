/**
 * The records of the booking service v1, exactly as they travel in JSON (API.md §2).
 * Timestamps are ISO 8601 UTC strings with milliseconds; ids are JSON numbers.
 * @module
 */
import type { PlainDate } from './plain-date.ts';
import type { ItemStatus, ItemStatusCode } from './status.ts';

/** One held item of a reservation (seed §2.1). */
export interface ReservationItem {
  /** Start of the held period, UTC (the shop-local midnight of the first day). */
  start: string;
  /** End of the held period, UTC, exclusive (the shop-local midnight after the last day). */
  finish: string;
  /**
   * `start` in the shop's zone: the day `YYYY-MM-DD` when `all_day` is 1 (a 1 December hold
   * reads "2026-12-01" beside "2026-11-30T13:00:00.000Z"), else the wall-clock time
   * `YYYY-MM-DDTHH:MM` (a time of day).
   */
  start_local: string;
  /** `finish` in the shop's zone, exclusive like it: the day after the last day held ("2026-12-02"). */
  finish_local: string;
  status: ItemStatus;
  status_code: ItemStatusCode;
  /** The service's own variant id. */
  variant_id: number;
  /** The variant's id on the e-commerce platform. */
  external_id: number;
  quantity: number;
  /** The most units this cart could hold for this item's period. */
  quantity_available: number;
  variant_title: string;
  product_title: string;
  /** 1 when the item covers whole days in the shop's zone (the API's 0/1 flag). */
  all_day: 0 | 1;
  /** The shared resources assigned to it, in its variant's order of requirements (RESOURCES.md §2); absent without. */
  resources?: FreeResource[];
}

/** A guest named on a reservation. */
export interface Guest {
  first_name: string;
  last_name: string;
  email: string;
}

/** A timed hold of items against a cart token (seed §2.1). */
export interface Reservation {
  id: number;
  cart_token: string;
  created_at: string;
  /** When the hold lapses; renewed by every post for the same cart. */
  expires_at: string;
  /** The shop's IANA zone. */
  tz: string;
  items: ReservationItem[];
}

/** Which items a blackout blocks: overlapping ones, or only those starting inside it. */
export type BlackoutScope = 'overlap' | 'start';

/** A period in which items cannot be held or booked (API.md §2). */
export interface Blackout {
  id: number;
  /**
   * The merchant's own name for it ("Double kayak hull repairs"): never shown to shoppers, and
   * `null` for publishable (widget) tokens, which a shopper's browser holds.
   */
  title: string | null;
  /** What shoppers are told on the days it closes, or `null`: they then read "Closed". */
  shopper_reason: string | null;
  starts_at: string;
  finishes_at: string;
  all_day: 0 | 1;
  scope: BlackoutScope;
  product_id: number | null;
  external_product_id: number | null;
  variant_id: number | null;
  external_variant_id: number | null;
  location_id: number | null;
  /** The resource it closes (issue 39): then it names nothing else, and only secret tokens see it. */
  resource_id: number | null;
  /** The vendor of the blackout's product, when it targets one. */
  vendor: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Whether the shopper picks one day, a start and an end, or a time of day (`slot`: a day, then
 * one of its slots, for variants booked by times of day; SLOTS.md §3).
 */
export type WidgetType = 'date' | 'range' | 'slot';

/** How a range's end is counted: the last day used, or the check-out day. */
export type RangeCount = 'days' | 'nights';

/** How a booking is priced: once, per day held, per night, or per slot held (extension). */
export type Pricing = 'booking' | 'day' | 'night' | 'slot';

/** A widget's booking rules. Every field has a default (API.md §2). */
export interface WidgetSettings {
  /** Days from today before the first bookable day. @default 0 */
  lead_days: number;
  /** Days from today after which nothing is bookable. @default 365 */
  horizon_days: number;
  /** Shortest range, in days. @default 1 */
  min_days: number;
  /** Longest range, in days. @default 1 for "date" and "slot", 7 for "range" */
  max_days: number;
  /** @default "days" */
  count: RangeCount;
  /** 0 = Sunday … 6 = Saturday, or null to follow the locale. @default null */
  first_day_of_week: number | null;
  /** @default 1 */
  quantity_min: number;
  /** @default 10 */
  quantity_max: number;
  /** Length of a hold. @default 15 */
  hold_minutes: number;
  /**
   * How the variant's price applies (extension): once per unit (`booking`), per unit and day
   * held (`day`), per unit and night (`night`), or per unit and slot held (`slot`: a run of
   * consecutive slots of a `units` variant). @default "booking" for "date" and "slot", "day"
   * for a range counted in days, "night" for one counted in nights
   */
  pricing: Pricing;
  /**
   * A `slot` widget's longest run of consecutive slots the shopper may choose (extension): a
   * Length choice of 1 to this many slots, within the `units` variant's own `max_slots`. 1 (the
   * default): one slot, no choice; must be 1 on other widgets. @default 1
   */
  max_slots: number;
}

/** A booking form placed on some products (API.md §2). */
export interface Widget {
  id: number;
  title: string;
  type: WidgetType;
  tz: string;
  locale: string;
  product_ids: number[];
  external_product_ids: number[];
  settings: WidgetSettings;
  created_at: string;
  updated_at: string;
  /**
   * The variants of its products that draw on shared resources (RESOURCES.md §4): ticket types
   * sharing seats, pools a shopper may choose from. Absent when none does.
   */
  resource_variants?: ResourceVariant[];
}

/** A variant drawing on shared resources, as a widget sees it (no units, hours or blackouts). */
export interface ResourceVariant {
  external_id: number;
  product_external_id: number;
  title: string;
  requirements: Array<{
    per: 'unit' | 'booking' | 'slot';
    uses: number;
    choice: 'any' | 'shopper';
    resources: Array<{ id: number; name: string }>;
  }>;
}

/** One item of a booking. */
export interface BookingItem {
  external_id: number;
  variant_id: number;
  resource_id: string | null;
  quantity: number;
  product_title: string;
  variant_title: string;
}

/** A customer named on a booking: a guest, and a phone number when the merchant gave one (an extension). */
export interface Customer extends Guest {
  phone?: string;
}

/**
 * The field (`fields[].name`) in which a booking made from a Shopify order names that order
 * ("#1001"): written by `orders/create`, searched by `q`, a column of the CSV export, and the
 * order a customer's cancellation leaves to refund.
 */
export const SHOPIFY_ORDER_FIELD = 'Shopify order';

/** An answer to a custom booking question. */
export interface BookingField {
  name: string;
  value: string;
}

/** A booking's state. */
export type BookingStatus = 'pending' | 'confirmed' | 'cancelled';

/** A booking (response of POST /v1/bookings). */
export interface Booking {
  id: number;
  status: BookingStatus;
  status_code: 1 | 2 | 4;
  starts_at: string;
  finishes_at: string;
  /**
   * `starts_at` in the shop's zone (`tz`), the wall-clock `YYYY-MM-DDTHH:MM` a booking's times
   * are posted in (`:SS` when not 0): "2026-12-01T00:00" for a booking of days from 1 December.
   */
  starts_at_local: string;
  /** `finishes_at` in the shop's zone, exclusive like it. */
  finishes_at_local: string;
  tz: string;
  items: BookingItem[];
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
  create_draft_order: boolean;
  created_at: string;
  /** The customer record (GET /v1/customers/{id}) of the first of `customers`; null when it names none (an extension). */
  customer_id: number | null;
  /** When its customer cancelled it with their manage link; null otherwise (an extension). */
  cancelled_by_customer_at: string | null;
  /**
   * A Shopify order's booking its customer cancelled: the merchant is to refund the order in
   * Shopify, then mark it refunded (POST /v1/bookings/{id}/refunded). An extension.
   */
  refund_due: boolean;
  /** When the merchant marked that refund made; null otherwise (an extension). */
  refunded_at: string | null;
}

/** One day of a variant's availability (GET /v1/availability, an extension). */
export interface AvailabilityDay {
  date: PlainDate;
  /**
   * Units a one-day item starting on this day could have: 0 when a rule closes the day (past,
   * inside the lead time, past the horizon, blacked out: `status` says which).
   */
  quantity_available: number;
  /**
   * Units not held or booked on this day, whatever the rules: what a longer item passing
   * through a day closed only to starts (a "start" blackout) can use. Never filter by it.
   */
  quantity_free: number;
  status: ItemStatus;
  status_code: ItemStatusCode;
  /** A variant booked by days whose resource the shopper may choose: the pool's members free that day. */
  free_resources?: FreeResource[];
  /**
   * A variant booked by times of day only (SLOTS.md §2): how many of the day's slots can take
   * the quantity asked. Absent for a variant booked by days.
   */
  slots_available?: number;
}

/** One time of day of a slot variant (GET /v1/slots, SLOTS.md §2). */
export interface AvailableSlot {
  /** The UTC instants, `finishes_at` exclusive. */
  starts_at: string;
  finishes_at: string;
  /** Wall-clock `HH:MM` in the shop's zone at the start and at the finish. */
  local_start: string;
  local_finish: string;
  /** Units a hold of this slot could have: 0 when a rule closes it (`status` says which). */
  quantity_available: number;
  status: ItemStatus;
  status_code: ItemStatusCode;
  /**
   * How many consecutive slots a hold starting here may span: the schedule's `max_slots` for a
   * `units` variant, 1 for `seats` (GET /v1/slots answers it; API.md §4.13).
   */
  max_slots?: number;
  /** A variant whose resource the shopper may choose: the pool's members free for one unit of it, by name. */
  free_resources?: FreeResource[];
}

/** A member of a `shopper` pool that is free (RESOURCES.md §3). */
export interface FreeResource {
  id: number;
  name: string;
}

/** GET /v1/slots: each local date `YYYY-MM-DD` of the period, with its slots in start order (none on a closed day). */
export type SlotsByDate = Record<string, AvailableSlot[]>;
