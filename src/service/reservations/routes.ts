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
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { databaseNow } from '../db/now.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { normalCartToken } from '../shared/body.ts';
import { ForbiddenError, NotFoundError } from '../shared/errors.ts';
import { holdItems } from './holds.ts';
import { readHoldInput } from './input.ts';
import { findReservation, listReservations } from './queries.ts';
import { deleteReservation } from './release-queries.ts';
import { reservationRecords } from './records.ts';

/** GET and POST /v1/reservations; GET /v1/reservations/{id}. */
export const reservationRoutes = new Hono<AppEnv>()
  .get('/v1/reservations', async (c) => {
    const { auth, deps } = c.var;
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const cartToken = cartTokenFilter(query);
    const active = query.bool('active');
    const productId = query.id('product_id');
    const externalProductId = query.id('external_product_id');
    const variantId = query.id('variant_id');
    const externalVariantId = query.id('external_variant_id');
    query.done();
    if (auth.kind !== 'secret' && cartToken === undefined) {
      throw new ForbiddenError('A publishable token may list reservations only with a cart_token filter.');
    }
    // The database's clock, as the holds were stamped with it: "active" and "expired" agree with them.
    const now = await databaseNow(deps.db, sqlNowOf(deps.clock));
    const filters = { cartToken, active, productId, externalProductId, variantId, externalVariantId };
    const { rows, total } = await listReservations(deps.db, auth.shopId, filters, page, now);
    const records = await reservationRecords(deps.db, rows, auth.tz, now);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
  })
  .post('/v1/reservations', async (c) => {
    const input = readHoldInput(c.var.body);
    const { deps, auth } = c.var;
    const { reservation, created } = await holdItems(deps.db, auth, input, () => sqlNowOf(deps.clock));
    return jsonResponse(reservation, created ? 201 : 200);
  })
  .get('/v1/reservations/:id', async (c) => {
    const { auth, deps } = c.var;
    const { id, asked, cartToken } = reservationAsked(c.req.param('id'), c.req.url, auth.kind);
    const row = await findReservation(deps.db, auth.shopId, id, cartToken);
    if (!row) throw new NotFoundError('reservation', asked);
    const [record] = await reservationRecords(
      deps.db,
      [row],
      auth.tz,
      await databaseNow(deps.db, sqlNowOf(deps.clock)),
    );
    return jsonResponse(record);
  })
  .delete('/v1/reservations/:id', async (c) => {
    // Releases the hold at once (an extension): a secret token any of the shop's, a publishable
    // one only the cart it names with `?cart_token=` (the widget's Release), as for reads.
    const { auth, deps } = c.var;
    const { id, asked, cartToken } = reservationAsked(c.req.param('id'), c.req.url, auth.kind);
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
  url: string,
  kind: string,
): { id: number; asked: string; cartToken: string | undefined } {
  const query = new QueryReader(url);
  const cartToken = cartTokenFilter(query);
  query.done();
  const id = pathIdOr404(param, 'reservation');
  if (kind !== 'secret' && cartToken === undefined) throw new NotFoundError('reservation', param);
  return { id, asked: param, cartToken };
}

/** The `cart_token` filter, normalised as the posts store it (a blank or odd one is a 422). */
function cartTokenFilter(query: QueryReader): string | undefined {
  const raw = query.string('cart_token', 255);
  if (raw === undefined) return undefined;
  const token = normalCartToken(raw);
  if (token === undefined) query.errors.add('cart_token', 'must not be blank nor hold control or format characters');
  return token;
}
