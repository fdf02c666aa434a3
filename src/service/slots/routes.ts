/**
 * GET /v1/slots (SLOTS.md §2): a slot variant's times of day, grouped by local date, each
 * judged by the same rules as a hold of it (notice, horizon, blackouts, capacity, the
 * database's clock), so a slot shown free can be held. Any token may read it; a publishable
 * token's answer is cacheable like availability's (`app.ts`). With `cart_token`, that cart's own
 * holds do not count. GET /v1/occupancy/slots: the merchant's view of one day's slots (secret token).
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { AvailableSlot, SlotsByDate } from '../../shared/records.ts';
import { errorResponses, json, jsonAnswer, notModified, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { InvalidError } from '../shared/errors.ts';
import {
  cartTokenQuery,
  periodCheck,
  query,
  queryDate,
  queryId,
  queryInt,
  requiredQueryId,
} from '../shared/query-schemas.ts';
import { SlotsByDateSchema } from '../shared/record-schemas.ts';
import { OccupancySlotSchema } from '../shared/schedule-record-schemas.ts';
import { slotOccupancy } from './occupancy-slots.ts';
import { judgeSlots } from './slot-list.ts';

/** The longest period one request may ask for, in days (two months of a month view). */
const MAX_DAYS = 62;

const SlotsQuery = query({
  external_variant_id: requiredQueryId(),
  start: queryDate().openapi({ description: 'The first local date listed.' }),
  finish: queryDate().openapi({ description: 'The first local date not listed.' }),
  quantity: queryInt(1).openapi({ description: 'The units wanted: a slot with fewer left is sold_out. @default 1' }),
  cart_token: cartTokenQuery().openapi({ type: 'string', description: "This cart's own holds count as available." }),
  resource_id: queryId().openapi({
    description: 'One member of a pool the shopper may choose from (RESOURCES.md §3): judged as a hold that picks it.',
  }),
}).superRefine(periodCheck(MAX_DAYS), { when: () => true });

const slotsRoute = createRoute({
  method: 'get',
  path: '/v1/slots',
  operationId: 'availability.slots',
  tags: ['Availability'],
  summary: "A slot variant's times of day with the units left, by local date (SLOTS.md §2)",
  request: { query: SlotsQuery },
  responses: {
    200: json(SlotsByDateSchema, 'Every local date of the period, its slots in start order'),
    ...notModified,
    ...errorResponses,
  },
});

const OccupancySlotsQuery = query({
  external_variant_id: requiredQueryId(),
  date: queryDate().openapi({ description: "The shop's local date." }),
});

const occupancySlotsRoute = createRoute({
  method: 'get',
  path: '/v1/occupancy/slots',
  operationId: 'occupancy.slots',
  tags: ['Occupancy'],
  summary: "A slot variant's slots on one day with the units booked, held and left (an extension; secret token)",
  middleware: [secretOnly('read occupancy')] as const,
  request: { query: OccupancySlotsQuery },
  responses: { 200: json(z.array(OccupancySlotSchema), "The day's slots in start order"), ...errorResponses },
});

/** GET /v1/slots; GET /v1/occupancy/slots. */
export const slotRoutes = featureApp()
  .openapi(occupancySlotsRoute, async (c) => {
    const { auth, deps } = c.var;
    const q = c.req.valid('query');
    return jsonAnswer(await slotOccupancy(deps.db, auth, q.external_variant_id, q.date, sqlNowOf(deps.clock)), 200);
  })
  .openapi(slotsRoute, async (c) => {
    const { auth, deps } = c.var;
    const q = c.req.valid('query');
    const judged = await judgeSlots(
      deps.db,
      auth,
      {
        externalVariantId: q.external_variant_id,
        start: q.start,
        finish: q.finish,
        quantity: q.quantity ?? 1,
        cartToken: q.cart_token,
        resourceId: q.resource_id === undefined ? undefined : String(q.resource_id),
      },
      sqlNowOf(deps.clock),
    );
    if (!judged) throw new InvalidError({ external_variant_id: ['is booked by days; use /v1/availability'] });
    const answer: SlotsByDate = {};
    // How many consecutive slots a hold starting at a slot may span (API.md §4.13): a widget
    // offers its shopper a length from it.
    const { schedule } = judged.variant;
    const maxSlots = schedule.counting === 'units' ? schedule.max_slots : 1;
    for (const [date, slots] of judged.days)
      answer[date] = slots.map(
        // The free units whatever the rules are the month view's.
        ({ quantityFree: _, ...slot }): AvailableSlot => ({ ...slot, max_slots: maxSlots }),
      );
    return jsonAnswer(answer, 200);
  });
