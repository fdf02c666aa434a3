-- holds found by their cart's bare token (Shopify's webhooks name the cart without ?key=)
--
-- carts/update and orders/create match `split_part(cart_token, '?', 1)`: without this index
-- each delivery read every reservation of the shop.
CREATE INDEX reservations_bare_cart ON reservations (shop_id, split_part(cart_token, '?', 1));
