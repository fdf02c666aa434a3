/**
 * The client's public surface, pinned (issue #26, "one way to call the API"): `booking-widget/client`
 * exports `createClient`, its types, the errors with their guards and `serverDate`, nothing
 * else. A new export is a decision, made here; the request core and the operations as plain
 * functions stay on the internal subpath (`src/client/internal.ts`), which the widget uses.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as client from '../../src/client/index.ts';
import * as internal from '../../src/client/internal.ts';

const INDEX = fileURLToPath(new URL('../../src/client/index.ts', import.meta.url));

/** Every name `file` exports, values and types alike, as the compiler sees them. */
function exportedNames(file: string): string[] {
  const program = ts.createProgram([file], {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker
    .getExportsOfModule(module)
    .map((s) => s.name)
    .sort();
}

const VALUES = [
  'AuthenticationError',
  'BookingApiError',
  'NetworkError',
  'NotFoundError',
  'PermissionError',
  'RateLimitError',
  'ServerError',
  'TimeoutError',
  'UnavailableError',
  'ValidationError',
  'createClient',
  'isAuthenticationError',
  'isBookingApiError',
  'isNetworkError',
  'isNotFoundError',
  'isPermissionError',
  'isRateLimitError',
  'isServerError',
  'isTimeoutError',
  'isUnavailableError',
  'isValidationError',
  'serverDate',
];

/** The client's options and results, each resource's type, the errors' types, the records and params. */
const TYPES = [
  'AnswerParams',
  'ApiPromise',
  'ApiRequest',
  'ApiResult',
  'AskedQuestion',
  'AuditEntry',
  'AuditResource',
  'AvailabilityDay',
  'AvailabilityParams',
  'AvailabilityResource',
  'AvailableSlot',
  'Blackout',
  'BlackoutCreateParams',
  'BlackoutId',
  'BlackoutListParams',
  'BlackoutUpdateParams',
  'BlackoutsResource',
  'Booking',
  'BookingApiErrorInit',
  'BookingClient',
  'BookingCreateOptions',
  'BookingCreateParams',
  'BookingErrorCode',
  'BookingExportParams',
  'BookingListParams',
  'BookingMessage',
  'BookingMessageKind',
  'BookingMessageState',
  'BookingUpdateParams',
  'BookingsResource',
  'CalendarFeed',
  'CalendarFeedCreateParams',
  'CalendarFeedScope',
  'CalendarFeedsResource',
  'CalendarImport',
  'CalendarImportCreateParams',
  'CalendarImportStatus',
  'CalendarImportsResource',
  'CatalogId',
  'ClientErrorCode',
  'ClientOptions',
  'Counting',
  'Customer',
  'CustomerListParams',
  'CustomerRecord',
  'CustomerWithBookings',
  'CustomersResource',
  'ErrorBody',
  'ErrorCode',
  'ErrorDetails',
  'ExportsResource',
  'HttpMethod',
  'LocalTime',
  'MessageListParams',
  'MessageTemplate',
  'MessageTemplateParams',
  'MessageTemplatePreview',
  'MessageTemplatePreviewParams',
  'MessagesResource',
  'NewCalendarFeed',
  'LocationParams',
  'LocationRecord',
  'LocationsResource',
  'Misfit',
  'NewToken',
  'OccupancyDay',
  'OccupancyParams',
  'OccupancyResource',
  'OccupancySlot',
  'OccupancySlotsParams',
  'Product',
  'ProductCreateParams',
  'ProductListParams',
  'ProductUpdateParams',
  'ProductsResource',
  'QueryParams',
  'Question',
  'QuestionKind',
  'QuestionParams',
  'QuestionPer',
  'QuestionTranslation',
  'QuestionsResource',
  'QueryValue',
  'RequestOptions',
  'RequirementChoice',
  'RequirementParams',
  'RequirementPer',
  'Reservation',
  'ReservationCreateParams',
  'ReservationId',
  'ReservationItem',
  'ReservationListParams',
  'ReservationAnswers',
  'ReservationRetrieveParams',
  'ReservationsResource',
  'ResourceCreateParams',
  'ResourceHours',
  'ResourceId',
  'ResourceKind',
  'ResourceListParams',
  'ResourceRecord',
  'ResourceUpdateParams',
  'ResourcesResource',
  'RetryInfo',
  'RetryOptions',
  'Schedule',
  'ScheduleParams',
  'ShopRecord',
  'ShopResource',
  'ShopUpdateParams',
  'ShopifyBookOn',
  'ShopifyConflict',
  'ShopifyResource',
  'SlotsByDate',
  'SlotsParams',
  'TokenCreateParams',
  'TokenRecord',
  'TokensResource',
  'UnavailableDetails',
  'UnavailableItem',
  'Variant',
  'VariantCreateParams',
  'VariantRequirement',
  'VariantUpdateParams',
  'VariantsResource',
  'Weekday',
  'Widget',
  'WidgetCreateParams',
  'WidgetListParams',
  'WidgetUpdateParams',
  'WidgetsResource',
];

describe("the client's public exports (src/client/index.ts)", () => {
  it('are createClient, the error classes, their guards and serverDate, as values', () => {
    expect(Object.keys(client).sort()).toEqual(VALUES);
  });

  it('are those values and the types of the client, its errors, records and params, nothing else', () => {
    expect(exportedNames(INDEX)).toEqual([...VALUES, ...TYPES].sort());
  }, 30_000);

  it('leave the request core and the plain operation functions to the internal subpath', () => {
    for (const name of [
      'createRequester',
      'createLightRequester',
      'listWidgets',
      'createReservation',
      'RETRY_DEFAULTS',
    ])
      expect(client, name).not.toHaveProperty(name);
    for (const name of [
      'createRequester',
      'createLightRequester',
      'listWidgets',
      'createReservation',
      'nextPage',
      'updateBooking',
      'listCustomers',
    ])
      expect(internal, name).toHaveProperty(name, expect.any(Function));
    for (const name of ['updateBooking', 'listCustomers']) expect(client, name).not.toHaveProperty(name);
  });
});
