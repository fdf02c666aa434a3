/**
 * The admin's staff endpoints (src/service/admin/README.md, "Staff"), for the signed-in page:
 * the owner lists, invites, changes the role of and removes staff; everyone reads and changes
 * their own account; an invitation's link is read and accepted without a session. Writes come
 * from the page itself (the session's Origin rules; the acceptance's `fromOwnPage`).
 * @module
 */
import { Hono } from 'hono';
import { fromOwnPage } from '../admin/routes.ts';
import { signedIn } from '../admin/session-middleware.ts';
import { openSession, sessionAuth, sessionCookie } from '../admin/sessions.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { InvalidError, NotFoundError } from '../shared/errors.ts';
import type { Posted } from './input.ts';
import { deletePasskey, passkeysOf } from './passkey-queries.ts';
import { authenticate, authenticationOptions, register, registrationOptions } from './passkeys.ts';
import { deleteInvitation, listStaff, pendingInvitations, staffMember } from './queries.ts';
import {
  accept,
  changeRole,
  invitationOf,
  invite,
  removeStaff,
  requireOwner,
  staffOf,
  updateOwnAccount,
} from './staff.ts';

/** The posted body as an object; a 422 for anything else. */
function objectBody(value: unknown): Posted {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidError({ body: ['must be a JSON object'] });
  return value as Posted;
}

const ID = ':id{[0-9]+}';

/** 410: the link was used or has expired (no error code of the API's list: the page reads the status). */
const gone = () =>
  jsonResponse(
    { error: 'gone', message: "This invitation has been used or has expired: ask the shop's owner for a new one." },
    410,
  );

/** The relying party of passkeys: the admin's own origin. */
const rpOf = (c: Parameters<typeof ownOrigin>[0]) => ({ origin: ownOrigin(c), name: 'Bookings admin' });

/** /admin/staff, /admin/account, /admin/invitations/{code} and /admin/passkeys. */
export const staffRoutes = new Hono<AppEnv>({ strict: false })
  .get('/admin/staff', signedIn, async (c) => {
    const { db, clock } = c.get('deps');
    const auth = c.get('auth');
    requireOwner(auth, 'see the staff list');
    const [staff, invitations] = await Promise.all([
      listStaff(db, auth.shopId),
      pendingInvitations(db, auth.shopId, sqlNowOf(clock)),
    ]);
    return jsonResponse({ staff, invitations });
  })
  .post('/admin/staff/invitations', signedIn, jsonBody(), async (c) => {
    const { db, clock } = c.get('deps');
    const { invitation, code } = await invite(db, c.get('auth'), objectBody(c.get('body')), sqlNowOf(clock));
    return jsonResponse({ ...invitation, url: `${ownOrigin(c)}/admin/#/join/${code}` }, 201);
  })
  .delete(`/admin/staff/invitations/${ID}`, signedIn, async (c) => {
    const { db } = c.get('deps');
    const auth = c.get('auth');
    requireOwner(auth, 'withdraw invitations');
    const id = Number(c.req.param('id'));
    if (!(await deleteInvitation(db, auth.shopId, id))) throw new NotFoundError('invitation', id);
    return c.body(null, 204);
  })
  .patch(`/admin/staff/${ID}`, signedIn, jsonBody(), async (c) => {
    const { db } = c.get('deps');
    const member = await changeRole(db, c.get('auth'), Number(c.req.param('id')), objectBody(c.get('body')));
    return jsonResponse(member);
  })
  .delete(`/admin/staff/${ID}`, signedIn, async (c) => {
    const { db } = c.get('deps');
    await removeStaff(db, c.get('auth'), Number(c.req.param('id')));
    return c.body(null, 204);
  })
  .get('/admin/account', signedIn, async (c) => {
    const { db } = c.get('deps');
    const auth = c.get('auth');
    const member = await staffMember(db, auth.shopId, staffOf(auth).id);
    if (!member) throw new NotFoundError('staff member', staffOf(auth).id);
    return jsonResponse(member);
  })
  .patch('/admin/account', signedIn, jsonBody(), async (c) => {
    const { db } = c.get('deps');
    return jsonResponse(await updateOwnAccount(db, c.get('auth'), objectBody(c.get('body'))));
  })
  .get('/admin/invitations/:code', async (c) => {
    const { db, clock } = c.get('deps');
    const invitation = await invitationOf(db, c.req.param('code'), sqlNowOf(clock));
    if (!invitation?.usable) return gone();
    return jsonResponse({ shop: { name: invitation.shop_name }, email: invitation.email, role: invitation.role });
  })
  .post('/admin/invitations/:code', fromOwnPage, jsonBody(), async (c) => {
    const { db, clock } = c.get('deps');
    const staffId = await accept(db, c.req.param('code'), objectBody(c.get('body')), sqlNowOf(clock));
    if (staffId === undefined) return gone();
    const id = await openSession(db, staffId, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  })
  .get('/admin/passkeys', signedIn, async (c) => {
    const { db } = c.get('deps');
    const keys = await passkeysOf(db, staffOf(c.get('auth')).id);
    return jsonResponse(keys.map(({ id, name, created_at }) => ({ id, name, created_at })));
  })
  .post('/admin/passkeys/options', signedIn, async (c) => {
    const { db, clock } = c.get('deps');
    return jsonResponse(await registrationOptions(db, staffOf(c.get('auth')), rpOf(c), sqlNowOf(clock)));
  })
  .post('/admin/passkeys', signedIn, jsonBody(), async (c) => {
    const { db, clock } = c.get('deps');
    const body = objectBody(c.get('body'));
    const id = await register(db, staffOf(c.get('auth')), rpOf(c), body, sqlNowOf(clock));
    return jsonResponse({ id }, 201);
  })
  .delete(`/admin/passkeys/${ID}`, signedIn, async (c) => {
    const { db } = c.get('deps');
    const id = Number(c.req.param('id'));
    if (!(await deletePasskey(db, staffOf(c.get('auth')).id, id))) throw new NotFoundError('passkey', id);
    return c.body(null, 204);
  })
  .post('/admin/session/passkey/options', fromOwnPage, async (c) => {
    const { db, clock } = c.get('deps');
    return jsonResponse(await authenticationOptions(db, rpOf(c), sqlNowOf(clock)));
  })
  .post('/admin/session/passkey', fromOwnPage, jsonBody(), async (c) => {
    const { db, clock } = c.get('deps');
    const body = objectBody(c.get('body')) as { ceremony?: unknown; response?: { id?: unknown } };
    const staffId = await authenticate(db, rpOf(c), body, sqlNowOf(clock));
    if (staffId === undefined)
      throw new HttpError('unauthorized', 'That passkey was not accepted: sign in with your password.');
    const id = await openSession(db, staffId, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  });
