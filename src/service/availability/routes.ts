/**
 * GET /v1/availability (an extension, API.md §3): one entry per day of a variant's calendar,
 * judged by the same engine as every write, so a day the widget shows as free can be held.
 * Any token may read it. With `cart_token`, that cart's own unexpired holds do not count, so the
 * numbers match the `quantity_available` of the cart's reservation items.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, notModified, json, jsonAnswer, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { readDays } from './days.ts';
import { databaseNow } from '../db/now.ts';
import { sqlNowOf } from '../shared/clock.ts';
import {
  cartTokenQuery,
  periodCheck,
  query,
  queryDate,
  queryId,
  queryInt,
  requiredQueryId,
} from '../shared/query-schemas.ts';
import { AvailabilityDaySchema, OccupancyDaySchema } from '../shared/record-schemas.ts';
import { occupancy } from './occupancy-queries.ts';

/** The longest period one request may ask for, in days. */
const MAX_DAYS = 366;

/** The longest period one occupancy request may ask for, in days. */
const MAX_OCCUPANCY_DAYS = 92;

const AvailabilityQuery = query({
  external_variant_id: requiredQueryId(),
  start: queryDate().openapi({ description: 'The first day listed.' }),
  finish: queryDate().openapi({ description: 'The first day not listed.' }),
  cart_token: cartTokenQuery().openapi({ type: 'string', description: "This cart's own holds count as available." }),
  quantity: queryInt(1).openapi({
    description: 'The units wanted: a day (or, for a slot variant, a slot) with fewer left is sold_out. @default 1',
  }),
  resource_id: queryId().openapi({
    description: 'One member of a pool the shopper may choose from (RESOURCES.md §3): judged as a hold that picks it.',
  }),
}).superRefine(periodCheck(MAX_DAYS), { when: () => true });

const OccupancyQuery = query({
  start: queryDate().openapi({ description: 'The first day listed.' }),
  finish: queryDate().openapi({ description: 'The first day not listed.' }),
  external_variant_id: queryId(),
}).superRefine(periodCheck(MAX_OCCUPANCY_DAYS), { when: () => true });

const occupancyRoute = createRoute({
  method: 'get',
  path: '/v1/occupancy',
  operationId: 'occupancy.list',
  tags: ['Occupancy'],
  summary: "Each variant's held, booked and free units per day (an extension; secret token)",
  middleware: [secretOnly('read occupancy')] as const,
  request: { query: OccupancyQuery },
  responses: { 200: json(z.array(OccupancyDaySchema), 'One entry per variant and day'), ...errorResponses },
});

const availabilityRoute = createRoute({
  method: 'get',
  path: '/v1/availability',
  operationId: 'availability.list',
  tags: ['Availability'],
  summary: "A variant's units available per day (an extension)",
  request: { query: AvailabilityQuery },
  responses: { 200: json(z.array(AvailabilityDaySchema), 'One entry per day'), ...notModified, ...errorResponses },
});

/** GET /v1/availability; GET /v1/occupancy (the merchant's view, secret tokens only). */
export const availabilityRoutes = featureApp()
  .openapi(occupancyRoute, async (c) => {
    const { auth, deps } = c.var;
    const { start, finish, external_variant_id: externalVariantId } = c.req.valid('query');
    const now = await databaseNow(deps.db, sqlNowOf(deps.clock));
    return jsonAnswer(await occupancy(deps.db, auth.shopId, { start, finish, externalVariantId }, now), 200);
  })
  .openapi(availabilityRoute, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const days = await readDays(deps.db, auth, {
      externalVariantId: query.external_variant_id,
      start: query.start,
      finish: query.finish,
      cartToken: query.cart_token,
      quantity: query.quantity,
      override: sqlNowOf(deps.clock),
      resourceId: query.resource_id === undefined ? undefined : String(query.resource_id),
    });
    return jsonAnswer(days, 200);
  });
