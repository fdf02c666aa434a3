/**
 * The typed client of the booking service v1 (`booking-widget/client`). Runs on Node 20+ and in
 * browsers; no dependencies.
 *
 * `createClient` gives every resource at once. For the smallest bundle, import
 * `createRequester` and only the resource functions you call (`listWidgets`, …).
 * @module
 */

export { createClient, type BookingClient } from './client.ts';
export { createLightRequester, createRequester, DEFAULT_TIMEOUT_MS } from './core/requester.ts';
export { RETRY_DEFAULTS } from './core/retry-timing.ts';
export { serverDate } from './core/server-date.ts';
export type { ApiPromise } from './core/api-promise.ts';
export type {
  ApiRequest,
  ApiResult,
  ClientOptions,
  HttpMethod,
  QueryParams,
  QueryValue,
  RequestOptions,
  Requester,
  RetryInfo,
  RetryOptions,
} from './core/types.ts';

export {
  availabilityResource,
  listAvailability,
  type AvailabilityResource,
} from './resources/availability.ts';
export {
  blackoutsResource,
  createBlackout,
  deleteBlackout,
  iterateBlackouts,
  listBlackouts,
  retrieveBlackout,
  updateBlackout,
  type BlackoutId,
  type BlackoutsResource,
} from './resources/blackouts.ts';
export {
  bookingsResource,
  cancelBooking,
  createBooking,
  iterateBookings,
  listBookings,
  retrieveBooking,
  type BookingCreateOptions,
  type BookingsResource,
} from './resources/bookings.ts';
export { listOccupancy, occupancyResource, type OccupancyResource } from './resources/occupancy.ts';
export {
  createProduct,
  createVariant,
  deleteProduct,
  deleteVariant,
  iterateProducts,
  listProducts,
  productsResource,
  retrieveProduct,
  retrieveVariant,
  updateProduct,
  updateVariant,
  variantsResource,
  type CatalogId,
  type ProductsResource,
  type VariantsResource,
} from './resources/products.ts';
export { createToken, listTokens, revokeToken, tokensResource, type TokensResource } from './resources/tokens.ts';
export { listShopifyConflicts, shopifyResource, type ShopifyResource } from './resources/shopify.ts';
export {
  createLocation,
  deleteLocation,
  listLocations,
  locationsResource,
  retrieveShop,
  shopResource,
  updateLocation,
  updateShop,
  type LocationsResource,
  type ShopResource,
} from './resources/shop.ts';
export {
  createReservation,
  releaseReservation,
  iterateReservations,
  listReservations,
  reservationsResource,
  retrieveReservation,
  type ReservationId,
  type ReservationRetrieveParams,
  type ReservationsResource,
} from './resources/reservations.ts';
export {
  createWidget,
  deleteWidget,
  iterateWidgets,
  listWidgets,
  retrieveWidget,
  updateWidget,
  widgetsResource,
  type WidgetsResource,
} from './resources/widgets.ts';

export { AuthenticationError } from './errors/AuthenticationError.ts';
export {
  BookingApiError,
  type BookingApiErrorInit,
  type BookingErrorCode,
  type ClientErrorCode,
} from './errors/BookingApiError.ts';
export { NetworkError } from './errors/NetworkError.ts';
export { NotFoundError } from './errors/NotFoundError.ts';
export { PermissionError } from './errors/PermissionError.ts';
export { RateLimitError } from './errors/RateLimitError.ts';
export { ServerError } from './errors/ServerError.ts';
export { TimeoutError } from './errors/TimeoutError.ts';
export { UnavailableError, type UnavailableDetails } from './errors/UnavailableError.ts';
export { ValidationError } from './errors/ValidationError.ts';
export {
  isAuthenticationError,
  isBookingApiError,
  isNetworkError,
  isNotFoundError,
  isPermissionError,
  isRateLimitError,
  isServerError,
  isTimeoutError,
  isUnavailableError,
  isValidationError,
} from './errors/type-guards.ts';

// The records and params are the shared ones, re-exported so a caller needs one import.
export type {
  AvailabilityDay,
  AvailabilityParams,
  Blackout,
  BlackoutCreateParams,
  BlackoutListParams,
  BlackoutUpdateParams,
  Booking,
  BookingCreateParams,
  BookingListParams,
  ErrorBody,
  ErrorCode,
  ErrorDetails,
  Reservation,
  ReservationCreateParams,
  ReservationItem,
  ReservationListParams,
  UnavailableItem,
  Widget,
  WidgetListParams,
  // The merchant API (extensions).
  LocationParams,
  LocationRecord,
  NewToken,
  OccupancyDay,
  OccupancyParams,
  Product,
  ProductCreateParams,
  ProductListParams,
  ProductUpdateParams,
  ShopRecord,
  ShopifyBookOn,
  ShopifyConflict,
  ShopUpdateParams,
  TokenCreateParams,
  TokenRecord,
  Variant,
  VariantCreateParams,
  VariantUpdateParams,
  WidgetCreateParams,
  WidgetUpdateParams,
} from '../shared/index.ts';
