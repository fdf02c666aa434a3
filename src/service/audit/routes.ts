/**
 * GET /v1/audit: the shop's audit log, newest first, one page (secret token or an admin session;
 * staff may read it). The entries are written by `audit-middleware.ts`.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { PAGE_QUERY, pageOf, query } from '../shared/query-schemas.ts';
import { auditPage } from './queries.ts';

const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string().openapi({ description: 'When, by the database’s clock (UTC)', example: '2026-11-26T10:15:00.000Z' }),
    actor_kind: z.enum(['staff', 'token', 'shopify', 'cart', 'customer', 'visitor']),
    staff_id: z.number().int().nullable(),
    actor: z.string().openapi({ example: 'Sam Ortiz' }),
    action: z.string().openapi({ example: 'cancelled booking 42' }),
    target_id: z.string().nullable(),
    method: z.string(),
    path: z.string(),
  })
  .openapi('AuditEntry');

const list = createRoute({
  method: 'get',
  path: '/v1/audit',
  operationId: 'audit.list',
  tags: ['Audit'],
  summary: "The shop's audit log: who changed what and when, newest first (an extension; secret token)",
  middleware: [secretOnly('read the audit log')] as const,
  request: { query: query(PAGE_QUERY) },
  responses: { 200: json(z.array(AuditEntrySchema), 'One page of entries'), ...errorResponses },
});

/** GET /v1/audit. */
export const auditRoutes = featureApp().openapi(list, async (c) => {
  const { auth, deps } = c.var;
  const page = pageOf(c.req.valid('query'));
  const { entries, total } = await auditPage(deps.db, auth.shopId, page);
  return jsonAnswer(entries, 200, pageHeaders(c.req.url, page, total));
});
