-- variants booked by times of day: a schedule per variant
--
-- Migration 19 (issue 28, ../shared/spec/SLOTS.md §1): a variant with a schedule is booked by
-- slots (times of day) instead of whole days; NULL keeps days. The schedule's shape is
-- src/shared/schedule.ts, checked by the service before it is stored. A slot item or booking
-- keeps its UTC instants in start_at/finish_at (all_day 0) and, in start_day/finish_day, the
-- local day its start falls on and the day after its finish's local day, so day-range queries
-- find it.
ALTER TABLE variants ADD COLUMN schedule jsonb;
CREATE INDEX reservation_items_variant_start_at ON reservation_items (variant_id, start_at);
