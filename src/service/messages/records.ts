/**
 * A message as GET /v1/messages answers it: the row's state and, rendered from its snapshot,
 * the email exactly as the sender sends it (subject, HTML, text, Message-ID, the calendar file).
 * @module
 */
import type { ManageLinks } from '../manage/link.ts';
import { composeMail } from './compose.ts';
import { DEFAULT_FROM } from './mail-settings.ts';
import type { OutboxRow } from './queries.ts';
import type { BookingMessage } from '../../shared/merchant-records.ts';

/** One message of GET /v1/messages (src/shared's record). */
export type MessageRecord = BookingMessage;

/** The record of `row`, its email composed with `from` (MAIL_FROM) and the customer's manage link. */
export function messageRecord(row: OutboxRow, from: string = DEFAULT_FROM, links?: ManageLinks): MessageRecord {
  const mail = composeMail(row, from, row.createdAt, links);
  return {
    id: row.id,
    kind: row.kind,
    booking_id: row.bookingId,
    state: row.state,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    from: mail.from,
    to: mail.to,
    message_id: mail.messageId,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content: a.content,
    })),
  };
}
