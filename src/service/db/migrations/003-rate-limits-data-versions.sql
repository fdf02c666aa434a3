-- rate_limits (buckets shared by every process) and shop_data_versions (what cached lists check)
--
-- rate_limits is UNLOGGED: no write-ahead log, so the upserts commit cheaply; a crash
-- empties it, which only forgives the requests counted so far.
-- shop_data_versions: every write to a shop's blackouts, products, variants or locations,
-- by any code, gives the shop a new version (from a sequence no TRUNCATE restarts), in the
-- writing transaction; a process's cached blackout list is served only while it is current.
CREATE UNLOGGED TABLE rate_limits (
  key    text PRIMARY KEY,
  tat    double precision NOT NULL,
  spent  double precision NOT NULL DEFAULT 0
);
CREATE SEQUENCE shop_data_version_seq;
CREATE TABLE shop_data_versions (
  shop_id  bigint PRIMARY KEY,
  version  bigint NOT NULL
);
CREATE FUNCTION bump_shop_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN shop := OLD.shop_id; ELSE shop := NEW.shop_id; END IF;
  INSERT INTO shop_data_versions (shop_id, version) VALUES (shop, nextval('shop_data_version_seq'))
    ON CONFLICT (shop_id) DO UPDATE SET version = excluded.version;
  IF TG_OP = 'UPDATE' AND OLD.shop_id <> NEW.shop_id THEN
    INSERT INTO shop_data_versions (shop_id, version) VALUES (OLD.shop_id, nextval('shop_data_version_seq'))
      ON CONFLICT (shop_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER blackouts_data_version AFTER INSERT OR UPDATE OR DELETE ON blackouts FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();
CREATE TRIGGER products_data_version AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();
CREATE TRIGGER variants_data_version AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();
CREATE TRIGGER locations_data_version AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();
