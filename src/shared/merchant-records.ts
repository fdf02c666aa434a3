/**
 * The records of the merchant API (extensions): products and variants, tokens, and the
 * occupancy view. Shared by the service, which builds them, and the client, which returns them.
 * @module
 */
import type { PlainDate } from './plain-date.ts';
import type { Booking } from './records.ts';
import type { VariantRequirement } from './resource-records.ts';
import type { Schedule } from './schedule.ts';

/** A bookable variant: its platform id and how many units a day it has. */
export interface Variant {
  id: number;
  product_id: number;
  external_id: number;
  external_product_id: number;
  title: string;
  /** Units per shop-local day; for `slots`, per slot (seats) or at once (units). */
  capacity: number;
  /** `days`: booked by whole days (no schedule); `slots`: by the times of `schedule`. */
  booking: 'days' | 'slots';
  /** The times of day it is booked by; null when booked by days. */
  schedule: Schedule | null;
  /** The resources it draws on (issue 39), in the merchant's order; [] when none. */
  requirements: VariantRequirement[];
}

/** A product with its variants (by id). */
export interface Product {
  id: number;
  external_id: number;
  title: string;
  vendor: string | null;
  location_id: number | null;
  variants: Variant[];
}

/** A token as listed: never the token itself, only its hint. */
export interface TokenRecord {
  id: number;
  kind: 'secret' | 'publishable';
  /** The kind's prefix and the token's last four characters, e.g. `pk_…x7Qa`. */
  hint: string | null;
  label: string | null;
  /** Browser origins a publishable token may be used from. */
  origins: string[];
  created_at: string;
}

/** A token as created: the record and, in this one answer only, the token. */
export interface NewToken extends TokenRecord {
  token: string;
}

/** One variant on one shop-local day (GET /v1/occupancy). */
export interface OccupancyDay {
  variant_id: number;
  external_variant_id: number;
  product_id: number;
  product_title: string;
  variant_title: string;
  date: PlainDate;
  capacity: number;
  /** Units in unexpired holds. */
  held: number;
  /** Units in pending or confirmed bookings. */
  booked: number;
  /** Units neither held nor booked; 0 on a blacked-out day. */
  available: number;
  blacked_out: boolean;
  /** The title of a blackout covering the day, if any. */
  blackout_title: string | null;
}

/**
 * Which Shopify order webhook makes bookings: `orders/create` when the order is placed (the
 * default), or `orders/paid` when it is paid. The other topic is acknowledged and ignored.
 */
export type ShopifyBookOn = 'orders/create' | 'orders/paid';

/** The shop's settings (GET /v1/shop). */
export interface ShopRecord {
  id: number;
  name: string;
  /** The shop's IANA zone: every day and "today" is computed in it. */
  tz: string;
  /** A BCP 47 language tag, e.g. `en` or `de-CH`: the widgets' language unless one says otherwise. */
  locale: string;
  /** Where notices of new and cancelled bookings are emailed (issue 31); null: none are sent. */
  notify_email: string | null;
  /**
   * Until how many hours before its start a customer may cancel a booking with the link in their
   * messages (0–720); null: customers cannot cancel online.
   */
  cancel_cutoff_hours: number | null;
  /** Hours before a booking's start its customer is reminded (1-72); null: no reminders. */
  reminder_hours: number | null;
  /** The Shopify app settings; the API secret is write-only, so only whether it is set shows. */
  shopify: {
    domain: string | null;
    api_secret_set: boolean;
    /**
     * While the secret replaced last still checks Shopify's requests (an hour after the change:
     * Shopify signs with the old one for a while), when it stops (ISO 8601 UTC); else null.
     */
    previous_secret_expires_at: string | null;
    /** The order webhook topic that makes bookings (null while not connected). */
    book_on: ShopifyBookOn | null;
  };
}

/** A location of the shop (products and blackouts may name it). */
export interface LocationRecord {
  id: number;
  name: string;
}

/**
 * A Shopify order line the service did not book as it was paid (GET /v1/shopify/conflicts):
 * nothing was booked (`booking_id` null) because the line paid for less than its hold or its
 * units were taken; or it was booked and is noted because it paid for more.
 */
export interface ShopifyConflict {
  id: number;
  /** Shopify's order id, as digits (it may exceed 2^53). */
  order_id: string;
  /** The order's name as the shop shows it (`#1001`), if Shopify sent one. */
  order_name: string | null;
  /** Shopify's line id, as digits. */
  line_id: string;
  external_variant_id: number;
  /** The period held (or claimed by the line's properties when its hold was gone), UTC. */
  starts_at: string;
  finishes_at: string;
  /** Units held or claimed: not the line's quantity. */
  quantity: number;
  /** The line's quantity, what was paid for; null on conflicts recorded before this was kept. */
  line_quantity: number | null;
  /** The quantity the line had to carry for its hold (units × the priced days or nights); null as above. */
  held_line_quantity: number | null;
  /** How that quantity was counted: `booking`, `day` or `night`; null as above. */
  pricing: 'booking' | 'day' | 'night' | 'slot' | null;
  /** The booking the line made (a line that paid more), else null: nothing was booked. */
  booking_id: number | null;
  /** Why, in a sentence: `the order line does not match the hold`, `sold_out: 1 of 2 left when the order was placed`, … */
  reason: string;
  created_at: string;
}

/**
 * A live hold item or a coming booking that no longer fits its variant's schedule (GET
 * /v1/variants/{id}/misfits): nothing was changed; the merchant decides.
 */
export interface Misfit {
  /** `hold`: an unexpired reservation's item; `booking`: a pending or confirmed booking's item. */
  kind: 'hold' | 'booking';
  /** The reservation's or the booking's id. */
  id: number;
  /** The reservation's cart token; null for a booking. */
  cart_token: string | null;
  /** The booking's status; null for a hold. */
  status: 'pending' | 'confirmed' | null;
  /** The item's period, UTC. */
  starts_at: string;
  finishes_at: string;
  /** The same in the shop's zone: YYYY-MM-DD for a whole-day item, else YYYY-MM-DDTHH:MM. */
  start_local: string;
  finish_local: string;
  all_day: 0 | 1;
  quantity: number;
  /** When the hold lapses (UTC); null for a booking. */
  expires_at: string | null;
  /** Why it does not fit, in a sentence. */
  reason: string;
}

/**
 * One slot of a slot variant's local day with what is on it (GET /v1/occupancy/slots): the
 * merchant's view, whatever the rules (notice, horizon, blackouts) say of selling it.
 */
export interface OccupancySlot {
  starts_at: string;
  finishes_at: string;
  /** Wall-clock `HH:MM` in the shop's zone. */
  local_start: string;
  local_finish: string;
  capacity: number;
  /** Units of pending or confirmed bookings on the slot (seats: starting at it; units: most at one instant of it, buffers included). */
  booked: number;
  /** Units of unexpired holds on top of the bookings, counted the same way. */
  held: number;
  /** Capacity minus booked and held, never below 0. */
  available: number;
}

/** The kinds of booking message (issue 31): four to the customer, two to the shop. */
export type BookingMessageKind =
  | 'customer_confirmation'
  | 'customer_change'
  | 'customer_cancellation'
  | 'customer_reminder'
  | 'merchant_new'
  | 'merchant_cancellation';

/**
 * Where a message stands: to send, sent, given up after the attempts allowed, kept for want of
 * a mail server, or held for good because its recipient is not one email address.
 */
export type BookingMessageState = 'pending' | 'sent' | 'failed' | 'unsent' | 'held';

/** A booking message (GET /v1/messages, an extension), rendered exactly as it is or would be sent. */
export interface BookingMessage {
  id: number;
  kind: BookingMessageKind;
  /** The booking it announces; null once that booking is deleted. */
  booking_id: number | null;
  state: BookingMessageState;
  attempts: number;
  /** Why the last attempt failed, `not sent: no mail server`, or why it is held (`not sent: the customer's email address '…' is not one email address`). */
  last_error: string | null;
  /** When a pending message is due, ISO 8601 UTC; null otherwise. */
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  from: string;
  to: string;
  /** The same for every attempt at one message: a duplicate is recognisable. */
  message_id: string;
  subject: string;
  html: string;
  text: string;
  /** The customer's `.ics` (none on the shop's notices). */
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}

/** Query of GET /v1/messages. */
export interface MessageListParams {
  page?: number;
  per?: number;
  /** Only messages in this state. */
  state?: BookingMessageState;
}

/** A shop's customer (GET /v1/customers, an extension): one per email, named as their latest booking names them. */
export interface CustomerRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  /** Their bookings that are not cancelled. */
  bookings_count: number;
  /** When their next booking (not cancelled) starts, from now on; null when none is coming. */
  next_starts_at: string | null;
  /** When their latest booking (not cancelled) that has started began; null when none has. */
  last_starts_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A customer with every booking that names them, by start (GET /v1/customers/{id}). */
export interface CustomerWithBookings extends CustomerRecord {
  bookings: Booking[];
}
