-- the outbox: messages written by the database in the transaction that books, changes or cancels
--
-- Migration 26 (issue 31, points 1 and 3). Whatever code path writes a booking (the API, the
-- Shopify webhooks, the admin, a script), the messages announcing it are rows of
-- `outbox_messages` written by triggers in the same transaction: committed with it, or rolled
-- back with it. The service's sender loop (src/service/messages/sender.ts) sends them.
--
-- What has been announced is kept per booking (`booking_notice_states`: the status, times and
-- items the customer last heard of). The triggers are deferred constraint triggers: they run
-- at COMMIT (or at the end of an autocommitted statement), when the booking and all its items
-- are written, and compare the booking as it is then with what was announced. A transaction
-- that inserts a booking and its items gives one confirmation, not a confirmation and a change;
-- one that moves a booking twice gives one change notice; later runs of the function in the
-- same transaction find nothing new to say.
ALTER TABLE shops ADD COLUMN notify_email text;

CREATE TABLE outbox_messages (
  id               bigserial PRIMARY KEY,
  shop_id          bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  booking_id       bigint REFERENCES bookings(id) ON DELETE SET NULL,
  kind             text NOT NULL CHECK (kind IN ('customer_confirmation', 'customer_change', 'customer_cancellation',
                                                 'merchant_new', 'merchant_cancellation')),
  recipient        text NOT NULL,
  -- the booking, its shop and items as they were at COMMIT: what the message says
  snapshot         jsonb NOT NULL,
  -- the Message-ID's unique part: a re-sent copy of one row carries the same Message-ID
  message_key      text NOT NULL DEFAULT gen_random_uuid()::text UNIQUE,
  -- pending: to send; sent; failed: gave up after the attempts allowed; unsent: no mail server
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'unsent')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_error       text,
  claimed_by       text,
  claimed_until    timestamptz,
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at) WHERE state = 'pending';
CREATE INDEX outbox_messages_shop ON outbox_messages (shop_id, id DESC);
CREATE INDEX outbox_messages_booking ON outbox_messages (booking_id);

CREATE TABLE booking_notice_states (
  booking_id   bigint PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
  status       text NOT NULL,
  starts_at    timestamptz NOT NULL,
  finishes_at  timestamptz NOT NULL,
  items        jsonb NOT NULL,
  -- the calendar event's SEQUENCE: one more for each notice to the customer
  sequence     integer NOT NULL DEFAULT 0
);

-- Bookings made before this migration count as announced: changing one later sends a change
-- notice, not a late confirmation.
INSERT INTO booking_notice_states (booking_id, status, starts_at, finishes_at, items)
SELECT b.id, b.status, b.starts_at, b.finishes_at,
       coalesce((SELECT jsonb_agg(jsonb_build_array(bi.variant_id, bi.quantity) ORDER BY bi.position, bi.id)
                   FROM booking_items bi WHERE bi.booking_id = b.id), '[]')
  FROM bookings b;

-- Compares the booking with what was announced and writes the messages that say the difference.
CREATE FUNCTION announce_booking(p_booking_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  prev booking_notice_states%ROWTYPE;
  had_prev boolean;
  items jsonb;
  customer_kind text;
  merchant_kind text;
  customer_email text;
  snapshot jsonb;
  next_sequence integer;
BEGIN
  SELECT bk.*, s.name AS shop_name, s.tz, s.locale, s.notify_email
    INTO b FROM bookings bk JOIN shops s ON s.id = bk.shop_id WHERE bk.id = p_booking_id;
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
    -- A change worth telling: not of a booking already over, nor one whose items were all
    -- deleted with their variant (the merchant tidying the catalogue).
    customer_kind := 'customer_change';
  END IF;
  next_sequence := CASE WHEN NOT had_prev THEN 0 WHEN customer_kind IS NULL THEN prev.sequence ELSE prev.sequence + 1 END;
  INSERT INTO booking_notice_states AS n (booking_id, status, starts_at, finishes_at, items, sequence)
  VALUES (p_booking_id, b.status, b.starts_at, b.finishes_at, items, next_sequence)
  ON CONFLICT (booking_id) DO UPDATE
    SET status = excluded.status, starts_at = excluded.starts_at, finishes_at = excluded.finishes_at,
        items = excluded.items, sequence = excluded.sequence;
  IF customer_kind IS NULL THEN RETURN; END IF;

  snapshot := jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'starts_at', b.starts_at,
                                  'finishes_at', b.finishes_at, 'start_day', b.start_day,
                                  'finish_day', b.finish_day, 'customers', b.customers, 'fields', b.fields),
    'previous', CASE WHEN customer_kind = 'customer_change'
                     THEN jsonb_build_object('starts_at', prev.starts_at, 'finishes_at', prev.finishes_at) END,
    'shop', jsonb_build_object('name', b.shop_name, 'tz', b.tz, 'locale', b.locale),
    'sequence', next_sequence,
    'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('quantity', bi.quantity, 'variant', v.title,
                                                           'product', p.title, 'location', l.name)
                                        ORDER BY bi.position, bi.id), '[]')
                FROM booking_items bi JOIN variants v ON v.id = bi.variant_id
                JOIN products p ON p.id = v.product_id LEFT JOIN locations l ON l.id = p.location_id
               WHERE bi.booking_id = p_booking_id));

  -- customers is an array of objects wherever the API writes it; other code's odd value must
  -- not fail the COMMIT of its booking.
  SELECT c->>'email' INTO customer_email
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(b.customers) = 'array' THEN b.customers ELSE '[]' END) c
   WHERE jsonb_typeof(c) = 'object' AND coalesce(btrim(c->>'email'), '') <> '' LIMIT 1;
  IF customer_email IS NOT NULL THEN
    INSERT INTO outbox_messages (shop_id, booking_id, kind, recipient, snapshot)
    VALUES (b.shop_id, b.id, customer_kind, btrim(customer_email), snapshot);
  END IF;
  IF merchant_kind IS NOT NULL AND coalesce(btrim(b.notify_email), '') <> '' THEN
    INSERT INTO outbox_messages (shop_id, booking_id, kind, recipient, snapshot)
    VALUES (b.shop_id, b.id, merchant_kind, btrim(b.notify_email), snapshot);
  END IF;
END
$$;

CREATE FUNCTION announce_booking_of_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_booking(NEW.id);
  RETURN NULL;
END
$$;

CREATE FUNCTION announce_booking_of_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM announce_booking(OLD.booking_id);
  ELSE PERFORM announce_booking(NEW.booking_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.booking_id <> NEW.booking_id THEN PERFORM announce_booking(OLD.booking_id); END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER bookings_announce_insert AFTER INSERT ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION announce_booking_of_booking();
CREATE CONSTRAINT TRIGGER bookings_announce_update AFTER UPDATE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
        OR OLD.finishes_at IS DISTINCT FROM NEW.finishes_at)
  EXECUTE FUNCTION announce_booking_of_booking();
CREATE CONSTRAINT TRIGGER booking_items_announce AFTER INSERT OR UPDATE OR DELETE ON booking_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION announce_booking_of_item();
