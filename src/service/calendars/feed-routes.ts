/**
 * GET and POST /v1/calendar-feeds, DELETE /v1/calendar-feeds/{id} (an extension; secret token
 * or admin session): the shop's subscribable calendars. The feed itself is served by
 * `feed-file-routes.ts` at the secret URL POST answers once.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import { NotFoundError } from '../shared/errors.ts';
import { listFeeds, revokeFeed } from './feed-queries.ts';
import { FeedBody, FeedSchema, NewFeedSchema } from './feed-schemas.ts';
import { createFeed, feedRecord } from './feeds.ts';

const TAGS = ['Calendar feeds'];

const list = createRoute({
  method: 'get',
  path: '/v1/calendar-feeds',
  tags: TAGS,
  summary: "The shop's calendar feeds not revoked (an extension; secret token)",
  middleware: [secretOnly('list calendar feeds')] as const,
  responses: { 200: json(z.array(FeedSchema), 'Every live feed, oldest first'), ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/calendar-feeds',
  tags: TAGS,
  summary: 'Makes a calendar feed; its secret URL is in this answer only (an extension; secret token)',
  middleware: [secretOnly('create calendar feeds')] as const,
  request: { body: jsonBody(FeedBody) },
  responses: { 201: json(NewFeedSchema, 'The feed, with its URL'), ...errorResponses },
});

const revoke = createRoute({
  method: 'delete',
  path: '/v1/calendar-feeds/{id}',
  tags: TAGS,
  summary: 'Revokes a calendar feed: its URL answers 404 from now on (an extension; secret token)',
  middleware: [secretOnly('revoke calendar feeds')] as const,
  request: { params: recordPath('calendar feed') },
  responses: { 204: { description: 'Revoked' }, ...errorResponses },
});

/** GET and POST /v1/calendar-feeds; DELETE /v1/calendar-feeds/{id}. */
export const calendarFeedRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const records = (await listFeeds(deps.db, auth.shopId)).map(feedRecord);
    return jsonAnswer(records, 200, { 'x-total-count': String(records.length) });
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const { record, token } = await createFeed(deps.db, auth.shopId, c.req.valid('json'));
    return jsonAnswer({ ...record, url: `${ownOrigin(c)}/calendars/${token}.ics` }, 201, {
      location: `/v1/calendar-feeds/${record.id}`,
    });
  })
  .openapi(revoke, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    if (!(await revokeFeed(deps.db, auth.shopId, id))) throw new NotFoundError('calendar feed', id);
    return c.body(null, 204);
  });
