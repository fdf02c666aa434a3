/**
 * GET and POST /v1/tokens, DELETE /v1/tokens/{id} (an extension, secret tokens only); the
 * rules are in `manage.ts`.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { createToken, readTokenInput, revokeToken } from './manage.ts';
import { shopTokens } from './manage-queries.ts';
import { requireSecret } from './scopes.ts';

/** The token endpoints. */
export const tokenRoutes = new Hono<AppEnv>()
  .get('/v1/tokens', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'list tokens');
    new QueryReader(c.req.url).done();
    const records = await shopTokens(deps.db, auth.shopId);
    return jsonResponse(records, 200, { 'x-total-count': String(records.length) });
  })
  .post('/v1/tokens', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create tokens');
    const record = await createToken(deps.db, auth, readTokenInput(body));
    return jsonResponse(record, 201, { location: `/v1/tokens/${record.id}` });
  })
  .delete('/v1/tokens/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'revoke tokens');
    await revokeToken(deps.db, auth, pathIdOr404(c.req.param('id'), 'token'));
    return c.body(null, 204);
  });
