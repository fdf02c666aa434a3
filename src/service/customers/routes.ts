/**
 * The customers endpoints (issue 30, point 3; extensions, secret tokens only):
 * GET /v1/customers (found by `q`, paged) and GET /v1/customers/{id} with their bookings.
 * A customer is made or renamed by the bookings that name them (POST and PATCH /v1/bookings);
 * there is no endpoint writing one directly.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { pageOf } from '../shared/query-schemas.ts';
import { getCustomer, pageOfCustomers } from './customers.ts';
import { CustomerListQuery, CustomerRecordSchema, CustomerWithBookingsSchema } from './schemas.ts';

const TAGS = ['Customers'];
const app = featureApp();

const list = createRoute({
  method: 'get',
  path: '/v1/customers',
  operationId: 'customers.list',
  tags: TAGS,
  summary: "The shop's customers, by name, one page (an extension; secret token)",
  middleware: [secretOnly('list customers')] as const,
  request: { query: CustomerListQuery },
  responses: { 200: json(z.array(CustomerRecordSchema), 'One page of customers'), ...errorResponses },
});

const read = createRoute({
  method: 'get',
  path: '/v1/customers/{id}',
  operationId: 'customers.retrieve',
  tags: TAGS,
  summary: 'One customer with their bookings (an extension; secret token)',
  middleware: [secretOnly('read customers')] as const,
  request: { params: recordPath('customer') },
  responses: { 200: json(CustomerWithBookingsSchema, 'The customer and their bookings'), ...errorResponses },
});

/** GET /v1/customers and GET /v1/customers/{id}. */
export const customerRoutes = app
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const page = pageOf(query);
    const { records, total } = await pageOfCustomers(deps.db, auth, query.q, page, sqlNowOf(deps.clock));
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(read, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await getCustomer(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock)), 200);
  });
