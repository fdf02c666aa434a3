-- Shopify: shop settings, webhook deliveries, order conflicts
--
-- Migration 8 (Shopify): each shop's Shopify settings (its myshopify domain and the app's
-- secret, which signs webhooks and app-proxy requests, so it is kept as it is, not hashed),
-- the webhook deliveries already handled (by Shopify's webhook id: Shopify retries for days),
-- and the order lines that could not be booked (a conflict the merchant can list).
CREATE TABLE shopify_shops (
  shop_id     bigint PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
  domain      text NOT NULL UNIQUE,
  api_secret  text NOT NULL
);

CREATE TABLE shopify_webhook_deliveries (
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  webhook_id   text NOT NULL,
  topic        text NOT NULL,
  result       jsonb,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, webhook_id)
);

CREATE TABLE shopify_conflicts (
  id                   bigserial PRIMARY KEY,
  shop_id              bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  order_id             bigint NOT NULL,
  order_name           text,
  line_id              bigint NOT NULL,
  external_variant_id  bigint NOT NULL,
  starts_at            timestamptz NOT NULL,
  finishes_at          timestamptz NOT NULL,
  quantity             integer NOT NULL,
  reason               text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, order_id, line_id)
);
