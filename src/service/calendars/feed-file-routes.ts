/**
 * GET /calendars/{token}.ics: a feed's calendar, public to whoever holds the secret URL (no
 * other authentication: calendar apps send none). An unknown or revoked token is 404. The
 * answer carries a strong ETag (a hash of its bytes) and a matching If-None-Match gets 304, so
 * a calendar app polling often costs one query and no body.
 * @module
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { matches } from '../http/caching.ts';
import type { AppEnv } from '../http/env.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { NotFoundError } from '../shared/errors.ts';
import { feedCalendar } from './feed-ics.ts';
import { feedByTokenHash, feedEvents } from './feed-queries.ts';
import { feedTokenHash } from './feeds.ts';

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
