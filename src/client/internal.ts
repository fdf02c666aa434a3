/**
 * The client's internals (`booking-widget/client/internal`): the request core and each
 * operation as a plain function of a `Requester`, for the widget, whose bytes are counted and
 * which imports only the functions it calls (tree-shaken), and for the client's own tests.
 * Unstable: it may change in any release. Merchants' code uses `createClient` from
 * `booking-widget/client`, where every operation is a method of `client.<resource>`.
 * @module
 */

export { createLightRequester, createRequester, DEFAULT_TIMEOUT_MS } from './core/requester.ts';
export { nextPage } from './core/paginate.ts';
export { RETRY_DEFAULTS } from './core/retry-timing.ts';
export type { Requester } from './core/types.ts';

export { listAvailability, listSlots } from './resources/availability.ts';
export {
  createBlackout,
  deleteBlackout,
  iterateBlackouts,
  listBlackouts,
  retrieveBlackout,
  updateBlackout,
} from './resources/blackouts.ts';
export {
  cancelBooking,
  createBooking,
  iterateBookings,
  listBookings,
  markBookingRefunded,
  retrieveBooking,
  updateBooking,
} from './resources/bookings.ts';
export { iterateCustomers, listCustomers, retrieveCustomer } from './resources/customers.ts';
export { exportBookingsCsv } from './resources/exports.ts';
export { listOccupancy } from './resources/occupancy.ts';
export {
  createProduct,
  createVariant,
  deleteProduct,
  deleteVariant,
  iterateProducts,
  listProducts,
  listVariantMisfits,
  retrieveProduct,
  retrieveVariant,
  updateProduct,
  updateVariant,
} from './resources/products.ts';
export {
  listQuestions,
  reservationQuestions,
  retrieveAnswers,
  setAnswers,
  setQuestions,
} from './resources/questions.ts';
export {
  createReservation,
  iterateReservations,
  listReservations,
  releaseReservation,
  retrieveReservation,
} from './resources/reservations.ts';
export {
  createResource,
  deleteResource,
  iterateResources,
  listResources,
  retrieveResource,
  updateResource,
} from './resources/resources.ts';
export {
  createLocation,
  deleteLocation,
  listLocations,
  retrieveShop,
  updateLocation,
  updateShop,
} from './resources/shop.ts';
export { listShopifyConflicts } from './resources/shopify.ts';
export { listAudit } from './resources/audit.ts';
export { createToken, listTokens, revokeToken } from './resources/tokens.ts';
export {
  createWidget,
  deleteWidget,
  iterateWidgets,
  listWidgets,
  retrieveWidget,
  updateWidget,
} from './resources/widgets.ts';
