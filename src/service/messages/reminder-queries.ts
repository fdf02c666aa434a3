/**
 * Reminders (migration 30): the sender's tick writes a customer_reminder row for each confirmed
 * booking whose start is within its shop's `reminder_hours` and still ahead, by the database's
 * clock. One statement, keyed on (booking, kind, start): two processes ticking at once, or a
 * process restarted, write it once; a booking moved to a new start is reminded again.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** Writes the reminders now due; how many were written. */
export async function writeDueReminders(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO outbox_messages (shop_id, booking_id, kind, recipient, snapshot, reminder_for)
     SELECT b.shop_id, b.id, 'customer_reminder', e.email,
            booking_message_snapshot(b.id, 'customer_reminder', NULL, coalesce(n.sequence, 0)), b.starts_at
       FROM bookings b
       JOIN shops s ON s.id = b.shop_id
       LEFT JOIN booking_notice_states n ON n.booking_id = b.id
      CROSS JOIN LATERAL (
            SELECT btrim(c->>'email') AS email
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(b.customers) = 'array' THEN b.customers ELSE '[]' END) c
             WHERE jsonb_typeof(c) = 'object' AND coalesce(btrim(c->>'email'), '') <> '' LIMIT 1) e
      WHERE b.status = 'confirmed' AND s.reminder_hours IS NOT NULL
        AND b.starts_at > clock_timestamp()
        AND b.starts_at <= clock_timestamp() + s.reminder_hours * interval '1 hour'
        AND EXISTS (SELECT 1 FROM booking_items bi WHERE bi.booking_id = b.id)
        -- already written: skipped here so a tick does not spend ids; the key settles races
        AND NOT EXISTS (SELECT 1 FROM outbox_messages o
                         WHERE o.booking_id = b.id AND o.kind = 'customer_reminder' AND o.reminder_for = b.starts_at)
     ON CONFLICT (booking_id, kind, reminder_for) DO NOTHING
     RETURNING id`,
  );
  return rows.length;
}
