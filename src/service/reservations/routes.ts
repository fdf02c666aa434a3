/**
 * GET /v1/reservations and GET /v1/reservations/{id} (seed §4, API.md §3 and §6).
 * A publishable token reads only a cart it names: the list needs `cart_token` (else 403), a
 * single reservation needs `?cart_token=` matching it (else 404, as for any id it cannot see).
 * @module
 */
import type { App } from '../app.ts';
import { jsonResponse } from '../http/errors.ts';
import { ForbiddenError, NotFoundError } from '../shared/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { QueryReader } from '../http/query.ts';
import { RESERVATION_COLUMNS, type ReservationRow, reservationRecords } from './records.ts';

const ID = /^\d{1,15}$/;

/** Registers the reservation reads. */
export function reservationRoutes(app: App): void {
  app.get('/v1/reservations', async (c) => {
    const { auth, deps } = c.var;
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const cartToken = query.string('cart_token', 255);
    const active = query.bool('active');
    const productId = query.id('product_id');
    const externalProductId = query.id('external_product_id');
    const variantId = query.id('variant_id');
    const externalVariantId = query.id('external_variant_id');
    query.done();
    if (auth.kind !== 'secret' && cartToken === undefined) {
      throw new ForbiddenError('A publishable token may list reservations only with a cart_token filter.');
    }
    const now = deps.clock.now();
    const where = ['r.shop_id = $1'];
    const params: unknown[] = [auth.shopId];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (cartToken !== undefined) where.push(`r.cart_token = ${param(cartToken)}`);
    if (active === true) where.push(`r.expires_at > ${param(new Date(now).toISOString())}::timestamptz`);
    if (active === false) where.push(`r.expires_at <= ${param(new Date(now).toISOString())}::timestamptz`);
    const itemFilters: string[] = [];
    if (productId !== undefined) itemFilters.push(`p.id = ${param(productId)}`);
    if (externalProductId !== undefined) itemFilters.push(`p.external_id = ${param(externalProductId)}`);
    if (variantId !== undefined) itemFilters.push(`v.id = ${param(variantId)}`);
    if (externalVariantId !== undefined) itemFilters.push(`v.external_id = ${param(externalVariantId)}`);
    if (itemFilters.length > 0) {
      // A reservation matches when one of its items is of that product or variant.
      where.push(`EXISTS (SELECT 1 FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id
        JOIN products p ON p.id = v.product_id WHERE ri.reservation_id = r.id AND ${itemFilters.join(' AND ')})`);
    }
    const filter = where.join(' AND ');
    const { rows: counted } = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservations r WHERE ${filter}`, params);
    const { rows } = await deps.db.query<ReservationRow>(
      `SELECT ${RESERVATION_COLUMNS} FROM reservations r WHERE ${filter}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${param(page.per)} OFFSET ${param(page.offset)}`,
      params,
    );
    const records = await reservationRecords(deps.db, rows, auth.tz, now);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, counted[0]!.n));
  });

  app.get('/v1/reservations/:id', async (c) => {
    const { auth, deps } = c.var;
    const id = c.req.param('id');
    const query = new QueryReader(c.req.url);
    const cartToken = query.string('cart_token', 255);
    query.done();
    if (!ID.test(id) || Number(id) < 1) throw new NotFoundError('reservation', id);
    // Without the cart token a publishable token cannot tell one cart's reservation from none.
    if (auth.kind !== 'secret' && cartToken === undefined) throw new NotFoundError('reservation', id);
    const params: unknown[] = [auth.shopId, Number(id)];
    const { rows } = await deps.db.query<ReservationRow>(
      `SELECT ${RESERVATION_COLUMNS} FROM reservations r WHERE r.shop_id = $1 AND r.id = $2
        ${cartToken !== undefined ? 'AND r.cart_token = $3' : ''}`,
      cartToken !== undefined ? [...params, cartToken] : params,
    );
    if (rows.length === 0) throw new NotFoundError('reservation', id);
    const [record] = await reservationRecords(deps.db, rows, auth.tz, deps.clock.now());
    return jsonResponse(record);
  });
}
