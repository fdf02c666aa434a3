-- calendar_feeds: subscribable .ics feeds of a shop's bookings (issue 31, point 5)
--
-- A feed is reached by a secret URL (`/calendars/<token>.ics`); only the token's SHA-256 is
-- stored, with its first characters (`hint`) so the merchant can tell feeds apart. A feed covers
-- the whole shop, one location or one variant; revoking it sets `revoked_at` and its URL answers
-- 404 from then on.
CREATE TABLE calendar_feeds (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  scope        text NOT NULL CHECK (scope IN ('shop', 'location', 'variant')),
  location_id  bigint REFERENCES locations(id) ON DELETE CASCADE,
  variant_id   bigint REFERENCES variants(id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  hint         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  CHECK ((scope = 'shop' AND location_id IS NULL AND variant_id IS NULL)
      OR (scope = 'location' AND location_id IS NOT NULL AND variant_id IS NULL)
      OR (scope = 'variant' AND variant_id IS NOT NULL AND location_id IS NULL))
);
CREATE INDEX calendar_feeds_shop ON calendar_feeds (shop_id, id);
