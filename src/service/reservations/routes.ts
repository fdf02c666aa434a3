/**
 * The reservation endpoints as one sub-app (seed §4, API.md §3 and §6): GET /v1/reservations,
 * GET /v1/reservations/{id}, DELETE /v1/reservations/{id} (an extension: releases it), and POST /v1/reservations, which holds a cart's items (201 when the
 * cart's reservation is created, 200 when updated; the rules are in `holds.ts`).
 * Secret and publishable tokens may post (a publishable one only from an allowed origin, checked
 * by `authenticate`). A publishable token reads only a cart it names: the list needs
 * `cart_token` (else 403), a single reservation needs `?cart_token=` matching it (else 404, as
 * for any id it cannot see).
 * @module
 */
import { createRoute } from '@hono/zod-openapi';
import { pageHeaders } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { featureApp } from '../http/schema-validation.ts';
import { databaseNow } from '../db/now.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ForbiddenError, NotFoundError } from '../shared/errors.ts';
import { holdItems } from './holds.ts';
import { HoldBody, holdInputOf, ListQuery, ReservationParams, ReservationQuery } from './schemas.ts';
import { findReservation, listReservations } from './queries.ts';
import { deleteReservation } from './release-queries.ts';
import { reservationRecords } from './records.ts';
import { pageOf } from '../shared/query-schemas.ts';
import { errorResponses, json, jsonAnswer, jsonBody } from '../http/openapi-parts.ts';
import { ReservationSchema } from '../shared/record-schemas.ts';
import { z } from '@hono/zod-openapi';

const TAG = ['Reservations'];

const list = createRoute({
  method: 'get',
  path: '/v1/reservations',
  operationId: 'reservations.list',
  tags: TAG,
  summary: "The shop's reservations (a publishable token: only with cart_token)",
  request: { query: ListQuery },
  responses: { 200: json(z.array(ReservationSchema), 'One page of reservations'), ...errorResponses },
});

const hold = createRoute({
  method: 'post',
  path: '/v1/reservations',
  operationId: 'reservations.create',
  tags: TAG,
  summary: "Holds a cart's items (creates or replaces the cart's reservation)",
  request: { body: jsonBody(HoldBody) },
  responses: {
    200: json(ReservationSchema, "The cart's reservation, updated"),
    201: json(ReservationSchema, "The cart's reservation, created"),
    ...errorResponses,
  },
});

const read = createRoute({
  method: 'get',
  path: '/v1/reservations/{id}',
  operationId: 'reservations.retrieve',
  tags: TAG,
  summary: 'One reservation (a publishable token: only with its cart_token)',
  request: { params: ReservationParams, query: ReservationQuery },
  responses: { 200: json(ReservationSchema, 'The reservation'), ...errorResponses },
});

const release = createRoute({
  method: 'delete',
  path: '/v1/reservations/{id}',
  operationId: 'reservations.release',
  tags: TAG,
  summary: 'Releases a hold at once (an extension)',
  request: { params: ReservationParams, query: ReservationQuery },
  responses: { 204: { description: 'Released' }, ...errorResponses },
});

/** GET and POST /v1/reservations; GET and DELETE /v1/reservations/{id}. */
export const reservationRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const page = pageOf(query);
    const cartToken = query.cart_token;
    if (auth.kind !== 'secret' && cartToken === undefined) {
      throw new ForbiddenError('A publishable token may list reservations only with a cart_token filter.');
    }
    // The database's clock, as the holds were stamped with it: "active" and "expired" agree with them.
    const now = await databaseNow(deps.db, sqlNowOf(deps.clock));
    const filters = {
      cartToken,
      active: query.active,
      productId: query.product_id,
      externalProductId: query.external_product_id,
      variantId: query.variant_id,
      externalVariantId: query.external_variant_id,
    };
    const { rows, total } = await listReservations(deps.db, auth.shopId, filters, page, now);
    const records = await reservationRecords(deps.db, rows, auth.tz, now);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(hold, async (c) => {
    const input = holdInputOf(c.req.valid('json'));
    const { deps, auth } = c.var;
    const { reservation, created } = await holdItems(deps.db, auth, input, () => sqlNowOf(deps.clock));
    return created ? jsonAnswer(reservation, 201) : jsonAnswer(reservation, 200);
  })
  .openapi(read, async (c) => {
    const { auth, deps } = c.var;
    const { id, asked, cartToken } = reservationAsked(c.req.valid('param').id, c.req.valid('query'), auth.kind);
    const row = await findReservation(deps.db, auth.shopId, id, cartToken);
    if (!row) throw new NotFoundError('reservation', asked);
    const [record] = await reservationRecords(
      deps.db,
      [row],
      auth.tz,
      await databaseNow(deps.db, sqlNowOf(deps.clock)),
    );
    return jsonAnswer(record!, 200);
  })
  .openapi(release, async (c) => {
    // Releases the hold at once (an extension): a secret token any of the shop's, a publishable
    // one only the cart it names with `?cart_token=` (the widget's Release), as for reads.
    const { auth, deps } = c.var;
    const { id, asked, cartToken } = reservationAsked(c.req.valid('param').id, c.req.valid('query'), auth.kind);
    if (!(await deleteReservation(deps.db, auth.shopId, id, cartToken))) throw new NotFoundError('reservation', asked);
    return c.body(null, 204);
  });

/**
 * The reservation a GET or DELETE of `/v1/reservations/{id}` names, and its `cart_token`
 * filter. Without the cart token a publishable token cannot tell one cart's reservation from
 * none: it gets the same 404 as a missing id.
 */
function reservationAsked(
  param: string,
  query: { cart_token?: string | undefined },
  kind: string,
): { id: number; asked: string; cartToken: string | undefined } {
  const id = pathIdOr404(param, 'reservation');
  if (kind !== 'secret' && query.cart_token === undefined) throw new NotFoundError('reservation', param);
  return { id, asked: param, cartToken: query.cart_token };
}
