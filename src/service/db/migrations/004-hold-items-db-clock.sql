-- hold_items on the database clock; purge of old reservations by expires_at
--
-- Released as: drop migration 2's `hold_items` and create it again on the database's clock (its
-- signature changed: `p_expires_at` became `p_hold_minutes`). `hold_items` is migration 16's now
-- (which drops this one by its signature on a database that ran it), so this creates nothing,
-- and migration 2 no longer creates the old one on a new database: hence IF EXISTS.
DROP FUNCTION IF EXISTS hold_items(bigint, text, jsonb, timestamptz, timestamptz, boolean, bigint[], bigint[], timestamptz[],
                                   timestamptz[], date[], date[], integer[], integer[], date, date);
CREATE INDEX reservations_expires ON reservations (expires_at);
