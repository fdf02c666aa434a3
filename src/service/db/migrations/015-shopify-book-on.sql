-- Shopify: bookings made on orders/create (default) or on orders/paid, as the shop chooses
--
-- Migration 15 (issue 25): which Shopify order topic makes a shop's bookings. `orders/create`
-- (the default, as before) books while the hold still stands, when the order is placed;
-- `orders/paid` books when Shopify says the order is paid, for shops that capture payment later
-- or subscribe only that topic. The other topic is acknowledged and ignored.
ALTER TABLE shopify_shops
  ADD COLUMN book_on text NOT NULL DEFAULT 'orders/create' CHECK (book_on IN ('orders/create', 'orders/paid'));
