-- shops, catalogue, widgets, blackouts, holds and bookings
--
-- Days are the shop's local days: an item stores both the UTC instants (`start_at`, `finish_at`,
-- what the API shows) and the local days (`start_day`, `finish_day`, exclusive), so capacity per
-- day is computed without zone arithmetic in SQL.
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
