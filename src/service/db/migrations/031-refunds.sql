-- A refund the merchant owes after a customer cancelled a Shopify order's booking with their
-- manage link (migration 27's `refund_due`): when the merchant marked it refunded, so the
-- admin can say so and a second mark changes nothing (POST /v1/bookings/{id}/refunded).
ALTER TABLE bookings ADD COLUMN refunded_at timestamptz;

-- The admin's list of refunds to make: few rows, found without reading the shop's bookings.
CREATE INDEX bookings_refund_due ON bookings (shop_id) WHERE refund_due;
