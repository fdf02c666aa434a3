/**
 * The admin's staff endpoints (src/service/admin/README.md, "Staff"), for the signed-in page:
 * the owner lists, invites, changes the role of and removes staff; everyone reads and changes
 * their own account; an invitation's link is read and accepted without a session. Writes come
 * from the page itself (the session's Origin rules; the acceptance's `fromOwnPage`). Bodies are
 * checked at the route by their schemas (schemas.ts), the same 422 as /v1; the routes are the
 * page's, hidden from the public API document. Passkeys are passkey-routes.ts.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { fromOwnPage } from '../admin/routes.ts';
import { signedIn } from '../admin/session-middleware.ts';
import { openSession, sessionAuth, sessionCookie } from '../admin/sessions.ts';
import { jsonResponse } from '../http/errors.ts';
import { jsonBody as bodyOf, pageAnswers, recordPath } from '../http/openapi-parts.ts';
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

const TAGS = ['Admin'];
const CODE = z.object({ code: z.string() });

/** 410: the link was used or has expired (no error code of the API's list: the page reads the status). */
const gone = () =>
  jsonResponse(
    { error: 'gone', message: "This invitation has been used or has expired: ask the shop's owner for a new one." },
    410,
  );

const staffList = createRoute({
  method: 'get',
  path: '/admin/staff',
  tags: TAGS,
  hide: true,
  middleware: [signedIn] as const,
  responses: pageAnswers,
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/admin/staff/invitations',
  tags: TAGS,
  hide: true,
  middleware: [signedIn, jsonBody()] as const,
  request: { body: bodyOf(InvitationBody) },
  responses: pageAnswers,
});

const withdraw = createRoute({
  method: 'delete',
  path: '/admin/staff/invitations/{id}',
  tags: TAGS,
  hide: true,
  middleware: [signedIn] as const,
  request: { params: recordPath('invitation') },
  responses: pageAnswers,
});

const roleRoute = createRoute({
  method: 'patch',
  path: '/admin/staff/{id}',
  tags: TAGS,
  hide: true,
  middleware: [signedIn, jsonBody()] as const,
  request: { params: recordPath('staff member'), body: bodyOf(RoleBody) },
  responses: pageAnswers,
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/staff/{id}',
  tags: TAGS,
  hide: true,
  middleware: [signedIn] as const,
  request: { params: recordPath('staff member') },
  responses: pageAnswers,
});

const account = createRoute({
  method: 'get',
  path: '/admin/account',
  tags: TAGS,
  hide: true,
  middleware: [signedIn] as const,
  responses: pageAnswers,
});

const changeAccount = createRoute({
  method: 'patch',
  path: '/admin/account',
  tags: TAGS,
  hide: true,
  middleware: [signedIn, jsonBody()] as const,
  request: { body: bodyOf(AccountBody) },
  responses: pageAnswers,
});

const readInvitation = createRoute({
  method: 'get',
  path: '/admin/invitations/{code}',
  tags: TAGS,
  hide: true,
  request: { params: CODE },
  responses: pageAnswers,
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/admin/invitations/{code}',
  tags: TAGS,
  hide: true,
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { params: CODE, body: bodyOf(AcceptBody) },
  responses: pageAnswers,
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
