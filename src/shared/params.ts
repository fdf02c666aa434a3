/**
 * Request parameters of every v1 endpoint: query filters and JSON bodies.
 * Fields the seed shows as strings accept strings or numbers (API.md §1).
 * @module
 */
import type { BlackoutScope, Guest, BookingField, Customer } from './records.ts';

/** Pagination of every list endpoint (seed §4, API.md §5). */
export interface PageParams {
  /** Page number, from 1. @default 1 */
  page?: number;
  /** Page size, 1-250. @default 250 */
  per?: number;
}

/** The default and the largest page size. */
export const PAGE_DEFAULT_PER = 250;
export const PAGE_MAX_PER = 250;

/** An id the platform gives: a number, or a string of digits (Shopify ids exceed 2^31). */
export type ExternalId = number | string;

/** Filters of GET /v1/blackouts. */
export interface BlackoutListParams extends PageParams {
  /** Only blackouts starting at or after this (a timestamp, or a day in the shop's zone). */
  start_min?: string;
  /** Only blackouts finishing at or before this (a timestamp, or a day in the shop's zone). */
  finish_max?: string;
  product_id?: number;
  external_product_id?: ExternalId;
  variant_id?: number;
  external_variant_id?: ExternalId;
  location_id?: number;
  vendor?: string;
  /** A resource's own blackouts (secret tokens). */
  resource_id?: number;
}

/** Filters of GET /v1/reservations. */
export interface ReservationListParams extends PageParams {
  cart_token?: string;
  /** `true`: only reservations whose hold has not expired. */
  active?: boolean;
  product_id?: number;
  external_product_id?: ExternalId;
  variant_id?: number;
  external_variant_id?: ExternalId;
}

/** Filters of GET /v1/widgets. */
export interface WidgetListParams extends PageParams {
  /** Only widgets placed on this platform product (an extension). */
  external_product_id?: ExternalId;
}

/** Query of GET /v1/availability (an extension). */
export interface AvailabilityParams {
  external_variant_id: ExternalId;
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** First day not included, `YYYY-MM-DD`; at most 366 days after `start`. */
  finish: string;
  /** The units a shopper wants (default 1): a day or slot with fewer left reads `sold_out`. */
  quantity?: number;
  /** A cart whose own holds count as available. */
  cart_token?: string;
  /** One member of a pool the shopper may choose from: its own availability (RESOURCES.md §3). */
  resource_id?: number;
}

/** Query of GET /v1/slots (SLOTS.md §2): a slot variant's times of day, by local date. */
export interface SlotsParams {
  external_variant_id: ExternalId;
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** First day not included, `YYYY-MM-DD`; at most 62 days after `start`. */
  finish: string;
  /** The units a shopper wants (default 1): a slot with fewer left reads `sold_out`. */
  quantity?: number;
  /** A cart whose own holds count as available. */
  cart_token?: string;
  /** One member of a pool the shopper may choose from: its own availability (RESOURCES.md §3). */
  resource_id?: number;
}

/** One item of POST /v1/reservations. */
export interface ReservationItemParams {
  /** The platform's variant id. */
  external_id: ExternalId;
  /** First day held, `YYYY-MM-DD` in the shop's zone. */
  start: string;
  /** First day not held, `YYYY-MM-DD` (an extension); defaults to the day after `start`. */
  finish?: string;
  /** Units; 0 removes this variant's item from the cart. */
  quantity: number | string;
  /** The shopper's pick in a pool the merchant lets shoppers choose from (RESOURCES.md §3); omitted: any. */
  resource_id?: string | number | null;
}

/** Body of POST /v1/reservations (seed §2.5). */
export interface ReservationCreateParams {
  items: ReservationItemParams[];
  guests?: Guest[];
  cart_token: string;
}

/** One item of POST /v1/bookings. */
export interface BookingItemParams {
  external_id: ExternalId;
  resource_id?: string | number | null;
  quantity: number | string;
}

/** Body of POST /v1/bookings (seed §2.4). */
export interface BookingCreateParams {
  /** Shop-local `YYYY-MM-DD HH:MM`. */
  starts_at: string;
  /** Shop-local `YYYY-MM-DD HH:MM`, exclusive. */
  finishes_at: string;
  items: BookingItemParams[];
  customers?: Customer[];
  fields?: BookingField[];
  tags?: string[];
  create_draft_order?: boolean | string;
  /** Turn this cart's matching hold into the booking (an extension). */
  cart_token?: string;
}

/**
 * Body of PATCH /v1/bookings/{id} (an extension): any of these; the ones given replace the
 * booking's (`items` and `customers` as whole lists), the others stay as they are.
 */
export type BookingUpdateParams = Partial<
  Pick<BookingCreateParams, 'starts_at' | 'finishes_at' | 'items' | 'customers' | 'fields' | 'tags'>
>;

/** Body of POST /v1/blackouts (an extension); PUT takes any subset. */
export interface BlackoutCreateParams {
  /** The merchant's own name for it; never shown to shoppers. */
  title?: string | null;
  /** What shoppers are told on the days it closes; without one they read "Closed". */
  shopper_reason?: string | null;
  /** A UTC timestamp, a shop-local `YYYY-MM-DD HH:MM`, or a day `YYYY-MM-DD`. */
  starts_at: string;
  finishes_at: string;
  all_day?: 0 | 1 | boolean;
  scope?: BlackoutScope;
  product_id?: number | null;
  external_product_id?: ExternalId | null;
  variant_id?: number | null;
  external_variant_id?: ExternalId | null;
  location_id?: number | null;
  /** A resource of the shop (issue 39): the blackout closes what needs it, and names nothing else. */
  resource_id?: number | null;
}

/** Body of PUT /v1/blackouts/{id}: any fields of a create. */
export type BlackoutUpdateParams = Partial<BlackoutCreateParams>;
