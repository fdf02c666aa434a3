/**
 * A message as GET /v1/messages answers it: the row's state and, rendered from its snapshot,
 * the email exactly as the sender sends it (subject, HTML, text, Message-ID, the calendar file).
 * @module
 */
import { composeMail } from './compose.ts';
import { DEFAULT_FROM } from './mail-settings.ts';
import type { OutboxRow } from './queries.ts';
import type { MessageKind } from './types.ts';

/** One message of GET /v1/messages. */
export interface MessageRecord {
  id: number;
  kind: MessageKind;
  booking_id: number | null;
  /** pending, sent, failed (gave up after the attempts allowed) or unsent (no mail server). */
  state: OutboxRow['state'];
  attempts: number;
  /** Why the last attempt failed, or why it was not sent. */
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  from: string;
  to: string;
  message_id: string;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}

/** The record of `row`, its email composed with `from` (MAIL_FROM). */
export function messageRecord(row: OutboxRow, from: string = DEFAULT_FROM): MessageRecord {
  const mail = composeMail(row, from, row.createdAt);
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
