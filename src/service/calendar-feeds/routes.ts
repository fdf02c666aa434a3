/**
 * GET and POST /v1/calendar-feeds, DELETE /v1/calendar-feeds/{id} (an extension; secret token
 * or admin session): the shop's subscribable calendars.
 *
 * GET /calendars/{token}.ics: a feed's calendar, public to whoever holds the secret URL POST
 * answers once (no other authentication: calendar apps send none). An unknown or revoked token
 * is 404. The answer carries a strong ETag (a hash of its bytes) and a matching If-None-Match
 * gets 304, so a calendar app polling often costs no body.
 * @module
 */
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { matches } from '../http/caching.ts';
import type { AppEnv } from '../http/env.ts';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import { NotFoundError } from '../shared/errors.ts';
import { feedCalendar } from './ics.ts';
import { feedByTokenHash, feedEvents, listFeeds, revokeFeed } from './queries.ts';
import { FeedBody, FeedSchema, NewFeedSchema } from './schemas.ts';
import { createFeed, feedRecord, feedTokenHash } from './feeds.ts';

const TAGS = ['Calendar feeds'];

const list = createRoute({
  method: 'get',
  path: '/v1/calendar-feeds',
  operationId: 'calendarFeeds.list',
  tags: TAGS,
  summary: "The shop's calendar feeds not revoked (an extension; secret token)",
  middleware: [secretOnly('list calendar feeds')] as const,
  responses: { 200: json(z.array(FeedSchema), 'Every live feed, oldest first'), ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/calendar-feeds',
  operationId: 'calendarFeeds.create',
  tags: TAGS,
  summary: 'Makes a calendar feed; its secret URL is in this answer only (an extension; secret token)',
  middleware: [secretOnly('create calendar feeds')] as const,
  request: { body: jsonBody(FeedBody) },
  responses: { 201: json(NewFeedSchema, 'The feed, with its URL'), ...errorResponses },
});

const revoke = createRoute({
  method: 'delete',
  path: '/v1/calendar-feeds/{id}',
  operationId: 'calendarFeeds.revoke',
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

/** Subscribers may reuse an answer this long (seconds) before asking again. */
const MAX_AGE = 300;

/** The public feed files. */
export const calendarFileRoutes = new Hono<AppEnv>().get('/calendars/:file', async (c) => {
  const file = c.req.param('file');
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  const feed = /^cal_[A-Za-z0-9_-]{16,64}$/.test(token)
    ? await feedByTokenHash(c.var.deps.db, feedTokenHash(token))
    : undefined;
  if (!feed) throw new NotFoundError('calendar feed', 'of this address', 'No calendar at this address.');
  const body = feedCalendar(await feedEvents(c.var.deps.db, feed), {
    shopId: feed.shop_id,
    tz: feed.tz,
    name: feed.shop_name,
    domain: new URL(ownOrigin(c)).hostname,
  });
  const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { etag: tag, 'cache-control': `private, max-age=${MAX_AGE}` };
  if (matches(c.req.header('if-none-match'), tag)) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, 'content-type': 'text/calendar; charset=utf-8' });
});
