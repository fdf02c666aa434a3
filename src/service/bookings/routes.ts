/**
 * The booking endpoints, secret tokens only: POST /v1/bookings (seed §2.4, API.md §3), and the
 * extensions GET /v1/bookings (filters, pages), GET /v1/bookings/{id}, PATCH /v1/bookings/{id}
 * (move or change it: change.ts), POST /v1/bookings/{id}/cancel and POST
 * /v1/bookings/{id}/refunded (a customer's cancellation refunded). An `Idempotency-Key` header makes a retried POST return the first
 * booking (201 again, with `Idempotent-Replayed: true`). The body and the list's query are
 * checked by their schemas in the handler (`collectingRoute`): the shop's zone adds its
 * messages (a skipped time) to theirs, in one 422. The PATCH body likewise.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { collectingRoute, featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { InvalidError } from '../shared/errors.ts';
import { instantsIn, pageOf, queryValues } from '../shared/query-schemas.ts';
import { BookingSchema } from '../shared/booking-record-schemas.ts';
import { checkPart } from '../shared/schema-issues.ts';
import { createBooking } from './bookings.ts';
import { changeBooking } from './change.ts';
import { bookingChangeOf, bookingInputOf, requestHash } from './input.ts';
import { cancelBooking, getBooking, markBookingRefunded, pageOfBookings } from './manage.ts';
import { BookingBody, BookingListQuery, BookingPatchBody, IdempotencyHeader } from './schemas.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;
const TAGS = ['Bookings'];
const PATH = recordPath('booking');
const app = featureApp();

const create = createRoute({
  method: 'post',
  path: '/v1/bookings',
  operationId: 'bookings.create',
  tags: TAGS,
  summary: 'Books items for a period, in the shop-local times of the shop (secret token)',
  middleware: [secretOnly('create bookings')] as const,
  request: { headers: IdempotencyHeader, body: jsonBody(BookingBody) },
  responses: { 201: json(BookingSchema, 'The booking (again, on a replayed Idempotency-Key)'), ...errorResponses },
});

const list = createRoute({
  method: 'get',
  path: '/v1/bookings',
  operationId: 'bookings.list',
  tags: TAGS,
  summary: "The shop's bookings, filtered, one page (an extension; secret token)",
  middleware: [secretOnly('list bookings')] as const,
  request: { query: BookingListQuery },
  responses: { 200: json(z.array(BookingSchema), 'One page of bookings'), ...errorResponses },
});

const read = createRoute({
  method: 'get',
  path: '/v1/bookings/{id}',
  operationId: 'bookings.retrieve',
  tags: TAGS,
  summary: 'One booking (an extension; secret token)',
  middleware: [secretOnly('read bookings')] as const,
  request: { params: PATH },
  responses: { 200: json(BookingSchema, 'The booking'), ...errorResponses },
});

const change = createRoute({
  method: 'patch',
  path: '/v1/bookings/{id}',
  operationId: 'bookings.update',
  tags: TAGS,
  summary:
    'Moves or changes a booking: its times, items, customers, answers or tags, judged against capacity without its own units (an extension; secret token)',
  middleware: [secretOnly('change bookings')] as const,
  request: { params: PATH, body: jsonBody(BookingPatchBody) },
  responses: { 200: json(BookingSchema, 'The booking, changed (as it is, when nothing changed)'), ...errorResponses },
});

const cancel = createRoute({
  method: 'post',
  path: '/v1/bookings/{id}/cancel',
  operationId: 'bookings.cancel',
  tags: TAGS,
  summary: 'Cancels a booking; a cancelled one answers as it is (an extension; secret token)',
  middleware: [secretOnly('cancel bookings')] as const,
  request: { params: PATH },
  responses: { 200: json(BookingSchema, 'The booking, cancelled'), ...errorResponses },
});

const refunded = createRoute({
  method: 'post',
  path: '/v1/bookings/{id}/refunded',
  operationId: 'bookings.markRefunded',
  tags: TAGS,
  summary:
    'Marks made the refund owed after a customer cancelled a Shopify order’s booking; one already marked answers as it is (an extension; secret token)',
  middleware: [secretOnly('mark refunds')] as const,
  request: { params: PATH },
  responses: { 200: json(BookingSchema, 'The booking, its refund marked made'), ...errorResponses },
});

/** POST and GET /v1/bookings; GET and PATCH /v1/bookings/{id}; POST /v1/bookings/{id}/cancel and /refunded. */
export const bookingRoutes = app
  .openapi(collectingRoute(app, create), async (c) => {
    const { auth, deps, body } = c.var;
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !KEY.test(key))
      throw new InvalidError({ 'Idempotency-Key': ['must be 1 to 255 printable ASCII characters'] });
    const input = bookingInputOf(body, checkPart(BookingBody, body), auth.tz);
    const idempotency = key === undefined ? undefined : { key, requestHash: requestHash(input) };
    const { booking, replayed } = await createBooking(deps.db, auth, input, idempotency, sqlNowOf(deps.clock));
    return jsonAnswer(booking, 201, replayed ? { 'idempotent-replayed': 'true' } : {});
  })
  .openapi(collectingRoute(app, list), async (c) => {
    const { auth, deps } = c.var;
    const values = queryValues(c.req.url);
    const { data, errors } = checkPart(BookingListQuery, values, 'request');
    // A day, or a local time, is read in the shop's zone (API.md §3).
    const placed = instantsIn(values, ['start_min', 'finish_max'], auth.tz, errors);
    errors.throwIfAny();
    const query = data!;
    const filters = {
      status: query.status,
      externalVariantId: query.external_variant_id,
      externalProductId: query.external_product_id,
      startMin: placed.start_min,
      finishMax: placed.finish_max,
      q: query.q,
      customerId: query.customer_id,
      locationId: query.location_id,
      refundDue: query.refund_due,
    };
    const page = pageOf(query);
    const { records, total } = await pageOfBookings(deps.db, auth, filters, page);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(read, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await getBooking(deps.db, auth, c.req.valid('param').id), 200);
  })
  .openapi(collectingRoute(app, change), async (c) => {
    const { auth, deps, body } = c.var;
    const id = c.req.valid('param').id;
    const input = bookingChangeOf(body, checkPart(BookingPatchBody, body), auth.tz);
    return jsonAnswer(await changeBooking(deps.db, auth, id, input, sqlNowOf(deps.clock)), 200);
  })
  .openapi(cancel, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await cancelBooking(deps.db, auth, c.req.valid('param').id), 200);
  })
  .openapi(refunded, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await markBookingRefunded(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock)), 200);
  });
