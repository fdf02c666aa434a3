-- The customer's manage link (issue 31 point 4): a signed, expiring link in every customer
-- message opens a page where the customer sees the booking and may cancel it until the shop's
-- cut-off.

-- Secrets the service makes for itself when the operator sets none (MANAGE_LINK_SECRET): the
-- key the links are signed with is made on first use (src/service/manage/secret-queries.ts),
-- so `npm start` works with no setup and every process of one database signs alike.
CREATE TABLE service_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);

-- Hours before a booking starts after which its customer can no longer cancel it online;
-- null: customers cannot cancel online at all.
ALTER TABLE shops ADD COLUMN cancel_cutoff_hours integer
  CHECK (cancel_cutoff_hours BETWEEN 0 AND 720);

-- A cancellation by the customer through the link: when, and, for a booking of a Shopify
-- order, that the merchant is to refund the order.
ALTER TABLE bookings ADD COLUMN cancelled_by_customer_at timestamptz;
ALTER TABLE bookings ADD COLUMN refund_due boolean NOT NULL DEFAULT false;

-- The audit log names the customer (manage link) as who cancelled.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
  CHECK (actor_kind IN ('staff', 'token', 'shopify', 'cart', 'customer'));

-- The merchant's cancellation notice of a booking whose order is to be refunded names the
-- order: the snapshot (migration 26) gets `booking.refund_order` (the order's name, or '').
CREATE FUNCTION note_refund_in_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_name text;
BEGIN
  IF NEW.kind <> 'merchant_cancellation' THEN RETURN NEW; END IF;
  IF NOT EXISTS (SELECT 1 FROM bookings WHERE id = NEW.booking_id AND refund_due) THEN RETURN NEW; END IF;
  SELECT f->>'value' INTO order_name
    FROM bookings b, jsonb_array_elements(CASE WHEN jsonb_typeof(b.fields) = 'array' THEN b.fields ELSE '[]' END) f
   WHERE b.id = NEW.booking_id AND jsonb_typeof(f) = 'object' AND f->>'name' = 'Shopify order' LIMIT 1;
  NEW.snapshot := jsonb_set(NEW.snapshot, '{booking,refund_order}', to_jsonb(coalesce(order_name, '')));
  RETURN NEW;
END
$$;
CREATE TRIGGER outbox_messages_note_refund BEFORE INSERT ON outbox_messages
  FOR EACH ROW EXECUTE FUNCTION note_refund_in_notice();
