/**
 * The parameters of the merchant API's requests (extensions), as the client sends them.
 * @module
 */
import type { PageParams } from './params.ts';
import type { ShopifyBookOn } from './merchant-records.ts';
import type { RequirementParams } from './resource-records.ts';
import type { Schedule } from './schedule.ts';
import type { BookingStatus, WidgetSettings, WidgetType } from './records.ts';

/** Filters of GET /v1/products. */
export interface ProductListParams extends PageParams {
  external_id?: number | string;
  /** Text in the product's or a variant's title, or the vendor. */
  q?: string;
}

/** The body of POST /v1/products/{id}/variants; PUT /v1/variants/{id} takes any of it. */
export interface VariantCreateParams {
  external_id: number | string;
  title: string;
  capacity: number;
  /** Follows `schedule` when left out; `"days"` alone (a PUT) clears the schedule. */
  booking?: 'days' | 'slots';
  /** Times of day (booked by slots); null books by days; left out, a PUT keeps the variant's. */
  schedule?: ScheduleParams | null;
  /** At most 5; a PUT's list replaces the variant's, and one left out keeps them. */
  requirements?: RequirementParams[];
}

/**
 * A schedule as a request gives it: `counting`, `duration_minutes` and `hours` or
 * `departures`; the rest defaults (interval = duration, no buffers or notice, a 365-day horizon,
 * one slot).
 */
export type ScheduleParams = Pick<Schedule, 'counting' | 'duration_minutes' | 'hours' | 'departures'> &
  Partial<Omit<Schedule, 'counting' | 'duration_minutes' | 'hours' | 'departures'>>;

/** The body of PUT /v1/variants/{id}. */
export type VariantUpdateParams = Partial<VariantCreateParams>;

/** The body of POST /v1/products. */
export interface ProductCreateParams {
  external_id: number | string;
  title: string;
  vendor?: string | null;
  location_id?: number | null;
  variants?: VariantCreateParams[];
}

/** The body of PUT /v1/products/{id} (variants are changed by their own id). */
export type ProductUpdateParams = Partial<Omit<ProductCreateParams, 'variants'>>;

/** The body of POST /v1/widgets; PUT /v1/widgets/{id} takes any of it. */
export interface WidgetCreateParams {
  title: string;
  type: WidgetType;
  locale?: string | null;
  settings?: Partial<WidgetSettings>;
  external_product_ids?: (number | string)[];
  product_ids?: number[];
}

/** The body of PUT /v1/widgets/{id}: settings merge key by key; a product list replaces. */
export type WidgetUpdateParams = Partial<WidgetCreateParams>;

/** The body of POST /v1/tokens. */
export interface TokenCreateParams {
  kind: 'secret' | 'publishable';
  label?: string | null;
  /** For a publishable token: the sites it may be used from, e.g. `https://www.example.com`. */
  origins?: string[];
}

/** Filters of GET /v1/bookings. */
export interface BookingListParams extends PageParams {
  status?: BookingStatus;
  external_variant_id?: number | string;
  external_product_id?: number | string;
  /** Bookings finishing after this (a timestamp, `YYYY-MM-DD HH:MM` or a shop-local day). */
  start_min?: string;
  /** Bookings starting before this. */
  finish_max?: string;
  /** Text in a customer's name or email or a tag, the booking's id, or its Shopify order's name or number. */
  q?: string;
  /** Bookings naming this customer record (GET /v1/customers). */
  customer_id?: number | string;
  /** Bookings of a product at this location. */
  location_id?: number | string;
  /** true: only bookings whose refund is still to be made (a customer cancelled a Shopify order's booking). */
  refund_due?: boolean;
}

/** Filters of GET /v1/customers. */
export interface CustomerListParams extends PageParams {
  /** Text in the customer's name, email or phone. */
  q?: string;
}

/** The query of GET /v1/occupancy: at most 92 days. */
export interface OccupancyParams {
  start: string;
  /** The first day not listed. */
  finish: string;
  external_variant_id?: number | string;
}

/**
 * The body of PUT /v1/shop: any of its fields. `shopify: null` (or `domain` or `api_secret`
 * null) disconnects the shop from Shopify; connecting needs both.
 */
export interface ShopUpdateParams {
  name?: string;
  tz?: string;
  locale?: string;
  shopify?: { domain?: string | null; api_secret?: string | null; book_on?: ShopifyBookOn } | null;
  /** Where the shop's notices of new and cancelled bookings go; null (or "") sends none. */
  notify_email?: string | null;
  /** Until how many hours before the start customers may cancel online (0–720); null: not at all. */
  cancel_cutoff_hours?: number | null;
  /** Hours before a booking's start its customer is reminded (1-72); null turns reminders off. */
  reminder_hours?: number | null;
}

/** The body of POST /v1/locations and PUT /v1/locations/{id}. */
export interface LocationParams {
  name: string;
}

/** The query of GET /v1/occupancy/slots: one slot variant's local day. */
export interface OccupancySlotsParams {
  external_variant_id: number | string;
  /** The local date, `YYYY-MM-DD`. */
  date: string;
}
