/**
 * POST /v1/bookings (seed §2.4, API.md §3): secret tokens only. An `Idempotency-Key` header
 * makes a retried request return the first booking (201 again, with `Idempotent-Replayed: true`).
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { readBookingInput, requestHash } from './input.ts';
import { createBooking } from './bookings.ts';
import { jsonResponse } from '../http/errors.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { InvalidError } from '../shared/errors.ts';
import { requireSecret } from '../tokens/scopes.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** POST /v1/bookings. */
export const bookingRoutes = new Hono<AppEnv>().post('/v1/bookings', async (c) => {
  const { auth, deps, body } = c.var;
  requireSecret(auth, 'create bookings');
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY.test(key)) throw new InvalidError({ 'Idempotency-Key': ['must be 1 to 255 printable ASCII characters'] });
  const input = readBookingInput(body, auth.tz);
  const idempotency = key === undefined ? undefined : { key, requestHash: requestHash(input) };
  const { booking, replayed } = await createBooking(deps.db, auth, input, idempotency, sqlNowOf(deps.clock));
  return jsonResponse(booking, 201, replayed ? { 'idempotent-replayed': 'true' } : {});
});
