-- blackouts.shopper_reason: what shoppers are told about a blackout (issue 27)
--
-- A blackout's title is the merchant's own note ("Double kayak hull repairs"); it used to be
-- what the storefront showed on every closed day. The reason shown to shoppers is now its own
-- field, empty (NULL) unless the merchant writes one: the widget then says "Closed" in the
-- shopper's language. The service checks its shape (1-255 characters, no control or
-- bidirectional formatting characters) before it is stored; the CHECK bounds what any writer
-- can store.
ALTER TABLE blackouts ADD COLUMN shopper_reason text
  CHECK (shopper_reason IS NULL OR char_length(shopper_reason) BETWEEN 1 AND 255);
