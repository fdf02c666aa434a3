/**
 * The answer of GET /v1/messages as a schema (the OpenAPI document shows it).
 * @module
 */
import { z } from '@hono/zod-openapi';
import { MESSAGE_KINDS } from './types.ts';

/** One booking message, rendered as it is (or would be) sent. */
export const MessageSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(MESSAGE_KINDS as [string, ...string[]]),
    booking_id: z.number().int().nullable(),
    state: z.enum(['pending', 'sent', 'failed', 'unsent', 'held']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
    from: z.string(),
    to: z.string(),
    message_id: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
  })
  .openapi('Message');
