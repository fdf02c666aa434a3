/**
 * The admin's passkey endpoints (src/service/admin/README.md, "Passkeys"): a signed-in person
 * lists, adds and removes their passkeys; anyone signs in with one from the admin page. Bodies
 * are checked at the route (schemas.ts); the routes are hidden from the public API document.
 * @module
 */
import { fromOwnPage } from '../admin/routes.ts';
import { signedIn } from '../admin/session-middleware.ts';
import { logRefusal } from '../admin/sign-in-log.ts';
import { openSession, sessionAuth, sessionCookie } from '../admin/sessions.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { jsonBody as bodyOf, pageRoute, recordPath } from '../http/openapi-parts.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NotFoundError } from '../shared/errors.ts';
import { deletePasskey, passkeysOf } from './passkey-queries.ts';
import { authenticate, authenticationOptions, register, registrationOptions } from './passkeys.ts';
import { PasskeyBody, PasskeySignInBody } from './schemas.ts';
import { staffOf } from './staff.ts';

/** The relying party of passkeys: the admin's own origin. */
const rpOf = (c: Parameters<typeof ownOrigin>[0]) => ({ origin: ownOrigin(c), name: 'Bookings admin' });

const list = pageRoute({
  method: 'get',
  path: '/admin/passkeys',
  middleware: [signedIn] as const,
});

const addOptions = pageRoute({
  method: 'post',
  path: '/admin/passkeys/options',
  middleware: [signedIn] as const,
});

const add = pageRoute({
  method: 'post',
  path: '/admin/passkeys',
  middleware: [signedIn, jsonBody()] as const,
  request: { body: bodyOf(PasskeyBody) },
});

const remove = pageRoute({
  method: 'delete',
  path: '/admin/passkeys/{id}',
  middleware: [signedIn] as const,
  request: { params: recordPath('passkey') },
});

const signInOptions = pageRoute({
  method: 'post',
  path: '/admin/session/passkey/options',
  middleware: [fromOwnPage] as const,
});

const signIn = pageRoute({
  method: 'post',
  path: '/admin/session/passkey',
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { body: bodyOf(PasskeySignInBody) },
});

/** /admin/passkeys[/{id}], /admin/passkeys/options and /admin/session/passkey[/options]. */
export const passkeyRoutes = featureApp()
  .openapi(list, async (c) => {
    const { db } = c.get('deps');
    const keys = await passkeysOf(db, staffOf(c.get('auth')).id);
    return jsonResponse(keys.map(({ id, name, created_at }) => ({ id, name, created_at })));
  })
  .openapi(addOptions, async (c) => {
    const { db, clock } = c.get('deps');
    return jsonResponse(await registrationOptions(db, staffOf(c.get('auth')), rpOf(c), sqlNowOf(clock)));
  })
  .openapi(add, async (c) => {
    const { db, clock } = c.get('deps');
    const id = await register(db, staffOf(c.get('auth')), rpOf(c), c.req.valid('json'), sqlNowOf(clock));
    return jsonResponse({ id }, 201);
  })
  .openapi(remove, async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    if (!(await deletePasskey(db, staffOf(c.get('auth')).id, id))) throw new NotFoundError('passkey', id);
    return c.body(null, 204);
  })
  .openapi(signInOptions, async (c) => {
    const { db, clock } = c.get('deps');
    return jsonResponse(await authenticationOptions(db, rpOf(c), sqlNowOf(clock)));
  })
  .openapi(signIn, async (c) => {
    const { db, clock } = c.get('deps');
    const staffId = await authenticate(db, rpOf(c), c.req.valid('json'), sqlNowOf(clock));
    if (staffId === undefined) {
      await logRefusal(db, '', 'passkey', { method: 'POST', path: '/admin/session/passkey' }, sqlNowOf(clock));
      throw new HttpError('unauthorized', 'That passkey was not accepted: sign in with your password.');
    }
    const id = await openSession(db, staffId, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  });
