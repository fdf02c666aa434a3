/**
 * GET /v1/messages (the shop's booking messages, newest first, each rendered as it is sent) and
 * POST /v1/messages/{id}/resend (a failed or unsent message back in line). Secret tokens and
 * admin sessions only: the messages carry customers' names and addresses.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import { PAGE_QUERY, pageOf, query } from '../shared/query-schemas.ts';
import { listMessages, messageOfShop, requeueMessage } from './queries.ts';
import { messageRecord } from './records.ts';
import { heldClause } from './recipient.ts';
import { MessageSchema } from './schemas.ts';

const TAGS = ['Messages'];
const STATES = ['pending', 'sent', 'failed', 'unsent', 'held'] as const;

const list = createRoute({
  method: 'get',
  path: '/v1/messages',
  operationId: 'messages.list',
  tags: TAGS,
  summary: "The shop's booking messages, newest first (an extension; secret token)",
  middleware: [secretOnly('list messages')] as const,
  request: {
    query: query({
      ...PAGE_QUERY,
      state: z
        .enum(STATES, { error: () => 'must be pending, sent, failed, unsent or held' })
        .optional()
        .openapi({ description: 'Only messages in this state' }),
    }),
  },
  responses: { 200: json(z.array(MessageSchema), 'A page of messages'), ...errorResponses },
});

const resend = createRoute({
  method: 'post',
  path: '/v1/messages/{id}/resend',
  operationId: 'messages.resend',
  tags: TAGS,
  summary: 'Sends a failed or unsent message again (an extension; secret token)',
  middleware: [secretOnly('send messages again')] as const,
  request: { params: recordPath('message') },
  responses: { 200: json(MessageSchema, 'The message, due now'), ...errorResponses },
});

/** GET /v1/messages; POST /v1/messages/{id}/resend. */
export const messageRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const checked = c.req.valid('query');
    const page = pageOf(checked);
    const links = { baseUrl: ownOrigin(c), secret: await deps.manageSecret() };
    const { rows, total } = await listMessages(deps.db, auth.shopId, {
      state: checked.state,
      limit: page.per,
      offset: page.offset,
    });
    return jsonAnswer(
      rows.map((row) => messageRecord(row, deps.mailFrom, links)),
      200,
      pageHeaders(c.req.url, page, total),
    );
  })
  .openapi(resend, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    const row = await requeueMessage(deps.db, auth.shopId, id);
    if (row)
      return jsonAnswer(
        messageRecord(row, deps.mailFrom, { baseUrl: ownOrigin(c), secret: await deps.manageSecret() }),
        200,
      );
    const existing = await messageOfShop(deps.db, auth.shopId, id);
    if (!existing) throw new NotFoundError('message', id);
    // Its recipient was fixed when it was written: sending it again would hold it again.
    if (existing.state === 'held')
      throw new ConflictError(`Message ${id} cannot be sent: ${heldClause(existing.lastError)}.`, []);
    throw new ConflictError(
      `Message ${id} is ${existing.state}: only a failed or unsent message can be sent again.`,
      [],
    );
  });
