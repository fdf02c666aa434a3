/**
 * The booking service v1 as a web-standard handler: `app.fetch(Request) → Response`. Tests call
 * it in-process; `server.ts` puts it on a socket. It composes: the cross-cutting middleware (the
 * Date header, CORS, 404/405, authentication, rate limit, JSON body), then one Hono sub-app per
 * feature, and maps every error to its answer in one place (`toHttpError`, else a bare 500).
 * @module
 */
import { Hono } from 'hono';
import { resetMailer, type ResetMailer } from './admin/reset-mail.ts';
import { resetRoutes } from './admin/reset-routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { sessionFromCookie } from './admin/session-middleware.ts';
import { auditChanges, auditWebhooks } from './audit/audit-middleware.ts';
import { auditRoutes } from './audit/routes.ts';
import { ownerOnlyParts } from './staff/role-guard-middleware.ts';
import { passkeyRoutes } from './staff/passkey-routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { proxiedAuth } from './shopify/proxied-auth.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { blackoutRoutes } from './blackouts/routes.ts';
import { calendarFeedRoutes, calendarFileRoutes } from './calendar-feeds/routes.ts';
import { calendarImportRoutes } from './calendar-imports/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import type { Database } from './db/types.ts';
import { allowedMethodsOf, checkEndpoint, noEndpoint } from './http/endpoints.ts';
import type { AppDeps, AppEnv, ClientEnv } from './http/env.ts';
import { HttpError, toHttpError } from './http/errors.ts';
import { cacheable } from './http/caching.ts';
import { clientAddress } from './http/client-address.ts';
import { publicOriginOf } from './http/own-origin.ts';
import { openApiRoutes } from './http/openapi.ts';
import { memoryBuckets, sharedBuckets } from './limits/buckets.ts';
import { jsonBody } from './middleware/json-body.ts';
import {
  addressLimit,
  cartLimit,
  monotonicNow,
  RATE_LIMIT_DEFAULTS,
  rateLimit,
  type RateLimitOptions,
} from './middleware/rate-limit.ts';
import { locationRoutes } from './locations/routes.ts';
import { manageRoutes } from './manage/routes.ts';
import { manageSecret } from './manage/secret-queries.ts';
import { messageRoutes } from './messages/routes.ts';
import { messageTemplateRoutes } from './messages/templates/routes.ts';
import { questionRoutes } from './questions/routes.ts';
import { reservationRoutes } from './reservations/routes.ts';
import { resourceRoutes } from './resources/routes.ts';
import { shopRoutes } from './shops/routes.ts';
import { slotRoutes } from './slots/routes.ts';
import type { Clock } from './shared/clock.ts';
import { databaseClock } from './time/database-clock.ts';
import { authenticate } from './tokens/auth-middleware.ts';
import { corsHeadersFor, preflight } from './tokens/cors-middleware.ts';
import { cachedOrigins } from './tokens/origins.ts';
import { cachedTokens, TOKEN_CACHE_MS, UNKNOWN_TOKEN_CACHE_MS } from './tokens/tokens.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { shopifyConflictRoutes, shopifyWebhookRoutes } from './shopify/routes.ts';
import { shopifyProxyRoutes } from './shopify/proxy/routes.ts';
import { widgetRoutes } from './widgets/routes.ts';
import { widgetFileRoutes } from './http/widget-files.ts';

/** Every v1 endpoint: one Hono sub-app per feature, each defining its paths and methods. */
export const FEATURES = [
  widgetRoutes,
  blackoutRoutes,
  reservationRoutes,
  questionRoutes,
  bookingRoutes,
  customerRoutes,
  availabilityRoutes,
  slotRoutes,
  catalogRoutes,
  tokenRoutes,
  shopRoutes,
  locationRoutes,
  resourceRoutes,
  messageRoutes,
  messageTemplateRoutes,
  shopifyConflictRoutes,
  exportRoutes,
  auditRoutes,
  calendarFeedRoutes,
  calendarImportRoutes,
] as const;

/** What the service runs on. */
export interface AppOptions {
  db: Database;
  /**
   * The clock the service dates its answers by (the `Date` header, timestamps it writes). Holds,
   * bookings and limits are decided by the database's own clock in SQL whatever this is; a test
   * clock (with `sqlNow`) moves that too. @default the database's clock read through this
   * process (shared/database-clock.ts)
   */
  clock?: Clock;
  /** Where unexpected errors are reported. @default console.error */
  logError?: (error: unknown) => void;
  /**
   * Rate limits (middleware/rate-limit.ts), or `false` for none (benchmarks). Shared by every
   * app on the same database. @default RATE_LIMIT_DEFAULTS
   */
  rateLimit?: Partial<RateLimitOptions> | false;
  /**
   * The header a trusted proxy or CDN puts the client's address in (e.g. `x-forwarded-for`,
   * from `TRUST_PROXY_HEADER`); its last entry is used. @default none: the socket's address
   */
  trustProxyHeader?: string;
  /**
   * How long (ms, real time) a verified token is trusted without the token query; 0 asks the
   * database on every request. A revoked token keeps working for up to this long on an app that
   * verified it just before (tokens/tokens.ts `cachedTokens`). It is also how old the origins
   * answered in CORS preflights may be (tokens/origins.ts); 0 turns both off, and the brief
   * memory of unknown tokens (`UNKNOWN_TOKEN_CACHE_MS`). @default 10000
   */
  tokenCacheMs?: number;
  /**
   * The service's public address (`PUBLIC_URL`, e.g. `https://bookings.example.com`) when a
   * proxy terminates TLS in front of it: the admin's same-origin checks, its cookie's `Secure`
   * and its `base_url` use it instead of the request's URL (http/own-origin.ts). Without it,
   * `X-Forwarded-Proto` is believed only when `trustProxyHeader` is set. @default none
   */
  publicUrl?: string;
  /** The built admin page's folder (`dist/admin`), served at `/admin/`. @default none: only its sign-in routes */
  adminDir?: string;
  /** `MAIL_FROM`, the From address GET /v1/messages shows the messages with. @default messages/mail-settings.ts DEFAULT_FROM */
  mailFrom?: string;
  /**
   * `MANAGE_LINK_SECRET`: the key the customers' manage links are signed with (at least 32
   * characters). @default one the database makes and keeps (manage/secret-queries.ts)
   */
  manageLinkSecret?: string;
  /** The built widget's folder (`dist/`), served at `/booking-widget.js` and `/widget/` (http/widget-files.ts). @default none */
  widgetDir?: string;
  /** Where "Forgot password?" links go (admin/reset-mail.ts). @default printed on the service's output */
  resetMail?: ResetMailer;
}

/** The service's handler. */
export interface BookingApp {
  /** `env` is what @hono/node-server passes (the socket), or `{ clientAddress }` in-process. */
  fetch(request: Request, env?: ClientEnv): Promise<Response>;
}

/**
 * The longest URL answered (characters, origin included): a longer one is 414 with the envelope.
 * Well below Node's 16 KiB header limit, so the app, not the socket, answers it; what passes
 * even Node's limit gets the envelope from `server.ts`.
 */
export const MAX_URL_LENGTH = 8192;

const INTERNAL_BODY = {
  error: 'internal',
  message: 'Something went wrong on our side; nothing was changed. Try again.',
};

/** Builds the v1 API on `db`. */
export function createApp(options: AppOptions): BookingApp {
  const deps: AppDeps = {
    db: options.db,
    clock: options.clock ?? databaseClock(options.db),
    publicOrigin: options.publicUrl ? publicOriginOf(options.publicUrl) : undefined,
    trustForwardedProto: Boolean(options.trustProxyHeader?.trim()),
    mailFrom: options.mailFrom,
    manageSecret: onceOf(() => manageSecret(options.db, options.manageLinkSecret)),
  };
  const logError = options.logError ?? ((error: unknown) => console.error('[booking-service]', error));
  // strict: false accepts a trailing slash on every path (API.md §1).
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    if (c.req.url.length > MAX_URL_LENGTH)
      throw new HttpError('uri_too_long', `The URL must be at most ${MAX_URL_LENGTH} characters.`);
    await next();
    // The database's clock (as this process reads it) dates every answer, so a widget counts a
    // hold down by the clock that expires it, whatever the shopper's or this host's clock says
    // (and tests can move time).
    c.res.headers.set('date', new Date(deps.clock.now()).toUTCString());
    // Cacheable reads set their own (http/caching.ts); everything else changes by the second.
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
    const cors = c.get('cors');
    if (cors) for (const [name, value] of Object.entries(cors)) c.res.headers.set(name, value);
  });
  // The methods of each path come from the routes the features define (405 with Allow, 404).
  const docs = openApiRoutes(FEATURES);
  const allowed = allowedMethodsOf([...FEATURES, docs].flatMap((feature) => feature.routes));
  const limits = options.rateLimit === false ? undefined : { ...RATE_LIMIT_DEFAULTS, ...options.rateLimit };
  // The shared buckets are on the database's own clock; a test that simulates the rate limits'
  // clock (`limits.now`) makes it the database's too. A test clock of the app's (holds) does
  // not: rate limits measure real durations.
  const buckets = limits && sharedBuckets(deps.db, { sqlNow: limits.now });
  const cacheMs = options.tokenCacheMs ?? TOKEN_CACHE_MS;
  // The API's description and its reference page: public, before any /v1 middleware.
  app.route('/', docs);
  app.use('/v1/*', clientAddress(options.trustProxyHeader));
  // Before anything that may reach the database, each address has a bucket in memory.
  if (limits) app.use('/v1/*', addressLimit(limits));
  app.use('/v1/*', preflight(deps.db, allowed, cachedOrigins(cacheMs)));
  // An unknown path or a wrong method is answered before authentication: it reveals nothing.
  app.use('/v1/*', checkEndpoint(allowed));
  // The caches live in this app: each app (each test service) has its own.
  // Besides tokens: a request Shopify's app proxy signed, and the admin's session cookie.
  const strategies = { proxied: (request: Request) => proxiedAuth.get(request), session: sessionFromCookie };
  app.use('/v1/*', authenticate(deps.db, cachedTokens(cacheMs, { negativeMs: UNKNOWN_TOKEN_CACHE_MS }), strategies));
  if (limits && buckets) app.use('/v1/*', rateLimit(limits, buckets));
  app.use('/v1/*', jsonBody());
  // A staff member's session may not manage tokens nor Shopify; every successful write is logged.
  app.use('/v1/*', ownerOnlyParts());
  app.use('/v1/*', auditChanges());
  if (limits && buckets) app.use('/v1/reservations', cartLimit(limits, buckets));
  // How long a CDN or browser may reuse each read (README, "API notes", Caching).
  app.use('/v1/widgets', cacheable(300));
  app.use('/v1/widgets/*', cacheable(300));
  app.use('/v1/blackouts', cacheable(60));
  app.use('/v1/availability', cacheable(15));
  app.use('/v1/slots', cacheable(15));

  for (const feature of FEATURES) app.route('/', feature);
  // Shopify's webhooks: signed, not authenticated by a token; limited per address.
  app.use('/shopify/*', clientAddress(options.trustProxyHeader));
  if (limits) app.use('/shopify/*', addressLimit(limits));
  app.use('/shopify/webhooks', auditWebhooks());
  app.route('/', shopifyWebhookRoutes);
  // Shopify's app proxy: a signed request served as the /v1 request it names (the whole chain).
  app.route(
    '/',
    shopifyProxyRoutes((request, env) => app.fetch(request, env) as Promise<Response>),
  );
  // The admin's page and sign-in; limited per address like the API before any database work.
  app.use('/admin/*', clientAddress(options.trustProxyHeader));
  if (limits) app.use('/admin/*', addressLimit(limits));
  app.use('/admin/*', auditChanges());
  // Sign-in attempts are limited even when the API's limits are off (benchmarks, tests).
  const signInLimits = { buckets: buckets ?? memoryBuckets(), now: limits?.now ?? monotonicNow };
  app.route('/', adminRoutes(signInLimits, options.adminDir));
  app.route('/', resetRoutes(signInLimits, options.resetMail ?? resetMailer({ transport: null, from: '' }), logError));
  app.route('/', staffRoutes);
  app.route('/', passkeyRoutes);
  // The customer's manage link: a page of its own, limited per address.
  app.use('/manage/*', clientAddress(options.trustProxyHeader));
  if (limits) app.use('/manage/*', addressLimit(limits));
  app.route('/', manageRoutes);
  // Calendar feeds at their secret URLs (calendar-feeds/routes.ts); limited per address.
  app.use('/calendars/*', clientAddress(options.trustProxyHeader));
  if (limits) app.use('/calendars/*', addressLimit(limits));
  app.route('/', calendarFileRoutes);
  // The widget's files, so the script tag the admin hands out works against this service.
  if (options.widgetDir) app.route('/', widgetFileRoutes(options.widgetDir));

  app.notFound((c) => noEndpoint(new URL(c.req.url).pathname).toResponse(withDate(deps)));
  app.onError((error, c) => {
    const extra = { ...withDate(deps), ...(c.get('cors') ?? readableRefusal(c.req.raw)) };
    const known = toHttpError(error);
    if (known) return known.toResponse(extra);
    logError(error);
    return new Response(JSON.stringify(INTERNAL_BODY), {
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
    });
  });

  return { fetch: (request, env) => Promise.resolve(app.fetch(request, env ?? {})) };
}

/**
 * CORS headers that let a page READ an API error answered to its origin, which no token may
 * list (a site the token does not name): otherwise the browser hides the answer and the page's
 * developer sees only a network failure (issue 24). They grant nothing: the request was refused
 * and changed nothing, a refused preflight gets none, and no credentials are allowed, so an
 * admin session's answer stays unreadable.
 */
function readableRefusal(request: Request): Record<string, string> {
  const origin = request.headers.get('origin');
  // A refused preflight stays as it was: it answers no page's code, only the browser's check.
  if (!origin || request.method === 'OPTIONS' || !new URL(request.url).pathname.startsWith('/v1/')) return {};
  return corsHeadersFor(origin);
}

/** `make`'s promise, made on first call and kept (a failed one is made again next time). */
function onceOf<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

function withDate(deps: AppDeps): Record<string, string> {
  return { date: new Date(deps.clock.now()).toUTCString(), 'cache-control': 'no-store' };
}
