import { createRequester } from './core/requester.ts';
import type { ApiRequest, ApiResult, ClientOptions } from './core/types.ts';
import { availabilityResource, type AvailabilityResource } from './resources/availability.ts';
import { blackoutsResource, type BlackoutsResource } from './resources/blackouts.ts';
import { bookingsResource, type BookingsResource } from './resources/bookings.ts';
import { exportsResource, type ExportsResource } from './resources/exports.ts';
import { customersResource, type CustomersResource } from './resources/customers.ts';
import { occupancyResource, type OccupancyResource } from './resources/occupancy.ts';
import {
  productsResource,
  variantsResource,
  type ProductsResource,
  type VariantsResource,
} from './resources/products.ts';
import { locationsResource, shopResource, type LocationsResource, type ShopResource } from './resources/shop.ts';
import { shopifyResource, type ShopifyResource } from './resources/shopify.ts';
import { messagesResource, type MessagesResource } from './resources/messages.ts';
import {
  type CalendarFeedsResource,
  type CalendarImportsResource,
  calendarFeedsResource,
  calendarImportsResource,
} from './resources/calendars.ts';
import { auditResource, type AuditResource } from './resources/audit.ts';
import { tokensResource, type TokensResource } from './resources/tokens.ts';
import { questionsResource, type QuestionsResource } from './resources/questions.ts';
import { reservationsResource, type ReservationsResource } from './resources/reservations.ts';
import { resourcesResource, type ResourcesResource } from './resources/resources.ts';
import { widgetsResource, type WidgetsResource } from './resources/widgets.ts';

/** Every resource of the v1 API, bound to one configuration. */
export interface BookingClient {
  blackouts: BlackoutsResource;
  reservations: ReservationsResource;
  bookings: BookingsResource;
  /** The shop's customers, kept by their bookings (secret token). */
  customers: CustomersResource;
  widgets: WidgetsResource;
  availability: AvailabilityResource;
  /** The merchant API (secret token): the catalogue, tokens and the occupancy view. */
  products: ProductsResource;
  variants: VariantsResource;
  tokens: TokensResource;
  occupancy: OccupancyResource;
  /** The shop's name, zone, locale and Shopify settings (secret token). */
  shop: ShopResource;
  /** The shop's locations (secret token). */
  locations: LocationsResource;
  /** The people and things the shop's products share: guides, boats, fleets (secret token). */
  resources: ResourcesResource;
  /** The Shopify order lines not booked as paid (secret token). */
  shopify: ShopifyResource;
  /** The shop's bookings as a CSV file (secret token). */
  exports: ExportsResource;
  /** The booking messages sent, failed, kept unsent or held (secret token). */
  messages: MessagesResource;
  /** The shop's subscribable calendar feeds (secret token). */
  calendarFeeds: CalendarFeedsResource;
  /** Other sites' calendars blocking a variant (secret token). */
  calendarImports: CalendarImportsResource;
  /** The shop's audit log: who changed what and when (secret token or an admin session). */
  audit: AuditResource;
  /** Questions asked with a booking: a product's (secret token), a reservation's answers. */
  questions: QuestionsResource;
  /**
   * Sends any request through the same auth, timeout and retry rules, resolving to
   * `{ data, response }`: for an endpoint this client does not wrap yet.
   */
  request<T>(request: ApiRequest): Promise<ApiResult<T>>;
}

/**
 * A client for the booking service v1 with every resource, for merchants' servers, scripts and
 * pages: the one public way to call the API. (The widget, whose bytes are counted, calls the
 * same operations as plain functions from `booking-widget/client/internal`, an unstable subpath.)
 *
 * Defaults: `timeoutMs` 10 000 per attempt; `retry` 2 retries of GET, DELETE, reservation posts
 * and keyed booking posts, after network errors, 429 and 5xx, backing off from 500 ms (capped
 * at 8 s, jittered) or as `Retry-After` says; `tokenInQuery` false.
 *
 * @example
 * ```ts
 * import { createClient, isUnavailableError } from 'booking-widget/client';
 *
 * const client = createClient({ baseUrl: 'https://bookings.example', token: process.env.BOOKING_TOKEN });
 * const blackouts = await client.blackouts.list({ external_product_id: 7001 });
 * try {
 *   await client.bookings.create({
 *     starts_at: '2026-12-01 09:00',
 *     finishes_at: '2026-12-01 17:00',
 *     items: [{ external_id: 8001, quantity: 1 }],
 *   });
 * } catch (error) {
 *   if (isUnavailableError(error)) console.log(error.details.items);
 *   else throw error;
 * }
 * ```
 */
export function createClient(options: ClientOptions): BookingClient {
  const requester = createRequester(options);
  return {
    blackouts: blackoutsResource(requester),
    reservations: reservationsResource(requester),
    bookings: bookingsResource(requester),
    customers: customersResource(requester),
    widgets: widgetsResource(requester),
    availability: availabilityResource(requester),
    products: productsResource(requester),
    variants: variantsResource(requester),
    tokens: tokensResource(requester),
    occupancy: occupancyResource(requester),
    shop: shopResource(requester),
    locations: locationsResource(requester),
    resources: resourcesResource(requester),
    shopify: shopifyResource(requester),
    exports: exportsResource(requester),
    messages: messagesResource(requester),
    calendarFeeds: calendarFeedsResource(requester),
    calendarImports: calendarImportsResource(requester),
    audit: auditResource(requester),
    questions: questionsResource(requester),
    request: (request) => requester.request(request),
  };
}
