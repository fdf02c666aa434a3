-- resources, the requirements variants draw on them by, and the units each hold or booking takes
--
-- Migration 34 (issue 39, ../shared/spec/RESOURCES.md). A resource is a person or thing a shop
-- shares between products: a guide, a boat's seats, a fleet of kayaks. `units` is how many can be
-- in use at once; `hours` (SLOTS.md's weekly form, in the shop's zone) when it can be used at all.
-- A variant draws on resources through requirements: a pool of interchangeable resources, the
-- units taken (`uses`) and what they are taken per (each unit, each booking, or once per
-- departure of the product). The variant's own capacity still applies on top.
--
-- What each hold item and booking item took is a row of resource_allocations: the resource
-- assigned, the units and the instants, widened by the variant's buffers. Days and times of day
-- are both stored as instants, so a day hire and the 13:00 tour of one boat count against each
-- other. Rows that share their units carry one `share_key`, counted once (resource_units_in_use
-- takes its largest units): `per: slot`, the departure ('slot:<product>:<start>:<finish>'),
-- shared by every booking of it; `per: booking`, the hold or booking's group posted together
-- ('hold:<reservation>:…', 'booking:<booking>:…'), such as the ticket types of one post. The functions that count and grant are migration 35's.
CREATE TABLE resources (
  id                bigserial PRIMARY KEY,
  shop_id           bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  kind              text NOT NULL DEFAULT 'other' CHECK (kind IN ('staff', 'equipment', 'room', 'vehicle', 'other')),
  units             integer NOT NULL CHECK (units BETWEEN 1 AND 100000),
  hours             jsonb,
  location_id       bigint REFERENCES locations(id) ON DELETE SET NULL,
  staff_account_id  bigint REFERENCES staff(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, name)
);
CREATE TRIGGER resources_data_version AFTER INSERT OR UPDATE OR DELETE ON resources
  FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();

-- A variant's requirements, in the order the merchant wrote them (`position`).
CREATE TABLE variant_requirements (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  variant_id  bigint NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  position    integer NOT NULL,
  uses        integer NOT NULL DEFAULT 1 CHECK (uses >= 1),
  per         text NOT NULL DEFAULT 'unit' CHECK (per IN ('unit', 'booking', 'slot')),
  choice      text NOT NULL DEFAULT 'any' CHECK (choice IN ('any', 'shopper')),
  UNIQUE (variant_id, position)
);
CREATE TRIGGER variant_requirements_data_version AFTER INSERT OR UPDATE OR DELETE ON variant_requirements
  FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();

-- The pool of a requirement. RESTRICT: a resource a variant requires cannot be deleted (the API
-- answers 409 naming the variants first).
CREATE TABLE requirement_resources (
  requirement_id  bigint NOT NULL REFERENCES variant_requirements(id) ON DELETE CASCADE,
  resource_id     bigint NOT NULL REFERENCES resources(id) ON DELETE RESTRICT,
  PRIMARY KEY (requirement_id, resource_id)
);
CREATE INDEX requirement_resources_resource ON requirement_resources (resource_id);

-- The units a live hold item or booking item takes of one resource. Exactly one of the two
-- items; their reservation's expiry and their booking's status say whether the row counts.
CREATE TABLE resource_allocations (
  id                   bigserial PRIMARY KEY,
  resource_id          bigint NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  requirement_id       bigint REFERENCES variant_requirements(id) ON DELETE SET NULL,
  reservation_item_id  bigint REFERENCES reservation_items(id) ON DELETE CASCADE,
  booking_item_id      bigint REFERENCES booking_items(id) ON DELETE CASCADE,
  start_at             timestamptz NOT NULL,
  finish_at            timestamptz NOT NULL,
  units                integer NOT NULL CHECK (units > 0),
  share_key            text,
  CHECK ((reservation_item_id IS NULL) <> (booking_item_id IS NULL)),
  CHECK (finish_at > start_at)
);
-- Finish, not start: the rows still ahead of a period are few; those before it grow forever.
CREATE INDEX resource_allocations_resource ON resource_allocations (resource_id, finish_at);
CREATE INDEX resource_allocations_reservation_item ON resource_allocations (reservation_item_id);
CREATE INDEX resource_allocations_booking_item ON resource_allocations (booking_item_id);

-- "Anna on leave", Anna's own calendar: a blackout or an import scoped to a resource closes
-- every booking that would need it (and nothing else).
ALTER TABLE blackouts ADD COLUMN resource_id bigint REFERENCES resources(id) ON DELETE CASCADE;
ALTER TABLE calendar_imports ADD COLUMN resource_id bigint REFERENCES resources(id) ON DELETE CASCADE;
-- A resource's blackout names the resource alone: it closes what needs the resource, not a
-- product or a place (appliesToVariantSql leaves it out; the pools leave the resource out).
ALTER TABLE blackouts ADD CONSTRAINT blackouts_resource_alone
  CHECK (resource_id IS NULL OR (product_id IS NULL AND variant_id IS NULL AND location_id IS NULL));
