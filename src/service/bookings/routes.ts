/**
 * The booking endpoints, secret tokens only: POST /v1/bookings (seed §2.4, API.md §3), and the
 * extensions GET /v1/bookings (filters, pages), GET /v1/bookings/{id} and POST
 * /v1/bookings/{id}/cancel. An `Idempotency-Key` header makes a retried POST return the first
 * booking (201 again, with `Idempotent-Replayed: true`).
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { BookingStatus } from '../../shared/records.ts';
import { readBookingInput, requestHash } from './input.ts';
import { createBooking } from './bookings.ts';
import { cancelBooking, getBooking, pageOfBookings } from './manage.ts';
import { jsonResponse } from '../http/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { InvalidError } from '../shared/errors.ts';
import { requireSecret } from '../tokens/scopes.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;
const STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled'];

/** POST and GET /v1/bookings; GET /v1/bookings/{id}; POST /v1/bookings/{id}/cancel. */
export const bookingRoutes = new Hono<AppEnv>()
  .post('/v1/bookings', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create bookings');
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !KEY.test(key))
      throw new InvalidError({ 'Idempotency-Key': ['must be 1 to 255 printable ASCII characters'] });
    const input = readBookingInput(body, auth.tz);
    const idempotency = key === undefined ? undefined : { key, requestHash: requestHash(input) };
    const { booking, replayed } = await createBooking(deps.db, auth, input, idempotency, sqlNowOf(deps.clock));
    return jsonResponse(booking, 201, replayed ? { 'idempotent-replayed': 'true' } : {});
  })
  .get('/v1/bookings', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'list bookings');
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const status = query.string('status', 20);
    if (status !== undefined && !STATUSES.includes(status as BookingStatus))
      query.errors.add('status', `must be one of ${STATUSES.join(', ')}`);
    const filters = {
      status: status as BookingStatus | undefined,
      externalVariantId: query.id('external_variant_id'),
      externalProductId: query.id('external_product_id'),
      startMin: query.instantOrDay('start_min', auth.tz),
      finishMax: query.instantOrDay('finish_max', auth.tz),
      q: query.string('q', 100),
    };
    query.done();
    const { records, total } = await pageOfBookings(deps.db, auth, filters, page);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
  })
  .get('/v1/bookings/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'read bookings');
    return jsonResponse(await getBooking(deps.db, auth, pathIdOr404(c.req.param('id'), 'booking')));
  })
  .post('/v1/bookings/:id/cancel', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'cancel bookings');
    return jsonResponse(await cancelBooking(deps.db, auth, pathIdOr404(c.req.param('id'), 'booking')));
  });
