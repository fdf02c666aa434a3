/**
 * The typed client of the booking service v1 (`booking-widget/client`). Runs on Node 20+ and in
 * browsers; no dependencies.
 *
 * One way to call the API: `createClient`, whose resources (`client.widgets.list`, …) are
 * every operation of v1; its types; the errors with their guards; `serverDate`. The request
 * core and the operations as plain functions are internals, on `booking-widget/client/internal`
 * for the widget (see README.md).
 * @module
 */

export { createClient, type BookingClient } from './client.ts';
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
  RetryInfo,
  RetryOptions,
} from './core/types.ts';

// The types of the client's resources (`client.blackouts`, …) and of their arguments.
export type { AvailabilityResource } from './resources/availability.ts';
export type { BlackoutId, BlackoutsResource } from './resources/blackouts.ts';
export type { BookingCreateOptions, BookingsResource } from './resources/bookings.ts';
export type { BookingExportParams, ExportsResource } from './resources/exports.ts';
export type { CustomersResource } from './resources/customers.ts';
export type { OccupancyResource } from './resources/occupancy.ts';
export type { CatalogId, ProductsResource, VariantsResource } from './resources/products.ts';
export type { TokensResource } from './resources/tokens.ts';
export type { ShopifyResource } from './resources/shopify.ts';
export type { MessagesResource } from './resources/messages.ts';
export type { CalendarFeedsResource, CalendarImportsResource } from './resources/calendars.ts';
export type { AuditEntry, AuditResource } from './resources/audit.ts';
export type { LocationsResource, ShopResource } from './resources/shop.ts';
export type { QuestionsResource } from './resources/questions.ts';
export type { ReservationId, ReservationRetrieveParams, ReservationsResource } from './resources/reservations.ts';
export type { ResourceId, ResourcesResource } from './resources/resources.ts';
export type { WidgetsResource } from './resources/widgets.ts';

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
  AvailableSlot,
  Blackout,
  BlackoutCreateParams,
  BlackoutListParams,
  BlackoutUpdateParams,
  Booking,
  BookingCreateParams,
  BookingListParams,
  BookingUpdateParams,
  Customer,
  ErrorBody,
  ErrorCode,
  ErrorDetails,
  Reservation,
  ReservationCreateParams,
  ReservationItem,
  ReservationListParams,
  SlotsByDate,
  SlotsParams,
  UnavailableItem,
  Widget,
  WidgetListParams,
  // The merchant API (extensions).
  BookingMessage,
  BookingMessageKind,
  CalendarFeed,
  CalendarFeedCreateParams,
  CalendarFeedScope,
  CalendarImport,
  CalendarImportCreateParams,
  CalendarImportStatus,
  NewCalendarFeed,
  BookingMessageState,
  MessageListParams,
  MessageTemplate,
  MessageTemplateParams,
  MessageTemplatePreview,
  MessageTemplatePreviewParams,
  CustomerListParams,
  CustomerRecord,
  CustomerWithBookings,
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
// Times of day (an extension): a variant's schedule, and what no longer fits it.
export type { Misfit, OccupancySlot, OccupancySlotsParams, ScheduleParams } from '../shared/index.ts';
export type { Counting, LocalTime, Schedule, Weekday } from '../shared/schedule.ts';
// Resources and the requirements variants draw on them by (an extension).
export type {
  RequirementChoice,
  RequirementParams,
  RequirementPer,
  ResourceCreateParams,
  ResourceHours,
  ResourceKind,
  ResourceListParams,
  ResourceRecord,
  ResourceUpdateParams,
  VariantRequirement,
} from '../shared/index.ts';
// Questions asked with a booking (an extension).
export type {
  AnswerParams,
  AskedQuestion,
  Question,
  QuestionKind,
  QuestionParams,
  QuestionPer,
  QuestionTranslation,
  ReservationAnswers,
} from '../shared/questions.ts';
