/**
 * The outbox's SQL (migration 26). Every time decision (due, lease, backoff) is the database's
 * `clock_timestamp()`, so processes on one database agree whatever their hosts' clocks say.
 * Claiming takes due rows with `FOR UPDATE SKIP LOCKED` and leases them: two processes never
 * hold one row, and a row whose process died is taken again once its lease has run out.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { BookingSnapshot, MessageKind, OutboxMessage } from './types.ts';

/** An outbox row as the sender and the API read it. */
export interface OutboxRow extends OutboxMessage {
  bookingId: number | null;
  state: 'pending' | 'sent' | 'failed' | 'unsent' | 'held';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `id, shop_id, booking_id, kind, recipient, snapshot, message_key, state, attempts,
  next_attempt_at, last_error, sent_at, created_at`;

interface RawRow {
  id: number | string;
  shop_id: number | string;
  booking_id: number | string | null;
  kind: MessageKind;
  recipient: string;
  snapshot: BookingSnapshot | string;
  message_key: string;
  state: OutboxRow['state'];
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
}

function toRow(raw: RawRow): OutboxRow {
  return {
    id: Number(raw.id),
    shopId: Number(raw.shop_id),
    bookingId: raw.booking_id === null ? null : Number(raw.booking_id),
    kind: raw.kind,
    recipient: raw.recipient,
    snapshot: typeof raw.snapshot === 'string' ? (JSON.parse(raw.snapshot) as BookingSnapshot) : raw.snapshot,
    messageKey: raw.message_key,
    state: raw.state,
    attempts: raw.attempts,
    nextAttemptAt: new Date(raw.next_attempt_at),
    lastError: raw.last_error,
    sentAt: raw.sent_at === null ? null : new Date(raw.sent_at),
    createdAt: new Date(raw.created_at),
  };
}

/**
 * Leases up to `limit` due rows to `worker` for `leaseMs` and counts the attempt: a process
 * killed while sending has used one of the row's attempts.
 */
export async function claimDueMessages(
  db: Queryable,
  worker: string,
  options: { leaseMs: number; limit: number },
): Promise<OutboxRow[]> {
  const { rows } = await db.query<RawRow>(
    `UPDATE outbox_messages m
        SET claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 millisecond', attempts = m.attempts + 1
      WHERE m.id IN (SELECT id FROM outbox_messages
                      WHERE state = 'pending' AND next_attempt_at <= clock_timestamp()
                        AND (claimed_until IS NULL OR claimed_until <= clock_timestamp())
                      ORDER BY next_attempt_at, id
                      LIMIT $3
                      FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [worker, options.leaseMs, options.limit],
  );
  return rows.map(toRow).sort((a, b) => a.id - b.id);
}

/** Marks a row this worker holds as sent (`claimed_by` stays: who sent it); false when its lease was lost meanwhile. */
export async function markSent(db: Queryable, id: number, worker: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE outbox_messages SET state = 'sent', sent_at = clock_timestamp(), last_error = NULL, claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2 AND state = 'pending' RETURNING id`,
    [id, worker],
  );
  return rows.length > 0;
}

/**
 * Records a failed attempt: the row is due again after `baseMs · 2^(attempts-1)` (at most
 * `capMs`), or failed for good once it has had `maxAttempts`.
 */
export async function markAttemptFailed(
  db: Queryable,
  id: number,
  worker: string,
  error: string,
  options: { maxAttempts: number; baseMs: number; capMs: number },
): Promise<void> {
  await db.query(
    `UPDATE outbox_messages
        SET state = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END,
            last_error = $3,
            next_attempt_at = clock_timestamp()
              + least($6::float8, $5::float8 * power(2, greatest(attempts - 1, 0))) * interval '1 millisecond',
            claimed_by = NULL, claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2 AND state = 'pending'`,
    [id, worker, error.slice(0, 2000), options.maxAttempts, options.baseMs, options.capMs],
  );
}

/** Keeps a claimed row unsent: no mail server is configured (it is shown in the admin). */
export async function markUnsent(db: Queryable, id: number, worker: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE outbox_messages SET state = 'unsent', last_error = $3, attempts = 0, claimed_by = NULL, claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2 AND state = 'pending'`,
    [id, worker, reason],
  );
}

/**
 * Holds a claimed row for good: its recipient is not one email address (`reason` says whose).
 * No attempt was made, so none is counted; nothing puts it back in line.
 */
export async function markHeld(db: Queryable, id: number, worker: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE outbox_messages SET state = 'held', last_error = $3, attempts = 0, claimed_by = NULL, claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2 AND state = 'pending'`,
    [id, worker, reason],
  );
}

/** The shop's messages, newest first (at most `limit`), optionally of one state. */
export async function listMessages(
  db: Queryable,
  shopId: number,
  options: { state?: OutboxRow['state']; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const { rows } = await db.query<RawRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM outbox_messages
      WHERE shop_id = $1 AND ($2::text IS NULL OR state = $2)
      ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [shopId, options.state ?? null, options.limit, options.offset],
  );
  return { rows: rows.map(toRow), total: rows[0]?.total ?? 0 };
}

/** One of the shop's messages, or undefined. */
export async function messageOfShop(db: Queryable, shopId: number, id: number): Promise<OutboxRow | undefined> {
  const { rows } = await db.query<RawRow>(`SELECT ${COLUMNS} FROM outbox_messages WHERE shop_id = $1 AND id = $2`, [
    shopId,
    id,
  ]);
  return rows[0] && toRow(rows[0]);
}

/** Puts a failed or unsent message of the shop back in line, due now; undefined when it is not one. */
export async function requeueMessage(db: Queryable, shopId: number, id: number): Promise<OutboxRow | undefined> {
  const { rows } = await db.query<RawRow>(
    `UPDATE outbox_messages SET state = 'pending', attempts = 0, next_attempt_at = clock_timestamp(), last_error = NULL
      WHERE shop_id = $1 AND id = $2 AND state IN ('failed', 'unsent')
      RETURNING ${COLUMNS}`,
    [shopId, id],
  );
  return rows[0] && toRow(rows[0]);
}
