/**
 * GET and POST /v1/tokens, DELETE /v1/tokens/{id} (an extension, secret tokens only); the
 * rules are in `manage.ts`.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { NewTokenSchema, TokenSchema } from '../shared/record-schemas.ts';
import { createToken, revokeToken } from './manage.ts';
import { shopTokens } from './manage-queries.ts';
import { TokenBody } from './schemas.ts';

const TAGS = ['Tokens'];

const list = createRoute({
  method: 'get',
  path: '/v1/tokens',
  operationId: 'tokens.list',
  tags: TAGS,
  summary: "The shop's tokens (an extension; secret token)",
  middleware: [secretOnly('list tokens')] as const,
  responses: { 200: json(z.array(TokenSchema), 'Every token of the shop'), ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/tokens',
  operationId: 'tokens.create',
  tags: TAGS,
  summary: 'Makes a token, shown in this answer only (an extension; secret token)',
  middleware: [secretOnly('create tokens')] as const,
  request: { body: jsonBody(TokenBody) },
  responses: { 201: json(NewTokenSchema, 'The token, created'), ...errorResponses },
});

const revoke = createRoute({
  method: 'delete',
  path: '/v1/tokens/{id}',
  operationId: 'tokens.revoke',
  tags: TAGS,
  summary: 'Revokes a token at once (an extension; secret token)',
  middleware: [secretOnly('revoke tokens')] as const,
  request: { params: recordPath('token') },
  responses: { 204: { description: 'Revoked' }, ...errorResponses },
});

/** GET and POST /v1/tokens; DELETE /v1/tokens/{id}. */
export const tokenRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const records = await shopTokens(deps.db, auth.shopId);
    return jsonAnswer(records, 200, { 'x-total-count': String(records.length) });
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const record = await createToken(deps.db, auth, c.req.valid('json'));
    return jsonAnswer(record, 201, { location: `/v1/tokens/${record.id}` });
  })
  .openapi(revoke, async (c) => {
    const { auth, deps } = c.var;
    await revokeToken(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });
