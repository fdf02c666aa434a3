/**
 * The schema, as numbered migrations. A migration is never edited once released: a change is a
 * new migration. PostgreSQL's dialect only, so PGlite and a PostgreSQL server run the same SQL.
 *
 * Days are the shop's local days: an item stores both the UTC instants (`start_at`, `finish_at`,
 * what the API shows) and the local days (`start_day`, `finish_day`, exclusive), so capacity per
 * day is computed without zone arithmetic in SQL.
 * @module
 */
import { HOLD_FUNCTION_SQL } from './hold-function.ts';
import { HOLD_FUNCTION_DB_CLOCK_SQL } from './hold-function-db-clock.ts';
import { MERCHANT_API_SQL } from './migration-6-merchant-api.ts';
import { ADMIN_SQL } from './migration-7-admin.ts';
import { SHOPIFY_SQL } from './migration-8-shopify.ts';
import { SHOPIFY_CANCELLED_SQL } from './migration-9-shopify-cancelled.ts';
import { SHOP_SETTINGS_SQL } from './migration-10-shop-settings.ts';
import { HOLD_PRICING_SQL } from './migration-13-hold-pricing.ts';
import { SHOPIFY_PREVIOUS_SECRET_SQL } from './migration-14-shopify-previous-secret.ts';
import { SHOPIFY_BOOK_ON_SQL } from './migration-15-shopify-book-on.ts';

/** One step of the schema. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'shops, catalogue, widgets, blackouts, holds and bookings',
    sql: `
CREATE TABLE shops (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  tz          text NOT NULL,
  locale      text NOT NULL DEFAULT 'en',
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of each token is stored; lookup is the hash's first 16 hex digits, and the full
-- hash is then compared in constant time.
CREATE TABLE tokens (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('secret', 'publishable')),
  lookup      text NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  origins     text[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tokens_lookup ON tokens (lookup);

CREATE TABLE locations (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  name        text NOT NULL,
  UNIQUE (shop_id, name)
);

CREATE TABLE products (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  external_id  bigint NOT NULL,
  title        text NOT NULL,
  vendor       text,
  location_id  bigint REFERENCES locations(id) ON DELETE SET NULL,
  UNIQUE (shop_id, external_id)
);

CREATE TABLE variants (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  product_id   bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  external_id  bigint NOT NULL,
  title        text NOT NULL,
  capacity     integer NOT NULL CHECK (capacity >= 0),
  UNIQUE (shop_id, external_id)
);
CREATE INDEX variants_product ON variants (product_id);

CREATE TABLE widgets (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  title       text NOT NULL,
  type        text NOT NULL CHECK (type IN ('date', 'range')),
  locale      text,
  settings    jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, title)
);

CREATE TABLE widget_products (
  widget_id   bigint NOT NULL REFERENCES widgets(id) ON DELETE CASCADE,
  product_id  bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (widget_id, product_id)
);
CREATE INDEX widget_products_product ON widget_products (product_id);

-- A blackout targets the whole shop (no target), a location, a product or a variant; it applies
-- to a variant when every target it names matches that variant.
CREATE TABLE blackouts (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  title        text,
  starts_at    timestamptz NOT NULL,
  finishes_at  timestamptz NOT NULL,
  all_day      smallint NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
  scope        text NOT NULL DEFAULT 'overlap' CHECK (scope IN ('overlap', 'start')),
  product_id   bigint REFERENCES products(id) ON DELETE CASCADE,
  variant_id   bigint REFERENCES variants(id) ON DELETE CASCADE,
  location_id  bigint REFERENCES locations(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (finishes_at > starts_at)
);
CREATE INDEX blackouts_shop_start ON blackouts (shop_id, starts_at);

CREATE TABLE reservations (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  cart_token  text NOT NULL,
  guests      jsonb NOT NULL DEFAULT '[]',
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  UNIQUE (shop_id, cart_token)
);
CREATE INDEX reservations_shop_created ON reservations (shop_id, created_at DESC, id DESC);

CREATE TABLE reservation_items (
  id              bigserial PRIMARY KEY,
  reservation_id  bigint NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  variant_id      bigint NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  start_at        timestamptz NOT NULL,
  finish_at       timestamptz NOT NULL,
  start_day       date NOT NULL,
  finish_day      date NOT NULL,
  quantity        integer NOT NULL CHECK (quantity > 0),
  all_day         smallint NOT NULL DEFAULT 1 CHECK (all_day IN (0, 1)),
  position        integer NOT NULL DEFAULT 0,
  CHECK (finish_day > start_day)
);
CREATE INDEX reservation_items_variant ON reservation_items (variant_id, start_day);
CREATE INDEX reservation_items_reservation ON reservation_items (reservation_id);

CREATE TABLE bookings (
  id                  bigserial PRIMARY KEY,
  shop_id             bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  status              text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  starts_at           timestamptz NOT NULL,
  finishes_at         timestamptz NOT NULL,
  start_day           date NOT NULL,
  finish_day          date NOT NULL,
  customers           jsonb NOT NULL DEFAULT '[]',
  fields              jsonb NOT NULL DEFAULT '[]',
  tags                jsonb NOT NULL DEFAULT '[]',
  create_draft_order  boolean NOT NULL DEFAULT false,
  idempotency_key     text,
  request_hash        text,
  created_at          timestamptz NOT NULL,
  CHECK (finishes_at > starts_at),
  UNIQUE (shop_id, idempotency_key)
);

CREATE TABLE booking_items (
  id           bigserial PRIMARY KEY,
  booking_id   bigint NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  variant_id   bigint NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  resource_id  text,
  quantity     integer NOT NULL CHECK (quantity > 0),
  position     integer NOT NULL DEFAULT 0
);
CREATE INDEX booking_items_variant ON booking_items (variant_id);
CREATE INDEX booking_items_booking ON booking_items (booking_id);
`,
  },
  {
    version: 2,
    name: 'hold_items: the locked part of a hold as one server-side call',
    sql: HOLD_FUNCTION_SQL,
  },
  {
    version: 3,
    name: 'rate_limits (buckets shared by every process) and shop_data_versions (what cached lists check)',
    // rate_limits is UNLOGGED: no write-ahead log, so the upserts commit cheaply; a crash
    // empties it, which only forgives the requests counted so far.
    // shop_data_versions: every write to a shop's blackouts, products, variants or locations,
    // by any code, gives the shop a new version (from a sequence no TRUNCATE restarts), in the
    // writing transaction; a process's cached blackout list is served only while it is current.
    sql: `
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
`,
  },
  {
    version: 4,
    name: 'hold_items on the database clock; purge of old reservations by expires_at',
    sql: `${HOLD_FUNCTION_DB_CLOCK_SQL};
CREATE INDEX reservations_expires ON reservations (expires_at);`,
  },
  {
    version: 6,
    name: 'token hints and labels (the merchant API)',
    sql: MERCHANT_API_SQL,
  },
  {
    version: 7,
    name: 'admin sessions and one-time sign-in links',
    sql: ADMIN_SQL,
  },
  {
    version: 8,
    name: 'Shopify: shop settings, webhook deliveries, order conflicts',
    sql: SHOPIFY_SQL,
  },
  {
    version: 9,
    name: 'Shopify: cancelled orders (a cancellation may arrive before the order)',
    sql: SHOPIFY_CANCELLED_SQL,
  },
  {
    version: 10,
    name: 'a change to a shop gives it a new data version (caches of its zone see it)',
    sql: SHOP_SETTINGS_SQL,
  },
  {
    version: 11,
    name: "holds found by their cart's bare token (Shopify's webhooks name the cart without ?key=)",
    // carts/update and orders/create match `split_part(cart_token, '?', 1)`: without this index
    // each delivery read every reservation of the shop.
    sql: `CREATE INDEX reservations_bare_cart ON reservations (shop_id, split_part(cart_token, '?', 1));`,
  },
  {
    version: 12,
    name: "a revoked token is refused at once by every process: a change to a token moves its shop's data version",
    // The token cache (tokens/tokens.ts) serves a remembered token only while its shop's data
    // version stands, so revoking (DELETE) or changing its origins (UPDATE) reaches every
    // process at its next request, with no read more than it makes already.
    sql: `CREATE TRIGGER tokens_data_version AFTER UPDATE OR DELETE ON tokens FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();`,
  },
  {
    version: 13,
    name: 'a hold records its pricing and the quantity its cart line must carry; a Shopify conflict what was held and paid',
    sql: HOLD_PRICING_SQL,
  },
  {
    version: 14,
    name: "Shopify: the app's previous client secret, accepted for a bounded time after a change",
    sql: SHOPIFY_PREVIOUS_SECRET_SQL,
  },
  {
    version: 15,
    name: 'Shopify: bookings made on orders/create (default) or on orders/paid, as the shop chooses',
    sql: SHOPIFY_BOOK_ON_SQL,
  },
];
