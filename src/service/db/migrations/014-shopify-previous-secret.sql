-- Shopify: the app's previous client secret, accepted for a bounded time after a change
--
-- Migration 14 (issue 25): a shop keeps the Shopify app's previous client secret for a bounded
-- time after it changes. Shopify goes on signing webhooks and app-proxy requests with the old
-- secret for a while after a rotation; were it refused at once, the storefront's widget (served
-- through the app proxy) and the order webhooks would fail until Shopify caught up.
-- `previous_secret_expires_at` is stamped from the database's clock when the secret changes
-- (shops/shopify-settings-queries.ts) and compared with it when a request is checked
-- (shopify/queries.ts), so every process agrees on when the old secret stops working.
ALTER TABLE shopify_shops
  ADD COLUMN previous_api_secret text,
  ADD COLUMN previous_secret_expires_at timestamptz,
  ADD CONSTRAINT shopify_shops_previous_secret_whole CHECK ((previous_api_secret IS NULL) = (previous_secret_expires_at IS NULL));
