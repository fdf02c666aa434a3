-- hold_items: the locked part of a hold as one server-side call
--
-- Released with a first `hold_items` that took "now" from the service process. Migration 4 drops
-- it and migration 16 holds the one definition in use, so a new database needs nothing here
-- (a database that ran this version keeps its number in schema_migrations and never runs it again).
SELECT 1;
