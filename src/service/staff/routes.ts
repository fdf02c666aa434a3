/**
 * The admin's staff endpoints (src/service/admin/README.md, "Staff"), for the signed-in page:
 * the owner lists, invites, changes the role of and removes staff; everyone reads and changes
 * their own account; an invitation's link is read and accepted without a session. Writes come
 * from the page itself (the session's Origin rules; the acceptance's `fromOwnPage`). Bodies are
 * checked at the route by their schemas (schemas.ts), the same 422 as /v1; the routes are the
 * page's, hidden from the public API document. Passkeys are passkey-routes.ts.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { fromOwnPage } from '../admin/routes.ts';
import { signedIn } from '../admin/session-middleware.ts';
import { openSession, sessionAuth, sessionCookie } from '../admin/sessions.ts';
import { jsonResponse } from '../http/errors.ts';
import { jsonBody as bodyOf, pageRoute, recordPath } from '../http/openapi-parts.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NotFoundError } from '../shared/errors.ts';
import { deleteInvitation, listStaff, pendingInvitations, staffMember } from './queries.ts';
import { AcceptBody, AccountBody, InvitationBody, RoleBody } from './schemas.ts';
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

const CODE = z.object({ code: z.string() });

/** 410: the link was used or has expired (no error code of the API's list: the page reads the status). */
const gone = () =>
  jsonResponse(
    { error: 'gone', message: "This invitation has been used or has expired: ask the shop's owner for a new one." },
    410,
  );

const staffList = pageRoute({
  method: 'get',
  path: '/admin/staff',
  middleware: [signedIn] as const,
});

const inviteRoute = pageRoute({
  method: 'post',
  path: '/admin/staff/invitations',
  middleware: [signedIn, jsonBody()] as const,
  request: { body: bodyOf(InvitationBody) },
});

const withdraw = pageRoute({
  method: 'delete',
  path: '/admin/staff/invitations/{id}',
  middleware: [signedIn] as const,
  request: { params: recordPath('invitation') },
});

const roleRoute = pageRoute({
  method: 'patch',
  path: '/admin/staff/{id}',
  middleware: [signedIn, jsonBody()] as const,
  request: { params: recordPath('staff member'), body: bodyOf(RoleBody) },
});

const remove = pageRoute({
  method: 'delete',
  path: '/admin/staff/{id}',
  middleware: [signedIn] as const,
  request: { params: recordPath('staff member') },
});

const account = pageRoute({
  method: 'get',
  path: '/admin/account',
  middleware: [signedIn] as const,
});

const changeAccount = pageRoute({
  method: 'patch',
  path: '/admin/account',
  middleware: [signedIn, jsonBody()] as const,
  request: { body: bodyOf(AccountBody) },
});

const readInvitation = pageRoute({
  method: 'get',
  path: '/admin/invitations/{code}',
  request: { params: CODE },
});

const acceptRoute = pageRoute({
  method: 'post',
  path: '/admin/invitations/{code}',
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { params: CODE, body: bodyOf(AcceptBody) },
});

/** /admin/staff, /admin/account and /admin/invitations/{code}. */
export const staffRoutes = featureApp()
  .openapi(staffList, async (c) => {
    const { db, clock } = c.get('deps');
    const auth = c.get('auth');
    requireOwner(auth, 'see the staff list');
    const [staff, invitations] = await Promise.all([
      listStaff(db, auth.shopId),
      pendingInvitations(db, auth.shopId, sqlNowOf(clock)),
    ]);
    return jsonResponse({ staff, invitations });
  })
  .openapi(inviteRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const { invitation, code } = await invite(db, c.get('auth'), c.req.valid('json'), sqlNowOf(clock));
    return jsonResponse({ ...invitation, url: `${ownOrigin(c)}/admin/#/join/${code}` }, 201);
  })
  .openapi(withdraw, async (c) => {
    const { db } = c.get('deps');
    const auth = c.get('auth');
    requireOwner(auth, 'withdraw invitations');
    const { id } = c.req.valid('param');
    if (!(await deleteInvitation(db, auth.shopId, id))) throw new NotFoundError('invitation', id);
    return c.body(null, 204);
  })
  .openapi(roleRoute, async (c) => {
    const { db } = c.get('deps');
    return jsonResponse(await changeRole(db, c.get('auth'), c.req.valid('param').id, c.req.valid('json')));
  })
  .openapi(remove, async (c) => {
    const { db } = c.get('deps');
    await removeStaff(db, c.get('auth'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(account, async (c) => {
    const { db } = c.get('deps');
    const auth = c.get('auth');
    const member = await staffMember(db, auth.shopId, staffOf(auth).id);
    if (!member) throw new NotFoundError('staff member', staffOf(auth).id);
    return jsonResponse(member);
  })
  .openapi(changeAccount, async (c) => {
    const { db } = c.get('deps');
    return jsonResponse(await updateOwnAccount(db, c.get('auth'), c.req.valid('json')));
  })
  .openapi(readInvitation, async (c) => {
    const { db, clock } = c.get('deps');
    const invitation = await invitationOf(db, c.req.valid('param').code, sqlNowOf(clock));
    if (!invitation?.usable) return gone();
    return jsonResponse({ shop: { name: invitation.shop_name }, email: invitation.email, role: invitation.role });
  })
  .openapi(acceptRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const staffId = await accept(db, c.req.valid('param').code, c.req.valid('json'), sqlNowOf(clock));
    if (staffId === undefined) return gone();
    const id = await openSession(db, staffId, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  });
