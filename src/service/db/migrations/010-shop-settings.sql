-- a change to a shop gives it a new data version (caches of its zone see it)
--
-- Migration 10 (shop settings through the API, issue 18): a change to a shop's row (its name,
-- zone or locale, by PUT /v1/shop or any other code) gives the shop a new data version
-- (migration 3's `shop_data_versions`), in the writing transaction. Every process's caches that
-- hold a shop's zone or locale (the token cache, tokens/tokens.ts) compare that version before
-- they serve, so the next request of every process sees the change.
--
-- Migration 9 (Shopify's cancelled orders, migration-9-shopify-cancelled.ts) was added after
-- this one, in the number kept for it. `migrate` applies whatever a database lacks in list
-- order, so a database that ran 10 first gets 9 afterwards; the two touch different tables.
CREATE FUNCTION bump_shop_data_version_of_shop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_data_versions (shop_id, version) VALUES (NEW.id, nextval('shop_data_version_seq'))
    ON CONFLICT (shop_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
CREATE TRIGGER shops_data_version AFTER UPDATE ON shops FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_shop_data_version_of_shop();
