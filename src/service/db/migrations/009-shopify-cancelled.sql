-- Shopify: cancelled orders (a cancellation may arrive before the order)
--
-- Migration 9 (Shopify): the orders a shop's `orders/cancelled` webhook named. Shopify does
-- not deliver webhooks in order, so a cancellation may arrive before the order's creation:
-- the creation must then find the order cancelled and book nothing.
CREATE TABLE shopify_cancelled_orders (
  shop_id       bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  order_id      bigint NOT NULL,
  cancelled_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, order_id)
);
