-- reminders, the merchant's templates and the staff who hear of bookings
--
-- Migration 30 (issue 31, point 3).
-- - `shops.reminder_hours` (NULL: off, or 1-72): a customer_reminder row per confirmed booking
--   is written by the sender's tick (src/service/messages/reminder-queries.ts) once its start
--   is that near. `reminder_for` is the start it announces: the unique key (booking_id, kind,
--   reminder_for) lets two racing ticks write it once, and a moved booking a new one.
-- - `message_templates`: per shop, kind and language, the merchant's subject and intro ('' =
--   the default). Copied into each row's snapshot when the row is written, so a message shown
--   in the admin later says what was sent.
-- - `staff.notify_bookings`: merchant notices go to notify_email and every opted-in staff
--   address, one row per address (deduplicated, case-insensitively), written at trigger time,
--   so each address is sent, retried and shown on its own.
ALTER TABLE shops ADD COLUMN reminder_hours integer CHECK (reminder_hours BETWEEN 1 AND 72);
ALTER TABLE staff ADD COLUMN notify_bookings boolean NOT NULL DEFAULT false;

CREATE TABLE message_templates (
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  kind        text NOT NULL,
  locale      text NOT NULL CHECK (locale IN ('en', 'de', 'fr', 'es', 'ja', 'ar')),
  subject     text NOT NULL DEFAULT '',
  intro       text NOT NULL DEFAULT '',
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (shop_id, kind, locale)
);

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_kind_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_kind_check
  CHECK (kind IN ('customer_confirmation', 'customer_change', 'customer_cancellation', 'customer_reminder',
                  'merchant_new', 'merchant_cancellation'));
ALTER TABLE outbox_messages ADD COLUMN reminder_for timestamptz;
-- NULLs are distinct: only reminders (reminder_for set) can collide.
CREATE UNIQUE INDEX outbox_messages_reminder_once ON outbox_messages (booking_id, kind, reminder_for);
CREATE INDEX bookings_confirmed_start ON bookings (starts_at) WHERE status = 'confirmed';

-- The language a shop locale's messages are written in ("de-CH" -> de; English when not one of
-- the six): src/service/messages/strings.ts messageLanguage says the same.
CREATE FUNCTION message_language(p_locale text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN l IN ('en', 'de', 'fr', 'es', 'ja', 'ar') THEN l ELSE 'en' END
    FROM (SELECT lower(split_part(replace(coalesce(p_locale, ''), '_', '-'), '-', 1)) AS l) x
$$;

-- What a message of `p_kind` about the booking says (types.ts BookingSnapshot), with the
-- shop's template for the kind in the shop's language, if any.
CREATE FUNCTION booking_message_snapshot(p_booking_id bigint, p_kind text, p_previous jsonb, p_sequence integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'starts_at', b.starts_at,
                                  'finishes_at', b.finishes_at, 'start_day', b.start_day,
                                  'finish_day', b.finish_day, 'customers', b.customers, 'fields', b.fields),
    'previous', p_previous,
    'shop', jsonb_build_object('name', s.name, 'tz', s.tz, 'locale', s.locale),
    'sequence', p_sequence,
    'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('quantity', bi.quantity, 'variant', v.title,
                                                           'product', p.title, 'location', l.name)
                                        ORDER BY bi.position, bi.id), '[]')
                FROM booking_items bi JOIN variants v ON v.id = bi.variant_id
                JOIN products p ON p.id = v.product_id LEFT JOIN locations l ON l.id = p.location_id
               WHERE bi.booking_id = b.id),
    'template', (SELECT jsonb_build_object('subject', t.subject, 'intro', t.intro)
                   FROM message_templates t
                  WHERE t.shop_id = b.shop_id AND t.kind = p_kind AND t.locale = message_language(s.locale)))
    FROM bookings b JOIN shops s ON s.id = b.shop_id
   WHERE b.id = p_booking_id
$$;

-- Migration 26's function, with the snapshot built per kind (its template) and the merchant's
-- notice written once per address: notify_email and each opted-in member of staff.
CREATE OR REPLACE FUNCTION announce_booking(p_booking_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  prev booking_notice_states%ROWTYPE;
  had_prev boolean;
  items jsonb;
  customer_kind text;
  merchant_kind text;
  customer_email text;
  previous jsonb;
  next_sequence integer;
BEGIN
  SELECT bk.*, s.notify_email INTO b FROM bookings bk JOIN shops s ON s.id = bk.shop_id WHERE bk.id = p_booking_id;
  IF NOT FOUND THEN RETURN; END IF; -- deleted in the same transaction
  SELECT coalesce(jsonb_agg(jsonb_build_array(bi.variant_id, bi.quantity) ORDER BY bi.position, bi.id), '[]')
    INTO items FROM booking_items bi WHERE bi.booking_id = p_booking_id;
  SELECT * INTO prev FROM booking_notice_states WHERE booking_id = p_booking_id FOR UPDATE;
  had_prev := FOUND;
  IF had_prev AND prev.status = b.status AND prev.starts_at = b.starts_at
     AND prev.finishes_at = b.finishes_at AND prev.items = items THEN
    RETURN; -- nothing new since the last announcement
  END IF;
  IF b.status = 'confirmed' AND (NOT had_prev OR prev.status <> 'confirmed') THEN
    customer_kind := 'customer_confirmation';
    merchant_kind := 'merchant_new';
  ELSIF b.status = 'cancelled' AND had_prev AND prev.status = 'confirmed' THEN
    customer_kind := 'customer_cancellation';
    merchant_kind := 'merchant_cancellation';
  ELSIF b.status = 'confirmed' AND items <> '[]' AND b.finishes_at > clock_timestamp() THEN
    customer_kind := 'customer_change';
  END IF;
  next_sequence := CASE WHEN NOT had_prev THEN 0 WHEN customer_kind IS NULL THEN prev.sequence ELSE prev.sequence + 1 END;
  INSERT INTO booking_notice_states AS n (booking_id, status, starts_at, finishes_at, items, sequence)
  VALUES (p_booking_id, b.status, b.starts_at, b.finishes_at, items, next_sequence)
  ON CONFLICT (booking_id) DO UPDATE
    SET status = excluded.status, starts_at = excluded.starts_at, finishes_at = excluded.finishes_at,
        items = excluded.items, sequence = excluded.sequence;
  IF customer_kind IS NULL THEN RETURN; END IF;
  previous := CASE WHEN customer_kind = 'customer_change'
                   THEN jsonb_build_object('starts_at', prev.starts_at, 'finishes_at', prev.finishes_at) END;

  SELECT c->>'email' INTO customer_email
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(b.customers) = 'array' THEN b.customers ELSE '[]' END) c
   WHERE jsonb_typeof(c) = 'object' AND coalesce(btrim(c->>'email'), '') <> '' LIMIT 1;
  IF customer_email IS NOT NULL THEN
    INSERT INTO outbox_messages (shop_id, booking_id, kind, recipient, snapshot)
    VALUES (b.shop_id, b.id, customer_kind, btrim(customer_email),
            booking_message_snapshot(b.id, customer_kind, previous, next_sequence));
  END IF;
  IF merchant_kind IS NOT NULL THEN
    INSERT INTO outbox_messages (shop_id, booking_id, kind, recipient, snapshot)
    SELECT b.shop_id, b.id, merchant_kind, r.address, booking_message_snapshot(b.id, merchant_kind, previous, next_sequence)
      FROM (SELECT DISTINCT ON (lower(a.address)) a.address
              FROM (SELECT 0 AS rank, btrim(b.notify_email) AS address
                    UNION ALL
                    SELECT 1, btrim(st.email) FROM staff st WHERE st.shop_id = b.shop_id AND st.notify_bookings) a
             WHERE coalesce(a.address, '') <> ''
             ORDER BY lower(a.address), a.rank) r;
  END IF;
END
$$;
