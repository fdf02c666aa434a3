-- calendar_feeds of one resource: a guide's own calendar (issue 39 point 4)
--
-- Migration 37. A feed may cover one resource (`scope` 'resource', `resource_id`): it lists the
-- bookings whose items' resource_allocations (migration 34) take units of that resource. Deleting
-- the resource deletes its feeds, as deleting a location or variant deletes theirs.
ALTER TABLE calendar_feeds ADD COLUMN resource_id bigint REFERENCES resources(id) ON DELETE CASCADE;
ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_scope_check;
ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_check;
ALTER TABLE calendar_feeds ADD CONSTRAINT calendar_feeds_scope_check
  CHECK (scope IN ('shop', 'location', 'variant', 'resource'));
ALTER TABLE calendar_feeds ADD CONSTRAINT calendar_feeds_check
  CHECK ((scope = 'shop' AND location_id IS NULL AND variant_id IS NULL AND resource_id IS NULL)
      OR (scope = 'location' AND location_id IS NOT NULL AND variant_id IS NULL AND resource_id IS NULL)
      OR (scope = 'variant' AND variant_id IS NOT NULL AND location_id IS NULL AND resource_id IS NULL)
      OR (scope = 'resource' AND resource_id IS NOT NULL AND location_id IS NULL AND variant_id IS NULL));
